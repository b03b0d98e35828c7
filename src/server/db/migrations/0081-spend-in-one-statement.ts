/**
 * A spend in one statement (docs/performance.md#a-spend-in-one-statement): `spend_credits` locks the
 * spender's row, finds a spend made earlier under the key, checks the caps and the balance, and writes the
 * entry, answering what became of it. Each of those was a round trip of its own, six a spend with the
 * session lookup, and a spend-credits call's server CPU went mostly to them.
 *
 * What needs more than the spender's row comes back to the caller as a status, having written nothing,
 * and the caller calls again in its transaction once it has done it (domain/credits.ts, spendCredits):
 * `period_ended` (renew the credit period), `measure_kind` (a cap per kind of lookup is set: the caller
 * sums what the period spent on it, `p_spent_on_kind`), `short` (the balance is short by `detail`: the
 * caller draws that from the team pool, `p_drawn`), and `news` when `p_warning_ratio` is given and the spend
 * would bring the member's usage to that share of their cap or past it: what it tells (a cap reached, an
 * alert) is claimed in the spend's transaction, so the caller spends again in one that claims it after.
 * `period_ended` gives the time it was found ended at (`held_at`, once the row was held), which the caller
 * renews by.
 */
import { sql, type Migration } from 'kysely';

export default {
  async up(db) {
    // One statement: the body holds ';'.
    await sql
      .raw(
        `create function spend_credits(
          p_user_id integer, p_amount integer, p_feature text, p_reference text, p_key text,
          p_kind text, p_spent_on_kind integer, p_drawn integer, p_warning_ratio numeric)
        returns table (status text, detail integer, spend_id text, charged integer, pool_amount integer,
          credits integer, period_spent integer, monthly_cap integer, held_at timestamptz)
        language plpgsql as $$
        #variable_conflict use_column
        declare
          u users%rowtype;
          e credit_ledger%rowtype;
          kind_cap integer;
          from_top_ups integer;
          held_since timestamptz;
        begin
          select * into u from users where id = p_user_id for update;
          -- Whether the period has ended is asked once the row is held: a spend that waited for it across
          -- the period's end is the new period's.
          held_since := clock_timestamp();
          if not found then
            return query select 'missing'::text, null::integer, null::text, null::integer, null::integer,
              null::integer, null::integer, null::integer, null::timestamptz;
            return;
          end if;
          select * into e from credit_ledger where user_id = p_user_id and idempotency_key = p_key;
          if found then
            -- A refunded spend's key is spent for good: replaying it would answer "spent" for credits given back.
            if e.kind = 'spend' and exists (select 1 from credit_ledger r where r.refund_of = e.id) then
              return query select 'key_refunded'::text, null::integer, null::text, null::integer,
                null::integer, null::integer, null::integer, null::integer, null::timestamptz;
            elsif e.kind <> 'spend' or -e.amount <> p_amount or e.feature is distinct from p_feature
                or e.reference is distinct from p_reference then
              return query select 'key_conflict'::text, null::integer, null::text, null::integer,
                null::integer, null::integer, null::integer, null::integer, null::timestamptz;
            else
              return query select 'replayed'::text, null::integer, e.id::text, -e.amount, e.pool_amount,
                u.credits, u.period_spent, u.monthly_cap, null::timestamptz;
            end if;
            return;
          end if;
          if u.credit_period_end <= held_since then
            return query select 'period_ended'::text, null::integer, null::text, null::integer,
              null::integer, null::integer, null::integer, null::integer, held_since;
            return;
          end if;
          if u.monthly_cap is not null and u.period_spent + p_amount > u.monthly_cap then
            return query select 'cap_reached'::text, u.monthly_cap, null::text, null::integer,
              null::integer, null::integer, null::integer, null::integer, null::timestamptz;
            return;
          end if;
          kind_cap := case p_kind when 'email' then u.email_cap when 'phone' then u.phone_cap end;
          if kind_cap is not null and p_spent_on_kind is null then
            return query select 'measure_kind'::text, null::integer, null::text, null::integer,
              null::integer, null::integer, null::integer, null::integer, null::timestamptz;
            return;
          end if;
          if kind_cap is not null and p_spent_on_kind + p_amount > kind_cap then
            return query select 'kind_cap_reached'::text, kind_cap, null::text, null::integer,
              null::integer, null::integer, null::integer, null::integer, null::timestamptz;
            return;
          end if;
          if u.credits < p_amount then
            return query select 'short'::text, p_amount - u.credits, null::text, null::integer,
              null::integer, null::integer, null::integer, null::integer, null::timestamptz;
            return;
          end if;
          if p_warning_ratio is not null and u.monthly_cap is not null
              and u.period_spent + p_amount >= u.monthly_cap * p_warning_ratio then
            return query select 'news'::text, null::integer, null::text, null::integer,
              null::integer, null::integer, null::integer, null::integer, null::timestamptz;
            return;
          end if;
          -- Plan credits (the balance less its top-ups) are spent first.
          from_top_ups := greatest(0, p_amount - (u.credits - u.top_up_credits));
          insert into credit_ledger (user_id, organization_id, kind, amount, top_up_amount, granted_amount,
              pool_amount, feature, reference, idempotency_key, reason, period_start)
            values (u.id, u.organization_id, 'spend', -p_amount, -from_top_ups,
              -- Credits granted from the pool go before the member's own top-ups (an admin may take back the rest).
              -least(u.granted_credits, from_top_ups),
              -- What a refund gives back to the pool: the drawn credits are granted ones, spent first above.
              -p_drawn,
              p_feature, p_reference, p_key, 'Spent on ' || p_feature,
              -- Its refund and the caps per kind go by the period it was counted in, not by its time; to the
              -- millisecond, as the server reads that period's start (a JavaScript Date) to compare with it.
              date_trunc('milliseconds', u.credit_period_start))
            returning * into e;
          select * into u from users where id = p_user_id;
          return query select 'spent'::text, null::integer, e.id::text, -e.amount, e.pool_amount,
            u.credits, u.period_spent, u.monthly_cap, null::timestamptz;
        end
        $$`,
      )
      .execute(db);
  },
} satisfies Migration;
