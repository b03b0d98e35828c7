/** The sandbox pages, in their own plugin scope: HTML forms (urlencoded) are parsed only here. */
import type { FastifyInstance } from 'fastify';
import { useFormPages } from '../http/form-pages.js';
import type { Services } from '../services.js';
import { registerCheckoutPage } from './checkout-page.js';
import { registerCrmPages } from './crm-pages.js';
import { registerMailPage } from './mail-page.js';
import { registerPortalPage } from './portal-page.js';

export async function sandboxPlugin(app: FastifyInstance, options: { services: Services }) {
  const { services } = options;
  await useFormPages(app, services.config);
  registerMailPage(app, services);
  registerCheckoutPage(app, services);
  registerPortalPage(app, services);
  registerCrmPages(app, services);
}
