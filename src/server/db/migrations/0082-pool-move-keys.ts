/**
 * What a grant's or take-back's idempotency_key was asked (docs/product.md#the-team-pool): the kind, the
 * members named and the amount, so the same key again is compared with the call itself. Its ledger entries
 * tell only the members it moved: a take-back of everything leaves out those who had nothing to give back,
 * and the same key naming one fewer of them was taken for the same call.
 *
 * `since_entry_id` is the pool ledger's last entry when the call was made (under the pool's lock): a move of
 * the other kind after it reverses the call (domain/credit-pool.ts, reversedSince).
 *
 * Keys of earlier calls are filled from their entries, the best they tell: the members moved, the amount
 * when every member moved the same (a take-back of everything that took the same from each is then taken
 * for a take-back of that amount), and their last entry.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      create table credit_pool_keys (
        organization_id integer not null references organizations(id) on delete cascade,
        idempotency_key text not null,
        kind text not null check (kind in ('grant', 'take_back')),
        member_ids integer[] not null,
        amount integer,
        since_entry_id bigint not null,
        primary key (organization_id, idempotency_key)
      );
      insert into credit_pool_keys (organization_id, idempotency_key, kind, member_ids, amount, since_entry_id)
        select organization_id, idempotency_key, min(kind),
          array_agg(distinct member_id order by member_id),
          case when count(distinct abs(amount)) = 1 then max(abs(amount)) end,
          max(id)
        from credit_pool_ledger
        where idempotency_key is not null and kind in ('grant', 'take_back') and member_id is not null
        group by organization_id, idempotency_key;
      `,
    );
  },
} satisfies Migration;
