/**
 * What every server-rendered page with HTML forms needs in its plugin scope: urlencoded bodies (parsed
 * only there), the Origin check for form posts (CSRF), a policy that forbids scripts and framing, and
 * failures answered as a small page (same status and headers as the API's answer, e.g. 503 with
 * Retry-After during a database outage) rather than the API's JSON envelope.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { allowedOrigins, assertFormPostAllowed } from './csrf.js';
import { answerRequestFailure } from './errors.js';
import { page } from './html.js';
import { pageLanguage } from './page-i18n.js';
import { html } from '../security/html-escaping.js';

const FORM_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self' http: https:; frame-ancestors 'none'";

export async function useFormPages(scope: FastifyInstance, config: Config): Promise<void> {
  const origins = allowedOrigins(config);
  await scope.register(formbody, { bodyLimit: 16 * 1024 });
  scope.addHook('onRequest', async (request, reply) => {
    // The pages use no scripts at all: forbid them, and framing (clickjacking of Pay/Approve/Send). Set
    // before the handler, so a page that needs its own policy (the Google sandbox's hand-back page uses a
    // nonce) replaces it, and the app's policy (http/headers.ts) does not.
    reply.header('content-security-policy', FORM_PAGE_POLICY);
    assertFormPostAllowed(request, origins);
  });
  scope.setErrorHandler((error, request, reply) => {
    const {
      status,
      headers,
      said: { message },
    } = answerRequestFailure(error, request);
    const { locale, t } = pageLanguage(request);
    const title =
      status === 503
        ? t('Briefly unavailable')
        : status >= 500
          ? t('Something went wrong')
          : t('Request refused');
    return reply
      .status(status)
      .headers(headers)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        page(
          title,
          html`<h1>${title}</h1>
            <p role="alert">${message}</p>
            <p>
              ${
                request.method === 'GET'
                  ? html`<a href="${request.url}">${t('Try again')}</a>`
                  : t('Go back to the form and send it again.')
              }
            </p>`,
          { sandbox: false, locale },
        ),
      );
  });
}
