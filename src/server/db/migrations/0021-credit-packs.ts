/**
 * docs/product.md#top-ups: credit packs (seeded reference data) and their one-off checkouts.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      create table credit_packs (
        slug text primary key,
        name text not null,
        credits integer not null check (credits > 0),
        price integer not null check (price >= 0),
        sort_order integer not null default 0
      );
      alter table checkout_sessions drop constraint checkout_sessions_kind_check;
      alter table checkout_sessions add constraint checkout_sessions_kind_check
        check (kind in ('plan', 'seats', 'top_up'));
      alter table checkout_sessions add column credit_pack text;
      alter table checkout_sessions add column credits integer not null default 0
    `,
    );
  },
} satisfies Migration;
