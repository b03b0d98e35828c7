/**
 * `npm run reconcile:seats` (docs/decisions/0002-seat-sync-policy.md): every organization's purchased
 * seats against its subscription at the provider, reported, and with --fix made the provider's.
 */
import { assignedSeats } from '../../../shared/seats.js';
import { applyProviderQuantities } from './provider-quantities.js';
import { driftReport, seatDrift, type SeatBooks, type SeatDrift } from './seat-drift.js';
import type { SeatServices } from './seat-sync.js';

interface ReconcileResult {
  drift: SeatDrift[];
  fixed: boolean;
  report: string;
}

/**
 * Compares every organization's purchased seats with its subscription at the provider; with `fix`,
 * the purchased seats take the provider's quantities (the provider is what the customer pays for).
 */
async function reconcileSeats(services: SeatServices, { fix = false } = {}): Promise<ReconcileResult> {
  const books: SeatBooks[] = [];
  for (const org of await services.repos.organizations.all()) {
    const provider = org.subscription_id
      ? await services.billing.retrieveSubscription(org.subscription_id)
      : undefined;
    books.push({
      organizationId: org.id,
      name: org.name,
      subscriptionId: org.subscription_id,
      purchased: { standard: org.seats_standard, pro: org.seats_pro },
      assigned: assignedSeats(await services.repos.users.productsOf(org.id)),
      provider: provider?.quantities,
    });
  }
  const drift = seatDrift(books);
  if (fix) {
    for (const org of books) {
      if (!drift.some((d) => d.organizationId === org.organizationId)) continue;
      if (org.subscriptionId) {
        const subscriptionId = org.subscriptionId;
        // Under the subscription's lock, and the provider read again there: a purchase in place that the
        // provider accepted but we have not added yet would otherwise be counted twice (seat-sync above).
        await services.seatLock.run(subscriptionId, async () => {
          const provider = await services.billing.retrieveSubscription(subscriptionId);
          await applyProviderQuantities(services.repos, {
            id: subscriptionId,
            status: 'active',
            quantities: provider?.quantities ?? { standard: 0, pro: 0 },
          });
        });
      } else {
        const quantities = org.provider ?? { standard: 0, pro: 0 };
        // No subscription at all: nobody pays for these seats.
        await services.repos.organizations.setSeats(org.organizationId, {
          ...quantities,
          subscriptionId: null,
        });
      }
    }
  }
  return { drift, fixed: fix, report: driftReport(drift, fix) };
}

/**
 * `npm run reconcile:seats [--fix]`: prints the report; the exit code is 1 when drift was found and left
 * (so a scheduled run can alert), 0 when there was none or it was fixed, 2 on an unknown argument.
 */
export async function runReconcileCommand(
  services: SeatServices,
  args: readonly string[],
  print: (line: string) => void,
): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--fix');
  if (unknown.length > 0) {
    print(`Unknown argument ${unknown.join(' ')}. Usage: npm run reconcile:seats [-- --fix]`);
    return 2;
  }
  const fix = args.includes('--fix');
  const { drift, report } = await reconcileSeats(services, { fix });
  print(report);
  return drift.length > 0 && !fix ? 1 : 0;
}
