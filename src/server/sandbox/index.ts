/** The sandbox pages, in their own plugin scope: HTML forms (urlencoded) are parsed only here. */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { allowedOrigins, assertFormPostAllowed } from '../http/csrf.js';
import type { GoogleSandbox } from '../security/google-sandbox.js';
import type { Services } from '../services.js';
import { registerCheckoutPage } from './checkout-page.js';
import { registerCrmPages } from './crm-pages.js';
import { registerGooglePage } from './google-page.js';
import { registerMailPage } from './mail-page.js';
import { registerPortalPage } from './portal-page.js';

export interface SandboxOptions {
  services: Services;
  /** Present when the Google sign-in sandbox replaces Google (security/google-sandbox.ts). */
  googleSandbox?: GoogleSandbox;
}

export async function sandboxPlugin(app: FastifyInstance, options: SandboxOptions) {
  const { services, googleSandbox } = options;
  const origins = allowedOrigins(services.config);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  app.addHook('onRequest', async (request) => assertFormPostAllowed(request, origins));
  app.addHook('onSend', async (_request, reply, payload) => {
    // The pages use no scripts (the Google sandbox's hand-back page sets its own nonce policy): forbid
    // them, and framing (clickjacking of Pay/Approve).
    const isHtml = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    if (isHtml && !reply.hasHeader('content-security-policy')) {
      reply.header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self' http: https:; frame-ancestors 'none'",
      );
    }
    return payload;
  });
  registerMailPage(app, services);
  registerCheckoutPage(app, services);
  registerPortalPage(app, services);
  registerCrmPages(app, services);
  if (googleSandbox) registerGooglePage(app, googleSandbox);
}
