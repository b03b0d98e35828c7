/**
 * The sandbox pages, in their own plugin scope: HTML forms (urlencoded) are parsed only here. Each group
 * exists only while its sandbox is in use (config.sandboxes, see config.ts); otherwise its URLs answer 404.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { allowedOrigins, assertFormPostAllowed } from '../http/csrf.js';
import type { Services } from '../services.js';
import { registerCheckoutPage } from './checkout-page.js';
import { registerCrmLogos, registerCrmPages } from './crm-pages.js';
import { registerMailPage, servesMailPage } from './mail-page.js';
import { registerPortalPage } from './portal-page.js';

export async function sandboxPlugin(app: FastifyInstance, options: { services: Services }) {
  const { services } = options;
  const origins = allowedOrigins(services.config);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  app.addHook('onRequest', async (request) => assertFormPostAllowed(request, origins));
  app.addHook('onSend', async (_request, reply, payload) => {
    // The pages use no scripts at all: forbid them, and framing (clickjacking of Pay/Approve).
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self' http: https:; frame-ancestors 'none'",
      );
    }
    return payload;
  });
  // The catalogue's logos are served here on every deployment: they are not a sandbox.
  registerCrmLogos(app, services);
  if (servesMailPage(services)) registerMailPage(app, services);
  // The payment pages apply plans without payment: only for the sandbox provider, never beside Stripe.
  if (services.billing.name === 'sandbox') {
    registerCheckoutPage(app, services);
    registerPortalPage(app, services);
  }
  if (services.config.sandboxes) registerCrmPages(app, services);
}
