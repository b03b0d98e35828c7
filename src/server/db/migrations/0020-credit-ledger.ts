/**
 * Credits are a ledger (docs/decisions/0001-credits-ledger.md). Every change of a balance is a row of credit_ledger, and a trigger
 * applies the row to users.credits (and its top-up part) as it is inserted, so the balance equals the
 * ledger's sum by construction and a check forbids a negative one. Existing balances open the ledger.
 */
import { sql, type Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      update users set credits = 0 where credits < 0;
      alter table users alter column credits set default 0;
      alter table users add column top_up_credits integer not null default 0;
      alter table users add column monthly_cap integer check (monthly_cap is null or monthly_cap >= 0);
      alter table users add column period_spent integer not null default 0;
      alter table users add column period_granted integer not null default 0;
      alter table users add column credit_period_start timestamptz not null default now();
      alter table users add column credit_period_end timestamptz not null default (now() + interval '1 month');
      alter table users add column cap_mailed_at timestamptz;
      update users set period_granted = credits;
      alter table users add constraint users_credits_not_negative check (credits >= 0);
      alter table users add constraint users_top_up_within_credits
        check (top_up_credits >= 0 and top_up_credits <= credits);

      create table credit_ledger (
        id bigserial primary key,
        user_id integer not null references users(id) on delete cascade,
        organization_id integer references organizations(id) on delete set null,
        kind text not null check (kind in ('grant', 'renewal', 'top_up', 'admin_grant', 'spend', 'refund', 'expiry')),
        amount integer not null,
        top_up_amount integer not null default 0,
        balance_after integer not null default 0,
        feature text,
        reference text,
        idempotency_key text,
        refund_of bigint references credit_ledger(id) on delete set null,
        actor_id integer references users(id) on delete set null,
        reason text not null,
        created_at timestamptz not null default now()
      );
      create unique index credit_ledger_idempotency on credit_ledger(user_id, idempotency_key)
        where idempotency_key is not null;
      create unique index credit_ledger_refund_once on credit_ledger(refund_of) where refund_of is not null;
      create index credit_ledger_user_time on credit_ledger(user_id, created_at);
      create index credit_ledger_org_time on credit_ledger(organization_id, created_at)
        include (user_id, kind, amount, feature);

      insert into credit_ledger (user_id, organization_id, kind, amount, balance_after, reason)
        select id, organization_id, 'grant', credits, credits, 'Opening balance' from users where credits > 0
    `,
    );
    // One statement each: the function body holds ';'.
    await sql
      .raw(
        `create function apply_credit_entry() returns trigger language plpgsql as $$
        begin
          update users set
            credits = credits + new.amount,
            top_up_credits = top_up_credits + new.top_up_amount,
            period_spent = greatest(0, period_spent - case when new.kind in ('spend', 'refund') then new.amount else 0 end)
          where id = new.user_id
          returning credits into new.balance_after;
          if not found then
            raise exception 'credit entry for unknown user %', new.user_id;
          end if;
          return new;
        end
        $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger credit_ledger_apply before insert on credit_ledger
         for each row execute function apply_credit_entry()`,
      )
      .execute(db);
  },
} satisfies Migration;
