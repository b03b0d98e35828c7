/**
 * Single sign-on (docs/product.md#single-sign-on): an organization's connection to its identity provider
 * (OpenID Connect now; SAML's fields are kept for its sign-in to come), the sign-ins under way (one row per
 * `state`, used once), and which identity of a connection is which account.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `create table sso_connections (
         id serial primary key,
         organization_id integer not null unique references organizations(id) on delete cascade,
         protocol text not null check (protocol in ('oidc', 'saml')),
         oidc_issuer text,
         oidc_client_id text,
         oidc_client_secret text,
         oidc_metadata jsonb,
         saml_metadata_url text,
         saml_metadata_xml text,
         tested_at timestamptz,
         created_by integer references users(id) on delete set null,
         created_at timestamptz not null default now(),
         updated_at timestamptz not null default now(),
         check (protocol <> 'oidc' or (oidc_issuer is not null and oidc_client_id is not null
           and oidc_client_secret is not null and oidc_metadata is not null)),
         check (protocol <> 'saml' or saml_metadata_url is not null or saml_metadata_xml is not null)
       );
       create table sso_sign_ins (
         state_hash text primary key,
         connection_id integer not null references sso_connections(id) on delete cascade,
         secrets text not null,
         tester_id integer references users(id) on delete cascade,
         expires_at timestamptz not null,
         used_at timestamptz
       );
       create index sso_sign_ins_expires_at on sso_sign_ins (expires_at);
       create table sso_identities (
         connection_id integer not null references sso_connections(id) on delete cascade,
         subject text not null,
         user_id integer not null references users(id) on delete cascade,
         created_at timestamptz not null default now(),
         primary key (connection_id, subject)
       );
       create index sso_identities_user_id on sso_identities (user_id)`,
    );
  },
} satisfies Migration;
