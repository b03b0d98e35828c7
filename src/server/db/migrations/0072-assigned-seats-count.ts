/**
 * Large organizations (docs/performance.md#large-organizations): get-organization-members answers the
 * seats held per paid product of the whole organization with every page, which counted the organization's
 * members each time (the one part of a page that grew with the organization). The counts are kept on the
 * organization by a trigger, as member_count is (migration 0010), by the plan key the seat rule reads:
 * `lower(btrim(stripe_product))`.
 */
import { sql, type Migration } from 'kysely';
import { runStatements } from './run-statements.js';

const KEY = (row: string) => `lower(btrim(${row}.stripe_product))`;

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table organizations add column assigned_standard integer not null default 0;
      alter table organizations add column assigned_pro integer not null default 0;
      update organizations o set
        assigned_standard = (select count(*) from users u where u.organization_id = o.id and ${KEY('u')} = 'standard'),
        assigned_pro = (select count(*) from users u where u.organization_id = o.id and ${KEY('u')} = 'pro')
      `,
    );
    // One statement each: a function body holds ';'.
    await sql
      .raw(
        `create function users_count_seats() returns trigger language plpgsql as $body$
        begin
          if tg_op = 'UPDATE' and new.organization_id is not distinct from old.organization_id
             and ${KEY('new')} is not distinct from ${KEY('old')} then
            return null;
          end if;
          if tg_op in ('UPDATE', 'DELETE') and old.organization_id is not null
             and ${KEY('old')} in ('standard', 'pro') then
            update organizations set
              assigned_standard = assigned_standard - (${KEY('old')} = 'standard')::int,
              assigned_pro = assigned_pro - (${KEY('old')} = 'pro')::int
            where id = old.organization_id;
          end if;
          if tg_op in ('UPDATE', 'INSERT') and new.organization_id is not null
             and ${KEY('new')} in ('standard', 'pro') then
            update organizations set
              assigned_standard = assigned_standard + (${KEY('new')} = 'standard')::int,
              assigned_pro = assigned_pro + (${KEY('new')} = 'pro')::int
            where id = new.organization_id;
          end if;
          return null;
        end
        $body$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger users_count_seats
         after insert or delete or update of organization_id, stripe_product on users
         for each row execute function users_count_seats()`,
      )
      .execute(db);
  },
} satisfies Migration;
