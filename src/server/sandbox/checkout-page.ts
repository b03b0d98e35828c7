/**
 * The sandbox checkout page: line items, coupon, total, Pay and Cancel. Pay applies the purchase in
 * one transaction and redirects to /dashboard/billing/success; Cancel returns to where the buyer
 * came from.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PLAN_NAMES } from '../../shared/plans.js';
import { logSandboxPayment } from '../billing/sandbox.js';
import { completeCheckout } from '../domain/billing/paid-checkout.js';
import { page } from '../http/html.js';
import { html } from '../security/html-escaping.js';
import { sessionUser } from '../http/session-user.js';
import type { Services } from '../services.js';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function registerCheckoutPage(app: FastifyInstance, services: Services) {
  const { repos, config } = services;

  function notice(reply: FastifyReply, status: number, title: string, text: string) {
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(
        page(
          title,
          html`<h1>${title}</h1>
            <p>${text}</p>
            <p><a href="/dashboard/billing">Back to billing</a></p>`,
        ),
      );
  }

  async function ownSession(request: FastifyRequest, id: string) {
    const user = await sessionUser(repos.sessions, request);
    if (!user) return { user: undefined, session: undefined };
    return { user, session: await repos.billing.findCheckoutOf(user.id, id) };
  }

  app.get<{ Params: { id: string } }>('/sandbox/checkout/:id', async (request, reply) => {
    const { user, session } = await ownSession(request, request.params.id);
    if (!user)
      return notice(
        reply,
        401,
        'Please log in',
        'Log in to the account that started this checkout, then reload this page.',
      );
    if (!session) return notice(reply, 404, 'Checkout not found', 'This checkout session does not exist.');
    if (session.status === 'paid') return reply.redirect('/dashboard/billing/success', 303);
    if (session.status !== 'open')
      return notice(reply, 410, 'Checkout cancelled', 'This checkout was cancelled.');

    const body = html`<h1>Checkout</h1>
      <p class="muted">Paying as ${user.email}. This sandbox charges nothing.</p>
      <table>
        <thead>
          <tr>
            <th>Item</th>
            <th>Unit price</th>
            <th>Qty</th>
            <th>Amount</th>
          </tr>
        </thead>
        <tbody>
          ${session.line_items.map(
            (item) =>
              html`<tr>
                <td>${item.description}</td>
                <td>${money(item.unit_amount)}</td>
                <td>${item.quantity}</td>
                <td>${money(item.unit_amount * item.quantity)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <p>Subtotal: ${money(session.amount_subtotal)}</p>
      ${session.coupon_code ? html`<p>Coupon ${session.coupon_code}: −${money(session.amount_discount)}</p>` : ''}
      <p class="total">Total due today: ${money(session.amount_total)}</p>
      <p class="muted">Payment method: Visa .... 4242 (sandbox card)</p>
      <div class="row">
        <form method="post" action="/sandbox/checkout/${session.id}/pay">
          <button type="submit">Pay ${money(session.amount_total)}</button>
        </form>
        <form method="post" action="/sandbox/checkout/${session.id}/cancel">
          <button type="submit" class="secondary">Cancel</button>
        </form>
      </div>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page('Checkout', body));
  });

  app.post<{ Params: { id: string } }>('/sandbox/checkout/:id/pay', async (request, reply) => {
    const { user, session } = await ownSession(request, request.params.id);
    if (!user)
      return notice(reply, 401, 'Please log in', 'Log in to the account that started this checkout.');
    if (!session) return notice(reply, 404, 'Checkout not found', 'This checkout session does not exist.');
    if (session.status === 'canceled')
      return notice(reply, 410, 'Checkout cancelled', 'This checkout was cancelled.');
    await completeCheckout({ ...services, log: request.log }, session.id, { ip: request.ip });
    logSandboxPayment(request.log, config, {
      userId: user.id,
      checkoutId: session.id,
      what: `checkout (${session.product ?? 'seats'}; ${session.standard_seats} ${PLAN_NAMES.standard} and ${session.pro_seats} ${PLAN_NAMES.pro} seats)`,
    });
    return reply.redirect('/dashboard/billing/success', 303);
  });

  app.post<{ Params: { id: string } }>('/sandbox/checkout/:id/cancel', async (request, reply) => {
    const { user, session } = await ownSession(request, request.params.id);
    if (!user)
      return notice(reply, 401, 'Please log in', 'Log in to the account that started this checkout.');
    if (!session) return notice(reply, 404, 'Checkout not found', 'This checkout session does not exist.');
    await repos.billing.cancelCheckout(session.id);
    return reply.redirect(session.cancel_url ?? `${config.publicUrl}/dashboard/billing`, 303);
  });
}
