/**
 * Large organizations (docs/performance.md#large-organizations): get-user shows the member count on every call, so it is kept on the
 * organization by a trigger instead of counted each time; the members table sorts and pages through
 * indexes instead of sorting the whole organization.
 */
import { sql, type Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table organizations add column member_count integer not null default 0;
      update organizations o set member_count = (select count(*) from users u where u.organization_id = o.id);
      create index users_org_joined on users(organization_id, created_at, id);
      create index users_org_name on users(organization_id, lower(name), id);
      create index users_org_email on users(organization_id, email);
      create index users_org_product on users(organization_id, lower(btrim(stripe_product)));
      drop index users_organization_id
    `,
    );
    // One statement each: a function body holds ';'.
    await sql
      .raw(
        `create function users_count_members() returns trigger language plpgsql as $body$
        begin
          if tg_op in ('UPDATE', 'DELETE') and old.organization_id is not null
             and (tg_op = 'DELETE' or new.organization_id is distinct from old.organization_id) then
            update organizations set member_count = member_count - 1 where id = old.organization_id;
          end if;
          if tg_op in ('UPDATE', 'INSERT') and new.organization_id is not null
             and (tg_op = 'INSERT' or new.organization_id is distinct from old.organization_id) then
            update organizations set member_count = member_count + 1 where id = new.organization_id;
          end if;
          return null;
        end
        $body$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger users_count_members after insert or delete or update of organization_id on users
        for each row execute function users_count_members()`,
      )
      .execute(db);
  },
} satisfies Migration;
