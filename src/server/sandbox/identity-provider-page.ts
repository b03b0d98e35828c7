/**
 * The pages and endpoints of the identity-provider sandbox (sso/sandbox-provider.ts) at /sandbox/idp: the
 * sign-in page a person sees (any address; Sign in, or Deny to see the refusal), and what the app's server
 * calls as it would call Okta, Entra ID or Google: the OpenID configuration, the signing keys and the
 * token endpoint. The endpoints are called server to server, without Origin, so they sit outside the form
 * pages' scope; the sign-in page is a form page like the other sandboxes.
 */
import formbody from '@fastify/formbody';
import { newPrivateKey } from '../security/key-pairs.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { metaValue } from '../db/meta.js';
import { useFormPages } from '../http/form-pages.js';
import { page } from '../http/html.js';
import { pageLanguage, type PageText } from '../http/page-i18n.js';
import { html } from '../security/html-escaping.js';
import type { Services } from '../services.js';
import {
  createSandboxIdentityProvider,
  createSandboxSamlProvider,
  REQUEST_FIELDS,
  SANDBOX_IDP_PATH,
  SANDBOX_SAML_PATH,
  type AuthorizationRequest,
  type SandboxIdentityProvider,
  type SandboxSamlProvider,
} from '../sso/sandbox-provider.js';
import { selfSignedCertificate } from '../sso/self-signed.js';
import { formText } from './form-text.js';
import { isEmailAddress } from '../../shared/email.js';

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

/**
 * The sign-in page of either protocol: any address and name, Sign in or Deny; `hidden` carries the request
 * (OpenID Connect's authorization request, SAML's AuthnRequest and RelayState) from the query to the form.
 */
function personPage(
  t: PageText,
  form: { action: string; hidden: Record<string, string>; denyLabel: string },
  email = '',
  problem?: string,
) {
  return html`<h1>${t('Sign in to your company')}</h1>
    <p class="muted">
      ${t(
        "This sandbox plays your company's identity provider (Okta, Entra ID, Google Workspace) on this local install: no account is needed, and any address works.",
      )}
    </p>
    ${problem ? html`<p role="alert" class="error"><b>${problem}</b></p>` : ''}
    <form method="post" action="${form.action}">
      ${Object.entries(form.hidden).map(
        ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
      )}
      <label for="email">${t('Email')}</label>
      <input id="email" type="email" name="email" value="${email}" autocomplete="email" required />
      <label for="name">${t('Name')}</label>
      <input id="name" type="text" name="name" autocomplete="name" style="${NAME_STYLE}" />
      <div class="row">
        <button type="submit" name="outcome" value="continue">${t('Sign in')}</button>
        <button type="submit" name="outcome" value="deny" class="secondary" formnovalidate>
          ${form.denyLabel}
        </button>
      </div>
    </form>`;
}

function signInPage(t: PageText, request: AuthorizationRequest, email = '', problem?: string) {
  const hidden = Object.fromEntries(REQUEST_FIELDS.map((field) => [field, request[field] ?? '']));
  return personPage(
    t,
    { action: `${SANDBOX_IDP_PATH}/authorize`, hidden, denyLabel: t('Deny (access_denied)') },
    email,
    problem,
  );
}

/** The person the sign-in page's form names, or why it names nobody (with what was typed). */
function personOf(
  form: { email?: unknown; name?: unknown },
  t: PageText,
): { email: string; name: string } | { email: string; problem: string } {
  const email = formText(form.email);
  if (!isEmailAddress(email)) {
    return { email, problem: t('Enter an email address, like name@example.com.') };
  }
  const name = formText(form.name).slice(0, 200);
  return { email, name: name || email.split('@')[0]! };
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
    const { t } = pageLanguage(request);
    const person = personOf(form, t);
    if ('problem' in person) {
      return sendPage(request, reply, signInPage(t, authorization, person.email, person.problem), 400);
    }
    return reply.redirect(idp.answer(authorization, person), 303);
  });
}

/** The SAML sign-in page: the same person form, its AuthnRequest and RelayState carried along. */
function samlSignInPage(
  t: PageText,
  fields: { SAMLRequest: string; RelayState: string },
  email = '',
  problem?: string,
) {
  return personPage(
    t,
    { action: `${SANDBOX_SAML_PATH}/sso`, hidden: fields, denyLabel: t('Deny (AuthnFailed)') },
    email,
    problem,
  );
}

/**
 * SAML's HTTP-POST binding: the browser carries the signed answer to the app's ACS in a form. A button
 * rather than a script that submits it: the pages' content security policy runs no inline script.
 */
function samlPostPage(t: PageText, acsUrl: string, samlResponse: string, relayState: string) {
  return html`<h1>${t('Sign in to your company')}</h1>
    <form method="post" action="${acsUrl}">
      <input type="hidden" name="SAMLResponse" value="${samlResponse}" />
      <input type="hidden" name="RelayState" value="${relayState}" />
      <div class="row"><button type="submit">${t('Continue to {app}', { app: APP_NAME })}</button></div>
    </form>`;
}

const samlFields = (source: Record<string, unknown>) => ({
  SAMLRequest: typeof source.SAMLRequest === 'string' ? source.SAMLRequest.slice(0, 16_384) : '',
  RelayState: typeof source.RelayState === 'string' ? source.RelayState.slice(0, 512) : '',
});

function registerSamlPages(app: FastifyInstance, saml: SandboxSamlProvider) {
  app.get<{ Querystring: Record<string, unknown> }>(`${SANDBOX_SAML_PATH}/sso`, async (request, reply) => {
    const fields = samlFields(request.query);
    if (!saml.request(fields.SAMLRequest)) return invalidRequest(request, reply);
    return sendPage(request, reply, samlSignInPage(pageLanguage(request).t, fields));
  });

  app.post<{ Body: Record<string, unknown> }>(`${SANDBOX_SAML_PATH}/sso`, async (request, reply) => {
    const form = request.body ?? {};
    const fields = samlFields(form);
    const authnRequest = saml.request(fields.SAMLRequest);
    if (!authnRequest) return invalidRequest(request, reply);
    const { t } = pageLanguage(request);
    const person = form.outcome === 'deny' ? ('denied' as const) : personOf(form, t);
    if (person !== 'denied' && 'problem' in person) {
      return sendPage(request, reply, samlSignInPage(t, fields, person.email, person.problem), 400);
    }
    const { acsUrl, samlResponse } = await saml.answer(authnRequest, person);
    return sendPage(request, reply, samlPostPage(t, acsUrl, samlResponse, fields.RelayState));
  });
}

function registerEndpoints(app: FastifyInstance, idp: SandboxIdentityProvider, saml: SandboxSamlProvider) {
  app.get(`${SANDBOX_IDP_PATH}/.well-known/openid-configuration`, async () => idp.configuration());
  app.get(`${SANDBOX_IDP_PATH}/jwks`, async () => idp.jwks());
  app.get(`${SANDBOX_SAML_PATH}/metadata`, async (_request, reply) =>
    reply.type('application/samlmetadata+xml; charset=utf-8').send(saml.metadata()),
  );
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
    JSON.stringify(newPrivateKey('ec').export({ format: 'jwk' })),
  );
  const idp = createSandboxIdentityProvider(services.config, services.secretBox, privateJwk);
  // SAML names its signing key by a certificate: the sandbox's own, self-signed, made with its key.
  const samlKeys = await metaValue(services.db, 'sandbox-idp-saml-key', () => {
    const privateKey = newPrivateKey('rsa');
    const now = Date.now();
    return JSON.stringify({
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      certificate: selfSignedCertificate(privateKey, {
        commonName: 'CRM Sync sandbox identity provider',
        notBefore: new Date(now - 24 * 60 * 60 * 1000),
        notAfter: new Date(now + 20 * 365 * 24 * 60 * 60 * 1000),
      }),
    });
  });
  const saml = createSandboxSamlProvider(
    services.config,
    JSON.parse(samlKeys) as { privateKey: string; certificate: string },
  );
  await app.register(async (pages) => {
    await useFormPages(pages, services.config);
    registerSignInPage(pages, idp);
    registerSamlPages(pages, saml);
  });
  await app.register(async (endpoints) => {
    await endpoints.register(formbody, { bodyLimit: 16 * 1024 });
    registerEndpoints(endpoints, idp, saml);
  });
}
