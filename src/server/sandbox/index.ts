/**
 * The sandbox pages, in their own plugin scope: HTML forms (urlencoded) are parsed only here. Each group
 * exists only while its sandbox is in use (config.sandboxes, see config.ts); otherwise its URLs answer 404.
 */
import type { FastifyInstance } from 'fastify';
import { useFormPages } from '../http/form-pages.js';
import type { GoogleSandbox } from '../security/google-sandbox.js';
import type { Services } from '../services.js';
import { registerCheckoutPage } from './checkout-page.js';
import { registerCrmLogos, registerCrmPages } from './crm-pages.js';
import { registerCrmTokensPage } from './crm-tokens-page.js';
import { registerGooglePage } from './google-page.js';
import { registerMailPage, servesMailPage } from './mail-page.js';
import { registerPortalPage } from './portal-page.js';

export interface SandboxOptions {
  services: Services;
  /** Present when the Google sign-in sandbox replaces Google (security/google-sandbox.ts). */
  googleSandbox?: GoogleSandbox;
}

export async function sandboxPlugin(app: FastifyInstance, options: SandboxOptions) {
  const { services, googleSandbox } = options;
  await useFormPages(app, services.config);
  // The catalogue's logos are served here on every deployment: they are not a sandbox.
  registerCrmLogos(app, services);
  if (servesMailPage(services)) registerMailPage(app, services);
  // The payment pages apply plans without payment: only for the sandbox provider, never beside Stripe.
  if (services.billing.name === 'sandbox') {
    registerCheckoutPage(app, services);
    registerPortalPage(app, services);
  }
  if (services.config.sandboxes) {
    registerCrmPages(app, services);
    registerCrmTokensPage(app, services);
  }
  if (googleSandbox) registerGooglePage(app, googleSandbox);
}
