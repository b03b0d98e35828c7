/**
 * docs/product.md#checkout-and-the-billing-portal: the subscription a paid checkout started or paid into, so a late payment can be compared with
 * the checkout that made the account's current subscription (the newest checkout wins, in any order).
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table checkout_sessions add column subscription_id text;
      create index checkout_sessions_subscription on checkout_sessions (subscription_id) where subscription_id is not null
    `,
    );
  },
} satisfies Migration;
