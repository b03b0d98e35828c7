/**
 * Audit log streaming and retention (docs/product.md#audit-log-streaming, docs/product.md#audit-log):
 *
 * - `audit_settings`: how long an organization keeps its entries (no row: 365 days, never fewer).
 * - `audit_streams`: an organization's SIEM endpoint, its signing secret sealed (security/secret-box.ts),
 *   the status of its deliveries and the lease of the process delivering for it.
 * - `audit_deliveries`: the outbox. The statement that writes an entry writes its delivery when the
 *   organization streams (repositories/audit.ts), so both exist or neither. A delivered row is deleted;
 *   a row given up after 24 hours stays, `failed`. `seq` is the order of sending, given by the process
 *   that holds the organization's lease (audit-stream/deliveries.ts).
 * - The append-only trigger now lets the hourly purge delete entries, and only it: the purge says so in
 *   its own transaction (`audit.purge`), and an entry younger than 365 days is refused even then.
 */
import { sql, type Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      create table audit_settings (
        organization_id integer primary key references organizations(id) on delete cascade,
        retention_days integer not null default 365 check (retention_days between 365 and 3650)
      );
      create table audit_streams (
        organization_id integer primary key references organizations(id) on delete cascade,
        url text not null,
        secret text not null,
        previous_secret text,
        previous_secret_until timestamptz,
        created_at timestamptz not null default now(),
        last_success_at timestamptz,
        last_failure_at timestamptz,
        last_failure_status integer,
        last_failure_reason text,
        lease_owner text,
        lease_until timestamptz,
        served_at timestamptz
      );
      create table audit_deliveries (
        id serial primary key,
        organization_id integer not null references audit_streams(organization_id) on delete cascade,
        audit_event_id integer not null references audit_events(id) on delete cascade,
        seq integer,
        status text not null default 'pending' check (status in ('pending', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index audit_deliveries_queue on audit_deliveries (organization_id, seq, id) where status = 'pending';
      create index audit_deliveries_event on audit_deliveries (audit_event_id);
      create index audit_events_created_at on audit_events (created_at)
    `,
    );
    // One statement: the function body holds ';'. OLD exists only for the row-level DELETE.
    await sql
      .raw(
        `create or replace function audit_events_append_only() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then
            if current_setting('audit.purge', true) = 'on' and old.created_at < now() - interval '365 days' then
              return old;
            end if;
          end if;
          raise exception 'audit_events is append-only: entries cannot be changed or deleted'
            using errcode = 'insufficient_privilege';
        end
        $$`,
      )
      .execute(db);
  },
} satisfies Migration;
