/**
 * The sandbox payment provider: checkout sessions live in our database and the payment page is
 * served by this server (/sandbox/checkout/:id), so every billing flow completes without internet.
 */
import type { FastifyBaseLogger } from 'fastify';
import { isLocalUrl, type Config } from '../config.js';
import { recordCheckout } from './checkout-record.js';
import type { BillingRepository } from '../repositories/billing.js';
import type { BillingProvider } from './provider.js';

export function createSandboxBilling(billing: BillingRepository, config: Config): BillingProvider {
  return {
    name: 'sandbox',
    async createCheckout(request) {
      const id = await recordCheckout(billing, request);
      return `${config.publicUrl}/sandbox/checkout/${id}`;
    },
    async createPortal(_user, returnUrl) {
      const url = new URL('/sandbox/billing/portal', config.publicUrl);
      url.searchParams.set('return_url', returnUrl);
      return url.toString();
    },
  };
}

/**
 * Every sandbox payment (Pay, a portal plan change) is logged; as a warning when PUBLIC_URL is not local,
 * where sandboxes run only because SANDBOXES=true says so and a plan is being handed out without payment.
 */
export function logSandboxPayment(
  log: FastifyBaseLogger,
  config: Pick<Config, 'publicUrl'>,
  details: { userId: number; checkoutId: string; what: string },
): void {
  const message = `Sandbox payment: ${details.what} applied without charging anyone (SANDBOXES is on)`;
  if (isLocalUrl(config.publicUrl)) log.info(details, message);
  else log.warn(details, message);
}
