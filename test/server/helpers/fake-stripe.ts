/**
 * A fake of the part of Stripe's HTTP API the adapter uses (subscriptions: retrieve, update, cancel;
 * checkout sessions: create), on a local port, so the Stripe adapter is tested without a network. It
 * keeps its subscriptions in memory and records every request, and the tests inspect both.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from './node-test.js';
import Stripe from 'stripe';
import { startTestApp, type TestApp } from './app.js';

export interface FakeItem {
  id: string;
  price: string;
  quantity: number;
}

export interface FakeSubscription {
  id: string;
  status: string;
  items: FakeItem[];
}

export interface FakeRequest {
  method: string;
  path: string;
  params: URLSearchParams;
}

export interface FakeStripe {
  client: Stripe;
  subscriptions: Map<string, FakeSubscription>;
  requests: FakeRequest[];
  /** Answer the next update with this status code (a declined payment: 402). */
  failNextUpdate(status: number): void;
  /** While on, every request's connection is cut without an answer (Stripe unreachable). */
  setUnreachable(on: boolean): void;
  close(): Promise<void>;
}

let nextId = 1;

function asStripe(subscription: FakeSubscription) {
  return {
    id: subscription.id,
    object: 'subscription',
    status: subscription.status,
    items: {
      object: 'list',
      data: subscription.items.map((item) => ({
        id: item.id,
        object: 'subscription_item',
        price: { id: item.price, object: 'price' },
        quantity: item.quantity,
        current_period_end: 1_900_000_000,
      })),
    },
  };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const subscriptions = new Map<string, FakeSubscription>();
  const requests: FakeRequest[] = [];
  let failUpdateWith: number | undefined;
  let unreachable = false;

  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      // Stripe's client sends the parameters of GET and DELETE in the query string, others in the body.
      const params = new URLSearchParams(req.method === 'GET' || req.method === 'DELETE' ? url.search : body);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, params });
      if (unreachable) return req.socket.destroy();
      const send = (status: number, answer: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      };
      const missing = () =>
        send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' },
        });

      if (url.pathname === '/v1/checkout/sessions' && req.method === 'POST') {
        const id = `cs_fake_${nextId++}`;
        return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}` });
      }
      const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      const subscription = match ? subscriptions.get(decodeURIComponent(match[1]!)) : undefined;
      if (!match) return send(404, { error: { type: 'invalid_request_error', message: 'Unknown path' } });
      if (!subscription) return missing();
      if (req.method === 'GET') return send(200, asStripe(subscription));
      if (req.method === 'DELETE') {
        subscription.status = 'canceled';
        return send(200, asStripe(subscription));
      }
      if (failUpdateWith !== undefined) {
        const status = failUpdateWith;
        failUpdateWith = undefined;
        return send(status, { error: { type: 'card_error', code: 'card_declined', message: 'Declined' } });
      }
      for (let i = 0; params.has(`items[${i}][id]`) || params.has(`items[${i}][price]`); i += 1) {
        const id = params.get(`items[${i}][id]`);
        const quantity = Number(params.get(`items[${i}][quantity]`) ?? 1);
        if (id) {
          const item = subscription.items.find((candidate) => candidate.id === id);
          if (!item) return send(400, { error: { type: 'invalid_request_error', message: 'No such item' } });
          if (params.get(`items[${i}][deleted]`) === 'true')
            subscription.items.splice(subscription.items.indexOf(item), 1);
          else item.quantity = quantity;
        } else {
          subscription.items.push({
            id: `si_fake_${nextId++}`,
            price: params.get(`items[${i}][price]`)!,
            quantity,
          });
        }
      }
      return send(200, asStripe(subscription));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    client: new Stripe('sk_test_fake', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }),
    subscriptions,
    requests,
    failNextUpdate(status) {
      failUpdateWith = status;
    },
    setUnreachable(on) {
      unreachable = on;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * For the suite that calls it: a fake Stripe server and a test app whose Stripe adapter talks to it
 * (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set); both are there once the suite's hooks ran.
 */
export function useStripeTestApp(webhookSecret: string): { readonly s: TestApp; readonly fake: FakeStripe } {
  let s: TestApp | undefined;
  let fake: FakeStripe | undefined;
  before(async () => {
    fake = await startFakeStripe();
    s = await startTestApp(
      { STRIPE_SECRET_KEY: 'sk_test_dummy', STRIPE_WEBHOOK_SECRET: webhookSecret },
      { stripe: fake.client },
    );
  });
  after(async () => {
    await s?.close();
    await fake?.close();
  });
  return {
    get s() {
      assert.ok(s, 'the Stripe test app is read before its suite started it');
      return s;
    },
    get fake() {
      assert.ok(fake, 'the fake Stripe is read before its suite started it');
      return fake;
    },
  };
}

/** Our id of the newest checkout opened at the fake Stripe (the metadata the adapter sends with it). */
export function lastCheckoutId(fake: FakeStripe): string {
  const create = fake.requests.filter((call) => call.path === '/v1/checkout/sessions').at(-1);
  const id = create?.params.get('metadata[checkout_id]');
  if (!id) throw new Error('no checkout was opened at the fake Stripe');
  return id;
}

/** The JSON of a checkout.session.completed event of a paid checkout, as Stripe's webhook delivers it. */
export function checkoutCompletedEvent(event: {
  id: string;
  checkoutId: string;
  subscription: string | null;
  customer: string;
  /** A delayed payment method: completed unpaid, then async_payment_succeeded once the money came. */
  type?: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded';
  paymentStatus?: 'paid' | 'unpaid';
}): string {
  return JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type ?? 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_${event.id}`,
        object: 'checkout.session',
        metadata: { checkout_id: event.checkoutId },
        payment_status: event.paymentStatus ?? 'paid',
        subscription: event.subscription,
        customer: event.customer,
      },
    },
  });
}
