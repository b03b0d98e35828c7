/**
 * A refund gives each credit back where it came from (docs/product.md#the-team-pool): a spend records the
 * part it drew from the team pool (`pool_amount`), and its refund returns that part to the pool as the
 * pool's `refund` entry, the rest to the member's own balance.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `alter table credit_ledger add column pool_amount integer not null default 0;
       alter table credit_pool_ledger drop constraint credit_pool_ledger_kind_check;
       alter table credit_pool_ledger add constraint credit_pool_ledger_kind_check
         check (kind in ('top_up', 'grant', 'take_back', 'draw', 'refund'))`,
    );
  },
} satisfies Migration;
