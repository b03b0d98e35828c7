/**
 * The sandbox billing portal: current plan, change plan, cancel, update payment method. Changes
 * apply at once, through the same code as a paid checkout, so the rules are the same. In the visitor's
 * language (http/page-i18n.ts), money and dates written its way.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordCheckout } from '../billing/checkout-record.js';
import { logSandboxPayment } from '../billing/sandbox.js';
import { cancelPlanEverywhere } from '../domain/billing/cancel-plan.js';
import { completeCheckout } from '../domain/billing/paid-checkout.js';
import { reduceSeats } from '../domain/billing/seat-reduction.js';
import { lineItem, planOfPrice, priceOf } from '../domain/billing/quote.js';
import type { User } from '../db/schema.js';
import { planKeyOf, planName } from '../../shared/plans.js';
import { requireBillingManager } from '../domain/authorization.js';
import { renewBillingPeriod } from '../domain/credits.js';
import { DomainError, invalid } from '../domain/errors.js';
import { answerOf } from '../http/errors.js';
import { page } from '../http/html.js';
import { pageLanguage, type PageText } from '../http/page-i18n.js';
import { html } from '../security/html-escaping.js';
import { safeRedirectUrl } from '../http/redirects.js';
import { sessionUser } from '../http/session-user.js';
import type { Services } from '../services.js';
import { intervalWord, planWord, statusWord } from './billing-words.js';
import { message } from '../../contract/messages.js';

const PAYMENT_METHODS = ['Visa .... 4242', 'Mastercard .... 4444', 'Amex .... 8431'];

export function registerPortalPage(app: FastifyInstance, services: Services) {
  const { repos, config } = services;
  const PORTAL = '/sandbox/billing/portal';

  function signInFirst(request: FastifyRequest, reply: FastifyReply) {
    const { locale, t } = pageLanguage(request);
    return reply
      .status(401)
      .type('text/html; charset=utf-8')
      .send(
        page(
          t('Billing portal'),
          html`<h1>${t('Billing portal')}</h1>
            <p>${t('Please log in first.')} <a href="/login">${t('Log in')}</a></p>`,
          { locale },
        ),
      );
  }

  /**
   * The account billed for the signed-in user (themself, or the billing admin for a billing manager), by
   * the same rule as the API (requireBillingManager); otherwise answers 401 or 403 and returns undefined.
   */
  /**
   * Who pays (the billing admin) and who acts (the signed-in user: they, or a billing manager for them,
   * whom the audit log names), or undefined once the page said why not.
   */
  async function billingAdmin(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ payer: User; caller: User } | undefined> {
    const user = await sessionUser(services, request);
    if (!user) {
      signInFirst(request, reply);
      return undefined;
    }
    try {
      return { payer: await requireBillingManager(repos, user), caller: user };
    } catch (error) {
      refused(request, reply, error, { href: '/dashboard/billing', text: (t) => t('Back to billing') });
      return undefined;
    }
  }

  /** A refusal (a domain error) as a page with its message and a way back; anything else is rethrown. */
  function refused(
    request: FastifyRequest,
    reply: FastifyReply,
    error: unknown,
    back: { href: string; text: (t: PageText) => string },
  ) {
    if (!(error instanceof DomainError)) throw error;
    const { locale, t } = pageLanguage(request);
    return reply
      .status(answerOf(error).status)
      .type('text/html; charset=utf-8')
      .send(
        page(
          t('Billing portal'),
          html`<h1>${t('Billing portal')}</h1>
            <p role="alert">${error.message}</p>
            <p><a href="${back.href}">${back.text(t)}</a></p>`,
          { locale },
        ),
      );
  }

  app.get<{ Querystring: { return_url?: string; done?: string } }>(PORTAL, async (request, reply) => {
    const who = await billingAdmin(request, reply);
    if (!who) return reply;
    const { payer: user } = who;
    const plans = await repos.catalogue.plans();
    const returnUrl =
      safeRedirectUrl(config, request.query.return_url) ?? `${config.publicUrl}/dashboard/billing`;
    const current = planKeyOf(user.stripe_product);
    const org =
      user.organization_id === null ? undefined : await repos.organizations.findById(user.organization_id);
    const choices = ['standard', 'pro'].flatMap((slug) =>
      (['monthly', 'yearly'] as const).map((interval) => ({ plan: plans.get(slug)!, interval })),
    );
    const { locale, t, formats } = pageLanguage(request);
    const hidden = html`<input type="hidden" name="return_url" value="${returnUrl}" />`;
    const body = html`<h1>${t('Billing portal')}</h1>
      ${request.query.done ? html`<p><b>${t('Saved.')}</b></p>` : ''}
      <table>
        <tr>
          <th>${t('Plan')}</th>
          <td>${planWord(t, planName(current))}</td>
        </tr>
        <tr>
          <th>${t('Status')}</th>
          <td>${statusWord(t, user.stripe_status)}</td>
        </tr>
        <tr>
          <th>${t('Billing period')}</th>
          <td>${user.stripe_interval ? intervalWord(t, user.stripe_interval) : '—'}</td>
        </tr>
        <tr>
          <th>${t('Next payment')}</th>
          <td>${user.next_payment_date ? formats.date(user.next_payment_date) : t('Not available')}</td>
        </tr>
        <tr>
          <th>${t('Payment method')}</th>
          <td>${user.payment_method ?? t('None')}</td>
        </tr>
      </table>
      <h2>${t('Change plan')}</h2>
      <div class="row">
        ${choices.map(({ plan, interval }) => {
          const { priceId, amount } = priceOf(plan, interval);
          const isCurrent =
            current === plan.slug && user.stripe_interval === interval && user.stripe_status === 'active';
          return html`<form method="post" action="${PORTAL}/change">
            ${hidden}<input type="hidden" name="price_id" value="${priceId}" />
            <button type="submit" ${isCurrent ? html`disabled` : ''}>
              ${t('{plan} {period} ({amount})', {
                plan: planWord(t, plan.name),
                period: intervalWord(t, interval),
                amount: formats.money(amount),
              })}${isCurrent ? ` · ${t('Current')}` : ''}
            </button>
          </form>`;
        })}
      </div>
      ${
        org?.subscription_id
          ? html`<h2>${t('Seats')}</h2>
              <p class="muted">
                ${t(
                  'Fewer seats take effect at once, without a refund for this period. To add seats, use Buy seats on the billing page.',
                )}
              </p>
              <form method="post" action="${PORTAL}/seats" class="row">
                ${hidden}
                <label
                  >${t('{plan} seats', { plan: planWord(t, 'Standard') })}
                  <input
                    type="number"
                    name="standard"
                    min="0"
                    max="${org.seats_standard}"
                    value="${org.seats_standard}"
                /></label>
                <label
                  >${t('{plan} seats', { plan: planWord(t, 'Pro') })}
                  <input type="number" name="pro" min="0" max="${org.seats_pro}" value="${org.seats_pro}"
                /></label>
                <button type="submit">${t('Reduce seats')}</button>
              </form>`
          : ''
      }
      <h2>${t('Payment method')}</h2>
      <form method="post" action="${PORTAL}/payment-method" class="row">
        ${hidden}
        <select name="payment_method">
          ${PAYMENT_METHODS.map((m) => html`<option ${m === user.payment_method ? html`selected` : ''}>${m}</option>`)}
        </select>
        <button type="submit">${t('Update payment method')}</button>
      </form>
      <h2>${t('Billing period')}</h2>
      <p class="muted">
        ${t(
          "Sandbox only: renew now, as the provider would at the end of the period. Unused plan credits expire and the plans' credits are granted again; top-ups stay.",
        )}
      </p>
      <form method="post" action="${PORTAL}/advance-period">
        ${hidden}<button type="submit" class="secondary">${t('Start the next billing period')}</button>
      </form>
      <h2>${t('Cancel')}</h2>
      <form method="post" action="${PORTAL}/cancel">
        ${hidden}<button type="submit" class="secondary">${t('Cancel subscription')}</button>
      </form>
      <p><a href="${returnUrl}">← ${t('Return to the dashboard')}</a></p>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(t('Billing portal'), body, { locale }));
  });

  const back = (returnUrl: string | undefined) => {
    const url = new URL(PORTAL, config.publicUrl);
    url.searchParams.set(
      'return_url',
      safeRedirectUrl(config, returnUrl) ?? `${config.publicUrl}/dashboard/billing`,
    );
    url.searchParams.set('done', '1');
    return `${url.pathname}${url.search}`;
  };

  app.post<{ Body: { price_id?: string; return_url?: string } }>(
    `${PORTAL}/change`,
    async (request, reply) => {
      const who = await billingAdmin(request, reply);
      if (!who) return reply;
      const { payer: user, caller } = who;
      const plans = await repos.catalogue.plans();
      const chosen = planOfPrice(plans, String(request.body?.price_id ?? ''));
      if (!chosen || chosen.plan.slug === 'free') return reply.redirect(back(request.body?.return_url), 303);
      const id = await recordCheckout(repos.billing, {
        user,
        openedBy: caller,
        kind: 'plan',
        product: chosen.plan.slug as 'standard' | 'pro',
        interval: chosen.interval,
        standardSeats: 0,
        proSeats: 0,
        lineItems: [lineItem(chosen.plan, chosen.interval, 1, 'plan')],
        coupon: undefined,
        cancelUrl: PORTAL,
        successUrl: PORTAL,
      });
      await completeCheckout({ ...services, log: request.log }, id, { ip: request.ip });
      logSandboxPayment(request.log, config, {
        userId: user.id,
        checkoutId: id,
        what: `portal plan change to ${chosen.plan.slug} ${chosen.interval}`,
      });
      return reply.redirect(back(request.body?.return_url), 303);
    },
  );

  app.post<{ Body: { standard?: string; pro?: string; return_url?: string } }>(
    `${PORTAL}/seats`,
    async (request, reply) => {
      const who = await billingAdmin(request, reply);
      if (!who) return reply;
      const { payer: user, caller } = who;
      const count = (value: string | undefined) =>
        /^\d{1,6}$/.test(String(value ?? '')) ? Number(value) : NaN;
      const target = { standard: count(request.body?.standard), pro: count(request.body?.pro) };
      try {
        if (Number.isNaN(target.standard) || Number.isNaN(target.pro)) {
          throw invalid(message('seat_counts_invalid'));
        }
        await reduceSeats(services, user, target, request.ip, caller);
      } catch (error) {
        return refused(request, reply, error, {
          href: PORTAL,
          text: (t) => t('Back to the billing portal'),
        });
      }
      return reply.redirect(back(request.body?.return_url), 303);
    },
  );

  app.post<{ Body: { return_url?: string } }>(`${PORTAL}/advance-period`, async (request, reply) => {
    const who = await billingAdmin(request, reply);
    if (!who) return reply;
    const { payer: user } = who;
    const renewed = await renewBillingPeriod(repos, user);
    request.log.info({ userId: user.id, renewed }, 'Sandbox: billing period advanced');
    return reply.redirect(back(request.body?.return_url), 303);
  });

  app.post<{ Body: { return_url?: string } }>(`${PORTAL}/cancel`, async (request, reply) => {
    const who = await billingAdmin(request, reply);
    if (!who) return reply;
    const { payer: user, caller } = who;
    await cancelPlanEverywhere(services, user.id, caller);
    return reply.redirect(back(request.body?.return_url), 303);
  });

  app.post<{ Body: { payment_method?: string; return_url?: string } }>(
    `${PORTAL}/payment-method`,
    async (request, reply) => {
      const who = await billingAdmin(request, reply);
      if (!who) return reply;
      const { payer: user } = who;
      const method = String(request.body?.payment_method ?? '');
      if (PAYMENT_METHODS.includes(method)) {
        await repos.users.update(user.id, { payment_method: method });
      }
      return reply.redirect(back(request.body?.return_url), 303);
    },
  );
}
