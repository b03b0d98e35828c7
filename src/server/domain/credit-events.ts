/**
 * The one place where credit governance events happen (a cap changed, a top-up applied, credits granted
 * from the team pool or taken back to it), inside the transaction that made them: each becomes an entry
 * of the audit log (docs/product.md#audit-log).
 */
import type { User } from '../db/schema.js';
import type { InTransaction } from '../repositories/index.js';
import { personOf } from '../repositories/audit.js';

export interface CreditEvent {
  type: 'credits.cap_changed' | 'credits.top_up' | 'credits.granted' | 'credits.taken_back';
  actor: Pick<User, 'id' | 'email'>;
  organizationId: number | null;
  /** Whose credits or cap. */
  target: Pick<User, 'id' | 'email'>;
  details: Record<string, string | number | null>;
  /** The admin's address, when the call that made the event carries it (a grant or take-back). */
  ip?: string | null;
}

export async function creditEvent(tx: InTransaction, event: CreditEvent): Promise<void> {
  await tx.audit.record({
    type: event.type,
    organizationId: event.organizationId,
    actor: personOf(event.actor),
    target: personOf(event.target),
    // A cap is set from the dashboard and a top-up is applied by the payment provider's callback:
    // neither call carries the admin's or buyer's address down here.
    ip: event.ip ?? null,
    details: event.details,
  });
}
