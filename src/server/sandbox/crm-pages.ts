/**
 * Demo CRM pages: the OAuth authorize page (Approve, for the signed-in user only, redirects to the
 * app's /callback with a code of that user and the `state` it was given),
 * a page handing out demo API keys, and the CRM logos of the catalogue. The pages speak the visitor's
 * language (http/page-i18n.ts); the names of the CRM and of the app stay as they are.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { issueDemoCode } from '../crm/demo.js';
import { demoCrmFields, demoRecordOf } from '../crm/demo-records.js';
import { DEMO_CRM_CLIENT_ID, oauthRedirectUri } from '../domain/software.js';
import { page } from '../http/html.js';
import { pageLanguage, type PageText } from '../http/page-i18n.js';
import { html } from '../security/html-escaping.js';
import { safeRedirectUrl } from '../http/redirects.js';
import { sessionUser } from '../http/session-user.js';
import type { Services } from '../services.js';

/** Names, not words: the same in every language. */
export const DEMO_CRM = 'Demo CRM';
const APP_NAME = 'CRM Sync';

type AuthorizeQuery = { client_id?: string; redirect_uri?: string; state?: string; scope?: string };

const LOGO_COLOURS: Record<string, string> = {
  hubspot: '#ff7a59',
  pipedrive: '#1a1a1a',
  salesforce: '#00a1e0',
  zoho: '#e42527',
  close: '#2a7de1',
  copper: '#f26a4b',
  'demo-crm': '#3f51b5',
};

/** A Demo CRM page for the signed-in user only: the 401 page that asks to log in first. */
export function signInFirst(request: FastifyRequest, reply: FastifyReply) {
  const { locale, t } = pageLanguage(request);
  return reply
    .status(401)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      page(
        t('{crm} · Authorize', { crm: DEMO_CRM }),
        html`<h1>${t('{crm} · Authorize', { crm: DEMO_CRM })}</h1>
          <p>
            ${t('Please log in to {app} in this browser first, then connect again.', { app: APP_NAME })}
            <a href="/login">${t('Log in')}</a>
          </p>`,
        { locale },
      ),
    );
}

export function registerCrmPages(app: FastifyInstance, services: Services) {
  const { config } = services;

  /** The redirect URI must be this app's callback (or an allowed origin's), never an arbitrary site. */
  function checkedRedirect(query: AuthorizeQuery): string | undefined {
    const redirect = safeRedirectUrl(config, query.redirect_uri);
    if (!redirect || new URL(redirect).pathname !== new URL(oauthRedirectUri(config)).pathname)
      return undefined;
    return redirect;
  }

  function refuse(request: FastifyRequest, reply: FastifyReply, text: (t: PageText) => string) {
    const { locale, t } = pageLanguage(request);
    return reply
      .status(400)
      .type('text/html; charset=utf-8')
      .send(
        page(
          t('{crm} · Authorize', { crm: DEMO_CRM }),
          html`<h1>${t('{crm} · Authorize', { crm: DEMO_CRM })}</h1>
            <p>${text(t)}</p>`,
          { locale },
        ),
      );
  }
  const unknownClient = (t: PageText) => t('Unknown client_id.');
  const redirectRefused = (t: PageText) => t('The redirect_uri is not allowed for this client.');

  app.get<{ Querystring: AuthorizeQuery }>('/sandbox/crm/authorize', async (request, reply) => {
    const query = request.query;
    if (query.client_id !== DEMO_CRM_CLIENT_ID) return refuse(request, reply, unknownClient);
    const redirect = checkedRedirect(query);
    if (!redirect) return refuse(request, reply, redirectRefused);
    const user = await sessionUser(services, request);
    // A code always belongs to the signed-in user who approved it; nobody signed in, nothing to approve.
    if (!user) return signInFirst(request, reply);
    const { locale, t } = pageLanguage(request);
    const field = (name: string, value: string | undefined) =>
      html`<input type="hidden" name="${name}" value="${value ?? ''}" />`;
    // The scope is OAuth's own word, the one the app asked for: shown as asked.
    const title = t('{crm} · Authorize', { crm: DEMO_CRM });
    const body = html`<h1>${title}</h1>
      <p>
        ${t('{app} wants to access your {crm} contacts for {email}.', {
          app: APP_NAME,
          crm: DEMO_CRM,
          email: user.email,
        })}
      </p>
      <p class="muted">${t('Scope: {scope}', { scope: query.scope ?? 'contacts' })}</p>
      <form method="post" action="/sandbox/crm/authorize" class="row">
        ${field('client_id', query.client_id)}${field('redirect_uri', redirect)}${field('state', query.state)}
        <button type="submit" name="decision" value="approve">${t('Approve')}</button>
        <button type="submit" name="decision" value="deny" class="secondary">${t('Deny')}</button>
      </form>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(title, body, { locale }));
  });

  app.post<{ Body: AuthorizeQuery & { decision?: string } }>(
    '/sandbox/crm/authorize',
    async (request, reply) => {
      const form = request.body ?? {};
      if (form.client_id !== DEMO_CRM_CLIENT_ID) return refuse(request, reply, unknownClient);
      const redirect = checkedRedirect(form);
      if (!redirect) return refuse(request, reply, redirectRefused);
      const target = new URL(redirect);
      if (form.decision === 'approve') {
        const user = await sessionUser(services, request);
        if (!user) return signInFirst(request, reply);
        target.searchParams.set('code', await issueDemoCode(services.db, redirect, user.id));
      } else {
        target.searchParams.set('error', 'access_denied');
      }
      if (form.state) target.searchParams.set('state', form.state);
      return reply.redirect(target.toString(), 303);
    },
  );

  // The Demo CRM's field list (docs/product.md#crm-sync-rules), as its API answers it to a token or key of
  // its own: what get-crm-fields reads through a connection.
  app.get<{ Querystring: { object?: string } }>('/sandbox/crm/api/fields', async (request, reply) => {
    const bearer = /^Bearer (demo_\S+)$/.exec(request.headers.authorization ?? '');
    if (!bearer)
      return reply.status(401).send({ error: true, message: 'A Demo CRM token or key is needed.' });
    const object = request.query.object === 'lead' ? 'lead' : 'contact';
    return reply.header('cache-control', 'no-store').send({ object, fields: demoCrmFields(object) });
  });

  // A record of the Demo CRM: the link of the sync log, for the signed-in member of its account.
  app.get<{ Params: { id: string } }>('/sandbox/crm/records/:id', async (request, reply) => {
    const user = await sessionUser(services, request);
    if (!user) return signInFirst(request, reply);
    const account = user.organization_id === null ? `user:${user.id}` : `org:${user.organization_id}`;
    const record = await demoRecordOf(services.db, account, request.params.id);
    const { locale, t } = pageLanguage(request);
    const title = t('{crm} record', { crm: DEMO_CRM });
    if (!record) {
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(
          page(
            title,
            html`<h1>${title}</h1>
              <p>${t('No such record.')}</p>`,
            { locale },
          ),
        );
    }
    const rows = demoCrmFields(record.object === 'lead' ? 'lead' : 'contact').map(
      (field) =>
        html`<tr>
          <th scope="row">${field.label}</th>
          <td>${record.fields[field.name] ?? ''}</td>
        </tr>`,
    );
    const body = html`<h1>${title} #${record.id}</h1>
      <p class="muted">${t('Owner: {owner}', { owner: record.owner })}</p>
      <table>
        ${rows}
      </table>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(title, body, { locale }));
  });

  app.get('/sandbox/crm/api-keys', async (request, reply) => {
    const { locale, t } = pageLanguage(request);
    const key = `demo_${randomBytes(12).toString('hex')}`;
    const title = t('{crm} API keys', { crm: DEMO_CRM });
    const body = html`<h1>${title}</h1>
      <p>
        ${t('{crm} accepts any API key that starts with {prefix}. Here is a fresh one:', { crm: DEMO_CRM, prefix: 'demo_' })}
      </p>
      <pre>${key}</pre>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(title, body, { locale }));
  });
}

/** The CRM logos of the catalogue (logo_url), drawn here so the catalogue needs no image host. */
export function registerCrmLogos(app: FastifyInstance, services: Services) {
  app.get<{ Params: { slug: string } }>('/sandbox/crm/logos/:slug', async (request, reply) => {
    const slug = request.params.slug.replace(/\.svg$/, '');
    const row = await services.repos.catalogue.findSoftware(slug);
    if (!row) return reply.status(404).send({ error: true, message: 'Not found' });
    const colour = LOGO_COLOURS[slug] ?? '#607d8b';
    const svg = html`<svg
      xmlns="http://www.w3.org/2000/svg"
      width="64"
      height="64"
      viewBox="0 0 64 64"
      role="img"
      aria-label="${row.software}"
    >
      <rect width="64" height="64" rx="14" fill="${colour}" />
      <text
        x="32"
        y="42"
        font-family="Arial, sans-serif"
        font-size="30"
        font-weight="700"
        fill="#fff"
        text-anchor="middle"
      >
        ${row.software[0]!.toUpperCase()}
      </text>
    </svg>`;
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg.value);
  });
}
