/**
 * Company domain (docs/product.md#company-domain-and-join-requests): the organization's verified email domain (one organization per domain), the
 * verification mailed but not confirmed yet (its code stored hashed), and requests to join from people
 * at that domain, open for 7 days.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table organizations add column domain text;
      alter table organizations add column domain_verified_at timestamptz;
      alter table organizations add column pending_domain text;
      alter table organizations add column pending_domain_email text;
      alter table organizations add column domain_code_hash text;
      alter table organizations add column domain_code_expires_at timestamptz;
      create unique index organizations_domain on organizations (domain);
      create table join_requests (
        id serial primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        user_id integer not null references users (id) on delete cascade,
        status text not null default 'pending' check (status in ('pending', 'approved', 'declined')),
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        decided_at timestamptz,
        decided_by integer references users (id) on delete set null
      );
      create index join_requests_pending on join_requests (organization_id, status, expires_at)
    `,
    );
  },
} satisfies Migration;
