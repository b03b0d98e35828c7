/** The sandbox pages, in their own plugin scope: HTML forms (urlencoded) are parsed only here. */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { allowedOrigins, assertFormPostAllowed } from '../http/csrf.js';
import type { Services } from '../services.js';
import { registerCheckoutPage } from './checkout-page.js';
import { registerCrmPages } from './crm-pages.js';
import { registerMailPage } from './mail-page.js';
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
  registerMailPage(app, services);
  registerCheckoutPage(app, services);
  registerPortalPage(app, services);
  registerCrmPages(app, services);
}
