/**
 * The one place where credit governance events happen (a cap changed, a top-up applied), inside the
 * transaction that made them. Issue 16's audit log records them here once it exists; until then they are
 * only the ledger's (top-ups) and the users row's (caps).
 */
import type { InTransaction } from '../repositories/index.js';

export interface CreditEvent {
  type: 'cap.changed' | 'credits.topped_up';
  actorId: number;
  organizationId: number | null;
  /** Whose credits or cap. */
  userId: number;
  details: Record<string, string | number | null>;
}

export async function creditEvent(_tx: InTransaction, _event: CreditEvent): Promise<void> {
  // Wired to the audit log when it lands (issue 16).
}
