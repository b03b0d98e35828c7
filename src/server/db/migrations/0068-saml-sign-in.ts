/**
 * SAML sign-in (docs/product.md#single-sign-on):
 *
 * - `sso_connections.saml_idp`: the identity provider's metadata as read (its entity ID, sign-on URL and
 *   signing certificates), parsed when the connection is saved and again when it is refreshed (daily, and
 *   once after a signature that does not verify); `saml_idp_entity_id` finds the connection of an answer
 *   the identity provider sent unasked; `saml_fetched_at` is when a metadata URL was last read.
 * - `sso_saml_assertions`: the assertions already used, by connection and ID, kept until they expire: an
 *   assertion signs in once.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table sso_connections add column saml_idp jsonb;
      alter table sso_connections add column saml_idp_entity_id text;
      alter table sso_connections add column saml_fetched_at timestamptz;
      create index sso_connections_saml_idp_entity_id on sso_connections (saml_idp_entity_id);
      create table sso_saml_assertions (
        connection_id integer not null references sso_connections(id) on delete cascade,
        assertion_id text not null,
        expires_at timestamptz not null,
        primary key (connection_id, assertion_id)
      );
      create index sso_saml_assertions_expires_at on sso_saml_assertions (expires_at);
      `,
    );
  },
} satisfies Migration;
