/**
 * /sandbox/google/signin: plays the part of Google's sign-in popup when GOOGLE_CLIENT_ID is not set. The
 * app's sandbox button opens it in a window; the visitor picks the account (any email address) and an
 * outcome, and the page hands the result back to the window that opened it with postMessage, as Google's
 * widget hands a credential to its callback:
 *   - Continue: a signed credential, which google-auth verifies (sign-in or sign-up);
 *   - Send an invalid credential: one google-auth refuses ('Google login failed' / 'Google auth failed');
 *   - Fail: an error without credential (the app's 'Google sign in failed. Please try again.').
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { page } from '../http/html.js';
import { pageLanguage, requestLocale, type PageText } from '../http/page-i18n.js';
import { SafeHtml, html } from '../security/html-escaping.js';
import type { GoogleSandbox } from '../security/google-sandbox.js';
import { GOOGLE_SANDBOX_MESSAGE } from '../../shared/google-sandbox.js';
import { formText } from './form-text.js';
import { isEmailAddress } from '../../shared/email.js';

type SignInForm = { email?: string; name?: string; email_verified?: string; outcome?: string };

const FORM_STYLE = html`<style>
  label {
    display: block;
    margin: 12px 0 4px;
    font-weight: 600;
  }
  input[type='email'],
  input[type='text'] {
    width: 100%;
    box-sizing: border-box;
    padding: 10px;
    font-size: 15px;
    border: 1px solid #c5c8d6;
    border-radius: 8px;
  }
  label.check {
    font-weight: 400;
  }
</style>`;

const APP_NAME = 'CRM Sync';

function signInForm(t: PageText, context: string | undefined, email = '', message?: string) {
  return html`${FORM_STYLE}
    <h1>${t('Choose an account')}</h1>
    <p>
      ${
        context === 'signup'
          ? t('to sign up to {app} with Google.', { app: APP_NAME })
          : t('to sign in to {app} with Google.', { app: APP_NAME })
      }
    </p>
    <p class="muted">
      ${t(
        "This sandbox plays Google's part because {setting} is not set on this server: no Google account is used, and any address works.",
        { setting: 'GOOGLE_CLIENT_ID' },
      )}
    </p>
    ${message ? html`<p role="alert"><b>${message}</b></p>` : ''}
    <form method="post" action="/sandbox/google/signin">
      <label for="email">${t('Email')}</label>
      <input id="email" type="email" name="email" value="${email}" autocomplete="email" required />
      <label for="name">${t('Name')}</label>
      <input id="name" type="text" name="name" autocomplete="name" />
      <label class="check">
        <input type="checkbox" name="email_verified" value="true" checked />
        ${t('Google has verified this address')}
      </label>
      <div class="row">
        <button type="submit" name="outcome" value="continue">${t('Continue')}</button>
        <button type="submit" name="outcome" value="invalid" class="secondary">
          ${t('Send an invalid credential')}
        </button>
        <button type="submit" name="outcome" value="error" class="secondary" formnovalidate>
          ${t('Fail (widget error)')}
        </button>
      </div>
    </form>`;
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  title: string,
  body: ReturnType<typeof html>,
  status = 200,
) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page(title, body, { locale: requestLocale(request) }));
}

export function registerGooglePage(app: FastifyInstance, sandbox: GoogleSandbox) {
  app.get<{ Querystring: { context?: string } }>('/sandbox/google/signin', async (request, reply) => {
    const { t } = pageLanguage(request);
    return sendPage(request, reply, t('Sign in with Google · Sandbox'), signInForm(t, request.query.context));
  });

  app.post<{ Body: SignInForm }>('/sandbox/google/signin', async (request, reply) => {
    const { t } = pageLanguage(request);
    const form = request.body ?? {};
    const email = formText(form.email);
    let result: { credential: string } | { error: string };
    if (form.outcome === 'error') {
      result = { error: 'The sign-in widget failed (sandbox).' };
    } else if (!isEmailAddress(email)) {
      return sendPage(
        request,
        reply,
        t('Sign in with Google · Sandbox'),
        signInForm(t, undefined, email, t('Enter an email address, like name@example.com.')),
        400,
      );
    } else {
      const identity = { email, name: form.name, emailVerified: form.email_verified === 'true' };
      result = {
        credential: form.outcome === 'invalid' ? sandbox.issueInvalid(identity) : sandbox.issue(identity),
      };
    }

    // The form was posted from this page, so its Origin (checked against the allowed origins by the
    // sandbox plugin) is the app's: the credential is handed to that origin only.
    const origin = request.headers.origin!;
    const nonce = randomBytes(16).toString('base64');
    const message = JSON.stringify({ type: GOOGLE_SANDBOX_MESSAGE, ...result }).replace(/</g, '\\u003c');
    const noOpener = t('Open this page with the "Sign in with Google" button of {app}.', { app: APP_NAME });
    const script = `(function () {
  var status = document.getElementById('status');
  if (!window.opener) { status.textContent = ${JSON.stringify(noOpener).replace(/</g, '\\u003c')}; return; }
  window.opener.postMessage(${message}, ${JSON.stringify(origin)});
  window.close();
})();`;
    reply.header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; frame-ancestors 'none'`,
    );
    return sendPage(
      request,
      reply,
      t('Signing in · Sandbox'),
      html`<h1>${t('Signing you in...')}</h1>
        <p id="status" class="muted">${t('Returning to {app}.', { app: APP_NAME })}</p>
        <script nonce="${nonce}">
          ${new SafeHtml(script)};
        </script>`,
    );
  });
}
