/**
 * SCIM 2.0 provisioning (docs/scim.md): the organization's bearer tokens (only their SHA-256 is stored;
 * a rotated token stays valid until `grace_until`), the users and groups an identity provider
 * provisioned (a SCIM user is linked to an account by its address, userName), group members, and the
 * admin's mapping of a group's displayName to a role or a product.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `create table scim_tokens (
         id serial primary key,
         organization_id integer not null references organizations(id) on delete cascade,
         token_hash text not null unique,
         created_by integer references users(id) on delete set null,
         created_at timestamptz not null default now(),
         expires_at timestamptz not null,
         grace_until timestamptz,
         revoked_at timestamptz,
         last_used_at timestamptz
       );
       create index scim_tokens_organization on scim_tokens (organization_id);
       create table scim_users (
         id uuid primary key default gen_random_uuid(),
         organization_id integer not null references organizations(id) on delete cascade,
         user_name text not null,
         external_id text,
         given_name text,
         family_name text,
         active boolean not null default true,
         created_at timestamptz not null default now(),
         updated_at timestamptz not null default now()
       );
       create unique index scim_users_user_name on scim_users (organization_id, lower(user_name));
       create table scim_groups (
         id uuid primary key default gen_random_uuid(),
         organization_id integer not null references organizations(id) on delete cascade,
         display_name text not null,
         external_id text,
         created_at timestamptz not null default now(),
         updated_at timestamptz not null default now()
       );
       create unique index scim_groups_display_name on scim_groups (organization_id, lower(display_name));
       create table scim_group_members (
         group_id uuid not null references scim_groups(id) on delete cascade,
         user_id uuid not null references scim_users(id) on delete cascade,
         primary key (group_id, user_id)
       );
       create table scim_group_mappings (
         id serial primary key,
         organization_id integer not null references organizations(id) on delete cascade,
         display_name text not null,
         role text check (role is null or role in ('member', 'billing_manager', 'viewer')),
         product text check (product is null or product in ('free', 'standard', 'pro')),
         check ((role is null) <> (product is null)),
         created_at timestamptz not null default now()
       );
       create unique index scim_group_mappings_name on scim_group_mappings (organization_id, lower(display_name))`,
    );
  },
} satisfies Migration;
