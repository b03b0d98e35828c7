/**
 * The pages and endpoints of the identity-provider sandbox (sso/sandbox-provider.ts) at /sandbox/idp: the
 * sign-in page a person sees (any address; Sign in, or Deny to see the refusal), and what the app's server
 * calls as it would call Okta, Entra ID or Google: the OpenID configuration, the signing keys and the
 * token endpoint. The endpoints are called server to server, without Origin, so they sit outside the form
 * pages' scope; the sign-in page is a form page like the other sandboxes.
 */
import formbody from '@fastify/formbody';
import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { metaValue } from '../db/meta.js';
import { useFormPages } from '../http/form-pages.js';
import { page } from '../http/html.js';
import { pageLanguage, type PageText } from '../http/page-i18n.js';
import { html } from '../security/html-escaping.js';
import type { Services } from '../services.js';
import {
  createSandboxIdentityProvider,
  REQUEST_FIELDS,
  SANDBOX_IDP_PATH,
  type AuthorizationRequest,
  type SandboxIdentityProvider,
} from '../sso/sandbox-provider.js';

type SignInForm = AuthorizationRequest & { email?: string; name?: string; outcome?: string };

const APP_NAME = 'CRM Sync';
/** The layout styles email inputs only (http/html.ts): the name field looks the same. */
const NAME_STYLE =
  'width:100%;box-sizing:border-box;font:inherit;padding:10px;border:1px solid #c5c8d6;border-radius:8px';

function requestOf(source: Record<string, unknown>): AuthorizationRequest {
  const request: AuthorizationRequest = {};
  for (const field of REQUEST_FIELDS) {
    const value = source[field];
    if (typeof value === 'string') request[field] = value;
  }
  return request;
}

function signInPage(t: PageText, request: AuthorizationRequest, email = '', problem?: string) {
  return html`<h1>${t('Sign in to your company')}</h1>
    <p class="muted">
      ${t(
        "This sandbox plays your company's identity provider (Okta, Entra ID, Google Workspace) on this local install: no account is needed, and any address works.",
      )}
    </p>
    ${problem ? html`<p role="alert" class="error"><b>${problem}</b></p>` : ''}
    <form method="post" action="${SANDBOX_IDP_PATH}/authorize">
      ${REQUEST_FIELDS.map(
        (field) => html`<input type="hidden" name="${field}" value="${request[field] ?? ''}" />`,
      )}
      <label for="email">${t('Email')}</label>
      <input id="email" type="email" name="email" value="${email}" autocomplete="email" required />
      <label for="name">${t('Name')}</label>
      <input id="name" type="text" name="name" autocomplete="name" style="${NAME_STYLE}" />
      <div class="row">
        <button type="submit" name="outcome" value="continue">${t('Sign in')}</button>
        <button type="submit" name="outcome" value="deny" class="secondary" formnovalidate>
          ${t('Deny (access_denied)')}
        </button>
      </div>
    </form>`;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, body: ReturnType<typeof html>, status = 200) {
  const { locale, t } = pageLanguage(request);
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page(t('Sign in to your company · Sandbox'), body, { locale }));
}

function invalidRequest(request: FastifyRequest, reply: FastifyReply) {
  const { t } = pageLanguage(request);
  return sendPage(
    request,
    reply,
    html`<h1>${t('Sign in to your company')}</h1>
      <p role="alert">
        ${t('This sign-in request is not valid: start it with "Sign in with SSO" of {app}.', { app: APP_NAME })}
      </p>`,
    400,
  );
}

function registerSignInPage(app: FastifyInstance, idp: SandboxIdentityProvider) {
  app.get<{ Querystring: Record<string, unknown> }>(
    `${SANDBOX_IDP_PATH}/authorize`,
    async (request, reply) => {
      const authorization = requestOf(request.query);
      if (!idp.acceptable(authorization)) return invalidRequest(request, reply);
      return sendPage(request, reply, signInPage(pageLanguage(request).t, authorization));
    },
  );

  app.post<{ Body: SignInForm }>(`${SANDBOX_IDP_PATH}/authorize`, async (request, reply) => {
    const form = request.body ?? {};
    const authorization = requestOf(form as Record<string, unknown>);
    if (!idp.acceptable(authorization)) return invalidRequest(request, reply);
    if (form.outcome === 'deny') return reply.redirect(idp.answer(authorization, 'denied'), 303);
    const email = (form.email ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
      const { t } = pageLanguage(request);
      const problem = t('Enter an email address, like name@example.com.');
      return sendPage(request, reply, signInPage(t, authorization, email, problem), 400);
    }
    const name = (form.name ?? '').trim().slice(0, 200) || email.split('@')[0]!;
    return reply.redirect(idp.answer(authorization, { email, name }), 303);
  });
}

function registerEndpoints(app: FastifyInstance, idp: SandboxIdentityProvider) {
  app.get(`${SANDBOX_IDP_PATH}/.well-known/openid-configuration`, async () => idp.configuration());
  app.get(`${SANDBOX_IDP_PATH}/jwks`, async () => idp.jwks());
  app.post<{ Body: Record<string, string | undefined> }>(
    `${SANDBOX_IDP_PATH}/token`,
    async (request, reply) => {
      const { status, body } = idp.token(request.body ?? {}, request.headers.authorization);
      return reply.status(status).header('cache-control', 'no-store').send(body);
    },
  );
}

/** Registered by the app only where the sandbox provider exists (sandboxIdentityProviderEnabled). */
export async function identityProviderSandboxPlugin(app: FastifyInstance, options: { services: Services }) {
  const { services } = options;
  const privateJwk = await metaValue(services.db, 'sandbox-idp-key', () =>
    JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' })),
  );
  const idp = createSandboxIdentityProvider(services.config, services.secretBox, privateJwk);
  await app.register(async (pages) => {
    await useFormPages(pages, services.config);
    registerSignInPage(pages, idp);
  });
  await app.register(async (endpoints) => {
    await endpoints.register(formbody, { bodyLimit: 16 * 1024 });
    registerEndpoints(endpoints, idp);
  });
}
