/**
 * The audit log (docs/product.md#audit-log): append-only. A trigger refuses UPDATE, DELETE and TRUNCATE on it for every
 * client, the product's own code included, so entries stay (at least a year: nothing ever deletes them).
 * No foreign keys: an entry outlives the account or organization it names.
 */
import { sql, type Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      create table audit_events (
        id serial primary key,
        created_at timestamptz not null default now(),
        organization_id integer,
        type text not null,
        actor_id integer,
        actor_email text,
        target_id integer,
        target_email text,
        ip text,
        details jsonb not null default '{}'::jsonb
      );
      create index audit_events_organization on audit_events (organization_id, id);
      create index audit_events_actor on audit_events (actor_id, id);
      create index audit_events_target on audit_events (target_id, id)
    `,
    );
    // One statement each: the function body holds ';'.
    await sql
      .raw(
        `create function audit_events_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'audit_events is append-only: entries cannot be changed or deleted'
            using errcode = 'insufficient_privilege';
        end
        $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger audit_events_no_change before update or delete on audit_events
        for each row execute function audit_events_append_only()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger audit_events_no_truncate before truncate on audit_events
        for each statement execute function audit_events_append_only()`,
      )
      .execute(db);
  },
} satisfies Migration;
