/**
 * A refund gives a spend back whole in the usage totals (docs/product.md#credits-and-caps): its entry on the
 * member's ledger holds the part the member gets back (`amount`), and now also the part that went back to
 * the team pool (`pool_amount`, positive, as the pool's own refund entry). A spend's usage is `-amount`;
 * a refund's, `-(amount + pool_amount)`: the pool's part stayed counted as spent in the usage report and
 * against the caps per kind of lookup, for a lookup that was given back (for a member who had left, the whole
 * granted part). Refunds from before get their pool part from the pool's entry written in the same
 * transaction (same member, same time), and the totals are computed again.
 */
import { sql, type Migration } from 'kysely';
import { runStatements } from './run-statements.js';

const DAY = `(%.created_at at time zone 'UTC')::date`;
const MONTH = `date_trunc('month', %.created_at at time zone 'UTC')::date`;
/** What an entry takes off the credits spent: the whole refund, the member's part and the pool's. */
const USED = `(%.amount + case when %.kind = 'refund' then %.pool_amount else 0 end)`;
const of = (expression: string, row: string) => expression.replaceAll('%', row);

export default {
  async up(db) {
    await runStatements(
      db,
      `
      update credit_ledger l set pool_amount = p.amount
        from credit_pool_ledger p
        where l.kind = 'refund' and l.pool_amount = 0 and p.kind = 'refund'
          and p.member_id = l.user_id and p.created_at = l.created_at;
      drop trigger credit_ledger_usage on credit_ledger;
      `,
    );
    // One statement each: the function bodies hold ';'.
    await sql
      .raw(
        `create or replace function apply_credit_usage() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') and old.kind in ('spend', 'refund') and old.organization_id is not null then
            update credit_usage_days set spent = spent + ${of(USED, 'old')}, entries = entries - 1
              where organization_id = old.organization_id and day = ${of(DAY, 'old')}
                and feature = coalesce(old.feature, '') and slot = old.user_id % 16;
            update credit_usage_months set spent = spent + ${of(USED, 'old')},
                spends = spends - (old.kind = 'spend')::int, entries = entries - 1
              where organization_id = old.organization_id and month = ${of(MONTH, 'old')}
                and user_id = old.user_id;
          end if;
          if tg_op in ('INSERT', 'UPDATE') and new.kind in ('spend', 'refund') and new.organization_id is not null then
            insert into credit_usage_days as d (organization_id, day, feature, slot, spent, entries)
              values (new.organization_id, ${of(DAY, 'new')}, coalesce(new.feature, ''), new.user_id % 16, -${of(USED, 'new')}, 1)
              on conflict (organization_id, day, feature, slot)
              do update set spent = d.spent + excluded.spent, entries = d.entries + 1;
            insert into credit_usage_months as m (organization_id, month, user_id, spent, spends, entries)
              values (new.organization_id, ${of(MONTH, 'new')}, new.user_id, -${of(USED, 'new')}, (new.kind = 'spend')::int, 1)
              on conflict (organization_id, month, user_id)
              do update set spent = m.spent + excluded.spent, spends = m.spends + excluded.spends,
                entries = m.entries + 1;
          end if;
          return null;
        end
        $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger credit_ledger_usage
         after insert or delete or update of user_id, organization_id, kind, amount, pool_amount, feature, created_at
         on credit_ledger for each row execute function apply_credit_usage()`,
      )
      .execute(db);
    await sql
      .raw(
        `create or replace function rebuild_credit_usage() returns void language sql as $$
          delete from credit_usage_days;
          delete from credit_usage_months;
          insert into credit_usage_days (organization_id, day, feature, slot, spent, entries)
            select organization_id, ${of(DAY, 'l')}, coalesce(feature, ''), user_id % 16, -sum(${of(USED, 'l')}), count(*)
            from credit_ledger l where kind in ('spend', 'refund') and organization_id is not null
            group by 1, 2, 3, 4;
          insert into credit_usage_months (organization_id, month, user_id, spent, spends, entries)
            select organization_id, ${of(MONTH, 'l')}, user_id, -sum(${of(USED, 'l')}),
              count(*) filter (where kind = 'spend'), count(*)
            from credit_ledger l where kind in ('spend', 'refund') and organization_id is not null
            group by 1, 2, 3;
        $$`,
      )
      .execute(db);
    await sql`select rebuild_credit_usage()`.execute(db);
  },
} satisfies Migration;
