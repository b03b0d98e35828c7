/**
 * The team pool (docs/product.md#the-team-pool): an organization's credits that top-ups fill and admins grant
 * from, kept as a ledger of its own like members' credits (docs/decisions/0001-credits-ledger.md). The pool's
 * balance is a row of its own (credit_pools), not a column of organizations, so taking it never waits on, or
 * deadlocks with, an operation that locks the organization. Members' ledger gains the pool's kinds and the
 * part of a balance granted from the pool (`granted_credits`, within the top-up credits: it never expires and
 * an admin may take it back while unused). A credit pack's checkout says where its credits go.
 */
import { sql, type Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table credit_ledger drop constraint credit_ledger_kind_check;
      alter table credit_ledger add constraint credit_ledger_kind_check check (kind in
        ('grant', 'renewal', 'top_up', 'admin_grant', 'spend', 'refund', 'expiry', 'pool_grant', 'pool_take_back', 'pool_draw'));
      alter table credit_ledger add column granted_amount integer not null default 0;
      alter table users add column granted_credits integer not null default 0;
      alter table users add constraint users_granted_within_top_up
        check (granted_credits >= 0 and granted_credits <= top_up_credits);

      alter table checkout_sessions add column credits_to text check (credits_to in ('pool', 'own'));

      create table credit_pools (
        organization_id integer primary key references organizations(id) on delete cascade,
        credits integer not null default 0 check (credits >= 0)
      );
      create table credit_pool_ledger (
        id bigserial primary key,
        organization_id integer not null references organizations(id) on delete cascade,
        kind text not null check (kind in ('top_up', 'grant', 'take_back', 'draw')),
        amount integer not null,
        balance_after integer not null default 0,
        member_id integer references users(id) on delete set null,
        actor_id integer references users(id) on delete set null,
        idempotency_key text,
        reference text,
        reason text not null,
        created_at timestamptz not null default now()
      );
      create index credit_pool_ledger_org_time on credit_pool_ledger(organization_id, created_at);
      create unique index credit_pool_ledger_idempotency
        on credit_pool_ledger(organization_id, idempotency_key, member_id) where idempotency_key is not null
    `,
    );
    // One statement each: the function bodies hold ';'.
    await sql
      .raw(
        `create or replace function apply_credit_entry() returns trigger language plpgsql as $$
        begin
          update users set
            credits = credits + new.amount,
            top_up_credits = top_up_credits + new.top_up_amount,
            granted_credits = granted_credits + new.granted_amount,
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
        `create function apply_pool_entry() returns trigger language plpgsql as $$
        begin
          insert into credit_pools (organization_id) values (new.organization_id)
            on conflict (organization_id) do nothing;
          update credit_pools set credits = credits + new.amount
            where organization_id = new.organization_id
            returning credits into new.balance_after;
          return new;
        end
        $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger credit_pool_ledger_apply before insert on credit_pool_ledger
         for each row execute function apply_pool_entry()`,
      )
      .execute(db);
  },
} satisfies Migration;
