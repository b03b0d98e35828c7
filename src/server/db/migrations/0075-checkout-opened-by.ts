/**
 * Who opened a checkout (`checkout_sessions.opened_by`): the billing admin pays it, but a billing manager
 * may be the one who bought (docs/product.md#audit-log: each entry names who did it). The plan change and
 * the seats bought are audited with them as actor, whether the payment completes on the sandbox page or
 * by the provider's webhook. Null for checkouts from before, audited with the payer as then.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table checkout_sessions add column opened_by integer references users(id) on delete set null;
      `,
    );
  },
} satisfies Migration;
