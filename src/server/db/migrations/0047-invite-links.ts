/**
 * Invitation links (docs/product.md#invitation-links): only the token's hash is kept; `domain` is the verified domain the link was
 * made for, so a link stops working when the organization's domain changes.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      create table invite_links (
        id serial primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        token_hash text not null unique,
        domain text not null,
        created_by integer references users (id) on delete set null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz
      );
      create index invite_links_organization on invite_links (organization_id) where revoked_at is null
    `,
    );
  },
} satisfies Migration;
