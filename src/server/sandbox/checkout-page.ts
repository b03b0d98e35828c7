/**
 * The sandbox checkout page: line items, coupon, total, Pay and Cancel. Pay applies the purchase in
 * one transaction and redirects to /dashboard/billing/success; Cancel returns to where the buyer
 * came from. In the visitor's language (http/page-i18n.ts), money and dates written its way.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PLAN_NAMES } from '../../shared/plans.js';
import { logSandboxPayment } from '../billing/sandbox.js';
import { completeCheckout } from '../domain/billing/paid-checkout.js';
import { page } from '../http/html.js';
import { pageLanguage, type PageText } from '../http/page-i18n.js';
import { html } from '../security/html-escaping.js';
import { sessionUser } from '../http/session-user.js';
import type { Services } from '../services.js';
import { lineItemText } from './billing-words.js';
import { requireBillingManager } from '../domain/authorization.js';
import { DomainError } from '../domain/errors.js';

export function registerCheckoutPage(app: FastifyInstance, services: Services) {
  const { repos, config } = services;

  function notice(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    say: (t: PageText) => { title: string; text: string },
  ) {
    const { locale, t } = pageLanguage(request);
    const { title, text } = say(t);
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(
        page(
          title,
          html`<h1>${title}</h1>
            <p>${text}</p>
            <p><a href="/dashboard/billing">${t('Back to billing')}</a></p>`,
          { locale },
        ),
      );
  }

  const signIn = (text: (t: PageText) => string) => (t: PageText) => ({
    title: t('Please log in'),
    text: text(t),
  });
  const notFound = (t: PageText) => ({
    title: t('Checkout not found'),
    text: t('This checkout session does not exist.'),
  });
  const cancelled = (t: PageText) => ({
    title: t('Checkout cancelled'),
    text: t('This checkout was cancelled.'),
  });
  const signInAgain = signIn((t) => t('Log in to the account that started this checkout.'));

  /**
   * The signed-in user's checkout: one they pay, or one they opened as a billing manager for the billing
   * admin who pays (requireBillingManager records it under the payer).
   */
  async function ownSession(request: FastifyRequest, id: string) {
    const user = await sessionUser(services, request);
    if (!user) return { user: undefined, session: undefined };
    const own = await repos.billing.findCheckoutOf(user.id, id);
    if (own) return { user, session: own };
    const payer = await requireBillingManager(repos, user).catch((error: unknown) => {
      if (error instanceof DomainError) return user;
      throw error;
    });
    return {
      user,
      session: payer.id === user.id ? undefined : await repos.billing.findCheckoutOf(payer.id, id),
    };
  }

  app.get<{ Params: { id: string } }>('/sandbox/checkout/:id', async (request, reply) => {
    const { user, session } = await ownSession(request, request.params.id);
    if (!user)
      return notice(
        request,
        reply,
        401,
        signIn((t) => t('Log in to the account that started this checkout, then reload this page.')),
      );
    if (!session) return notice(request, reply, 404, notFound);
    if (session.status === 'paid') return reply.redirect('/dashboard/billing/success', 303);
    if (session.status !== 'open') return notice(request, reply, 410, cancelled);

    const { locale, t, formats } = pageLanguage(request);
    const { money } = formats;
    const body = html`<h1>${t('Checkout')}</h1>
      <p class="muted">${t('Paying as {email}. This sandbox charges nothing.', { email: user.email })}</p>
      <table>
        <thead>
          <tr>
            <th>${t('Item')}</th>
            <th>${t('Unit price')}</th>
            <th>${t('Qty')}</th>
            <th>${t('Amount')}</th>
          </tr>
        </thead>
        <tbody>
          ${session.line_items.map(
            (item) =>
              html`<tr>
                <td>${lineItemText(t, item.description)}</td>
                <td>${money(item.unit_amount)}</td>
                <td>${item.quantity}</td>
                <td>${money(item.unit_amount * item.quantity)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <p>${t('Subtotal: {amount}', { amount: money(session.amount_subtotal) })}</p>
      ${
        session.coupon_code
          ? html`<p>
              ${t('Coupon {code}: −{amount}', {
                code: session.coupon_code,
                amount: money(session.amount_discount),
              })}
            </p>`
          : ''
      }
      <p class="total">${t('Total due today: {amount}', { amount: money(session.amount_total) })}</p>
      <p class="muted">${t('Payment method: {card} (sandbox card)', { card: 'Visa .... 4242' })}</p>
      <div class="row">
        <form method="post" action="/sandbox/checkout/${session.id}/pay">
          <button type="submit">${t('Pay {amount}', { amount: money(session.amount_total) })}</button>
        </form>
        <form method="post" action="/sandbox/checkout/${session.id}/cancel">
          <button type="submit" class="secondary">${t('Cancel')}</button>
        </form>
      </div>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(t('Checkout'), body, { locale }));
  });

  app.post<{ Params: { id: string } }>('/sandbox/checkout/:id/pay', async (request, reply) => {
    const { user, session } = await ownSession(request, request.params.id);
    if (!user) return notice(request, reply, 401, signInAgain);
    if (!session) return notice(request, reply, 404, notFound);
    if (session.status === 'canceled') return notice(request, reply, 410, cancelled);
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
    if (!user) return notice(request, reply, 401, signInAgain);
    if (!session) return notice(request, reply, 404, notFound);
    await repos.billing.cancelCheckout(session.id);
    return reply.redirect(session.cancel_url ?? `${config.publicUrl}/dashboard/billing`, 303);
  });
}
