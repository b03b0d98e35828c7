/**
 * A spend says which credit period it was counted in (`credit_ledger.period_start`, the member's
 * `credit_period_start` when the spend was decided, under the lock of their row): its refund and the caps
 * per kind of lookup go by it (docs/product.md#credits-and-caps). The entry's time could not say it: it is
 * when the spend's transaction began, which may be before a renewal it then waited behind, and an
 * organization's renewal dates every member's new period when it begins, before it reaches each of them.
 * Null for spends from before, which go by their time as then.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table credit_ledger add column period_start timestamptz;
      `,
    );
  },
} satisfies Migration;
