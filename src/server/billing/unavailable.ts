import { unavailable } from '../domain/errors.js';
import type { BillingProvider } from './provider.js';
import { message } from '../../contract/messages.js';

/**
 * No payment provider: STRIPE_SECRET_KEY is not set and the sandboxes are off (a non-local PUBLIC_URL
 * without SANDBOXES=true). Paying is refused rather than simulated, so nobody gets a plan for free.
 */
export function createUnavailableBilling(): BillingProvider {
  const refuse = async (): Promise<never> => {
    throw unavailable(message('payments_unavailable'));
  };
  return {
    name: 'none',
    createCheckout: refuse,
    createPortal: refuse,
    setQuantities: refuse,
    retrieveSubscription: async () => undefined,
    listInvoices: async () => [],
    cancelReplacedSubscription: refuse,
    updatesSeatsInPlace: false,
  };
}
