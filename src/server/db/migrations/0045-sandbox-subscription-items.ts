/**
 * docs/product.md#seats-and-the-payment-provider: the sandbox payment provider keeps its subscriptions' items (one per product, with its
 * quantity) apart from our own record, so tests and the reconciliation can compare the two sides.
 * provider_event_at: the creation time of the newest provider event applied to a subscription
 * (older ones arriving late are skipped).
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      create table sandbox_subscription_items (
        subscription_id text not null,
        product text not null,
        price_id text not null,
        quantity integer not null check (quantity >= 0),
        updated_at timestamptz not null default now(),
        primary key (subscription_id, product)
      );
      alter table subscriptions add column provider_event_at timestamptz
    `,
    );
  },
} satisfies Migration;
