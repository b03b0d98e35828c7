/**
 * DNS verification of the company domain (docs/product.md#verifying-a-domain): the organization's TXT
 * token, how its domain was proven ('dns' or 'mail': SSO will accept only 'dns'), when the daily check last
 * looked, and when the record was found gone. Domains verified before were proven by a mailed code.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `alter table organizations add column domain_txt_token text;
       alter table organizations add column domain_method text;
       alter table organizations add column domain_checked_at timestamptz;
       alter table organizations add column domain_record_missing_at timestamptz;
       update organizations set domain_method = 'mail' where domain is not null;
       create index organizations_dns_recheck on organizations (domain_checked_at)
         where domain_method = 'dns' and domain is not null`,
    );
  },
} satisfies Migration;
