/**
 * Pre-aggregated usage of the credit report (docs/performance.md#usage-report-totals): summing a year of an
 * organization's ledger (1,000,000 entries) on every get-usage-report took seconds. A trigger on
 * credit_ledger keeps, in the transaction that writes each spend or refund of an organization's member:
 *
 * - `credit_usage_days`: net credits spent per organization, UTC day and feature (the chart and the
 *   features). Each organization's day is split into 16 slots by member (`user_id % 16`), so members
 *   spending at once do not all wait for one row's lock;
 * - `credit_usage_months`: net credits spent and spends per organization, UTC month and member (the
 *   members table; the report reads the ledger itself for the partial months at its ends, and for a
 *   report filtered by feature).
 *
 * `entries` counts the ledger rows of each total, so a total whose entries are all gone (a deleted member's)
 * is not shown as a day or member with usage. Entries deleted (a member's account deleted) or moved (their
 * organization deleted: organization_id set null) are taken out again by the same trigger.
 * `rebuild_credit_usage()` computes both from the ledger: this migration fills them with it, and a bulk
 * load that turns the trigger off (the credits benchmark) calls it after.
 */
import { sql, type Migration } from 'kysely';
import { runStatements } from './run-statements.js';

const DAY = `(%.created_at at time zone 'UTC')::date`;
const MONTH = `date_trunc('month', %.created_at at time zone 'UTC')::date`;
const of = (expression: string, row: string) => expression.replaceAll('%', row);

export default {
  async up(db) {
    await runStatements(
      db,
      `
      create table credit_usage_days (
        organization_id integer not null references organizations(id) on delete cascade,
        day date not null,
        feature text not null,
        slot smallint not null,
        spent bigint not null,
        entries integer not null,
        primary key (organization_id, day, feature, slot)
      );
      create table credit_usage_months (
        organization_id integer not null references organizations(id) on delete cascade,
        month date not null,
        user_id integer not null references users(id) on delete cascade,
        spent bigint not null,
        spends integer not null,
        entries integer not null,
        primary key (organization_id, month, user_id)
      )
      `,
    );
    // One statement each: the function bodies hold ';'.
    await sql
      .raw(
        `create function apply_credit_usage() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') and old.kind in ('spend', 'refund') and old.organization_id is not null then
            update credit_usage_days set spent = spent + old.amount, entries = entries - 1
              where organization_id = old.organization_id and day = ${of(DAY, 'old')}
                and feature = coalesce(old.feature, '') and slot = old.user_id % 16;
            update credit_usage_months set spent = spent + old.amount,
                spends = spends - (old.kind = 'spend')::int, entries = entries - 1
              where organization_id = old.organization_id and month = ${of(MONTH, 'old')}
                and user_id = old.user_id;
          end if;
          if tg_op in ('INSERT', 'UPDATE') and new.kind in ('spend', 'refund') and new.organization_id is not null then
            insert into credit_usage_days as d (organization_id, day, feature, slot, spent, entries)
              values (new.organization_id, ${of(DAY, 'new')}, coalesce(new.feature, ''), new.user_id % 16, -new.amount, 1)
              on conflict (organization_id, day, feature, slot)
              do update set spent = d.spent + excluded.spent, entries = d.entries + 1;
            insert into credit_usage_months as m (organization_id, month, user_id, spent, spends, entries)
              values (new.organization_id, ${of(MONTH, 'new')}, new.user_id, -new.amount, (new.kind = 'spend')::int, 1)
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
         after insert or delete or update of user_id, organization_id, kind, amount, feature, created_at
         on credit_ledger for each row execute function apply_credit_usage()`,
      )
      .execute(db);
    await sql
      .raw(
        `create function rebuild_credit_usage() returns void language sql as $$
          delete from credit_usage_days;
          delete from credit_usage_months;
          insert into credit_usage_days (organization_id, day, feature, slot, spent, entries)
            select organization_id, ${of(DAY, 'l')}, coalesce(feature, ''), user_id % 16, -sum(amount), count(*)
            from credit_ledger l where kind in ('spend', 'refund') and organization_id is not null
            group by 1, 2, 3, 4;
          insert into credit_usage_months (organization_id, month, user_id, spent, spends, entries)
            select organization_id, ${of(MONTH, 'l')}, user_id, -sum(amount),
              count(*) filter (where kind = 'spend'), count(*)
            from credit_ledger l where kind in ('spend', 'refund') and organization_id is not null
            group by 1, 2, 3;
        $$`,
      )
      .execute(db);
    await sql`select rebuild_credit_usage()`.execute(db);
  },
} satisfies Migration;
