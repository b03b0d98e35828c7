/**
 * The Demo CRM's control page (/sandbox/crm/tokens, docs/product.md#connection-health): what the sandbox
 * issued to the signed-in user, and the buttons that make the CRM stop accepting a connection, as a real
 * CRM may: the access tokens expire now (the app refreshes them at its next call), they expire and their
 * refresh is refused (the connection needs attention), or an API key is refused from now on. It exists only
 * while the sandboxes are on (sandbox/index.ts).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expireDemoTokens, refuseDemoKey } from '../crm/demo.js';
import { page } from '../http/html.js';
import { pageLanguage, type PageText } from '../http/page-i18n.js';
import { sessionUser } from '../http/session-user.js';
import { html } from '../security/html-escaping.js';
import type { Services } from '../services.js';
import { DEMO_CRM, signInFirst } from './crm-pages.js';
import { formText } from './form-text.js';

const PATH = '/sandbox/crm/tokens';
const APP_NAME = 'CRM Sync';

/** What the page says after each button, by the `done` of its redirect. */
const NOTICES: Record<string, (t: PageText) => string> = {
  expired: (t) => t('The access tokens expired: {app} refreshes them at its next call.', { app: APP_NAME }),
  refused: (t) =>
    t(
      'The access tokens expired and their refresh is refused: the next call of {app} marks the connection as needing attention.',
      { app: APP_NAME },
    ),
  key: (t) =>
    t('{crm} refuses this API key from now on: the next sync or the daily key check marks the connection.', {
      crm: DEMO_CRM,
    }),
};

type Decision = 'expire' | 'expire_refuse' | 'refuse_key';

export function registerCrmTokensPage(app: FastifyInstance, services: Services) {
  const { db } = services;

  app.get<{ Querystring: { done?: string } }>(PATH, async (request, reply) => {
    const user = await sessionUser(services, request);
    if (!user) return signInFirst(request, reply);
    const { locale, t } = pageLanguage(request);
    const counts = await db
      .selectFrom('demo_crm_tokens')
      .select([
        sql<number>`count(*) filter (where kind = 'access' and expires_at > now())::int`.as('access'),
        sql<number>`count(*) filter (where kind = 'refresh')::int`.as('refresh'),
      ])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const notice = NOTICES[request.query.done ?? ''];
    const title = t('{crm} tokens', { crm: DEMO_CRM });
    const body = html`<h1>${title}</h1>
      ${notice ? html`<p role="status">${notice(t)}</p>` : ''}
      <p>
        ${t('Try how {app} handles {crm} when it stops accepting the connection.', { app: APP_NAME, crm: DEMO_CRM })}
      </p>
      <p class="muted">
        ${t('Live access tokens of {email}: {access}. Refresh tokens: {refresh}.', {
          email: user.email,
          access: counts.access,
          refresh: counts.refresh,
        })}
      </p>
      <form method="post" action="${PATH}" class="row">
        <button type="submit" name="decision" value="expire">${t('Let the access token expire')}</button>
        <button type="submit" name="decision" value="expire_refuse" class="secondary">
          ${t('Let it expire and refuse the refresh')}
        </button>
      </form>
      <form method="post" action="${PATH}">
        <input type="hidden" name="decision" value="refuse_key" />
        <label>${t('API key to refuse')} <input name="key" required maxlength="200" /></label>
        <button type="submit" class="secondary">${t('Refuse this API key')}</button>
      </form>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(title, body, { locale }));
  });

  app.post<{ Body: { decision?: unknown; key?: unknown } }>(PATH, async (request, reply) => {
    const user = await sessionUser(services, request);
    if (!user) return signInFirst(request, reply);
    const decision = request.body?.decision as Decision | undefined;
    const key = formText(request.body?.key);
    if (decision === 'expire' || decision === 'expire_refuse') {
      await expireDemoTokens(db, user.id, decision === 'expire_refuse');
      return reply.redirect(`${PATH}?done=${decision === 'expire' ? 'expired' : 'refused'}`, 303);
    }
    if (decision === 'refuse_key' && key !== '' && key.length <= 200) {
      await refuseDemoKey(db, user.id, key);
      return reply.redirect(`${PATH}?done=key`, 303);
    }
    const { locale, t } = pageLanguage(request);
    const title = t('{crm} tokens', { crm: DEMO_CRM });
    return reply
      .status(400)
      .type('text/html; charset=utf-8')
      .send(
        page(
          title,
          html`<h1>${title}</h1>
            <p role="alert">${t('Choose a button, or enter the API key to refuse.')}</p>
            <p><a href="${PATH}">${t('Back to the tokens')}</a></p>`,
          { locale },
        ),
      );
  });
}
