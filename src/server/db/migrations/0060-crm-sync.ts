/**
 * CRM sync (docs/product.md#crm-sync-rules): an organization's settings per CRM (no row = the CRM's
 * defaults), the sync log (docs/product.md#sync-log; its indexes serve the newest-first pages by keyset for
 * the team, a member, and an outcome, and the 13-month retention), the charges that make a profile cost
 * once per period (the primary key is the claim), and the Demo CRM sandbox's records.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `create table crm_sync_settings (
         organization_id integer not null references organizations(id) on delete cascade,
         software text not null,
         settings jsonb not null,
         updated_at timestamptz not null default now(),
         primary key (organization_id, software)
       );
       create table crm_sync_log (
         id bigserial primary key,
         organization_id integer references organizations(id) on delete cascade,
         user_id integer not null references users(id) on delete cascade,
         software text not null,
         outcome text not null check (outcome in ('created', 'updated', 'duplicate_skipped', 'refused', 'failed')),
         profile_name text not null,
         profile_url text,
         record_id text,
         record_url text,
         fields_written jsonb not null,
         refused_field text,
         detail text,
         credits_charged integer not null default 0,
         created_at timestamptz not null default now()
       );
       create index crm_sync_log_team on crm_sync_log (organization_id, created_at desc, id desc);
       create index crm_sync_log_team_outcome on crm_sync_log (organization_id, outcome, created_at desc, id desc);
       create index crm_sync_log_member on crm_sync_log (user_id, created_at desc, id desc);
       create index crm_sync_log_age on crm_sync_log (created_at);
       create table crm_sync_charges (
         scope text not null,
         profile_key text not null,
         kind text not null check (kind in ('email', 'phone')),
         period text not null,
         user_id integer references users(id) on delete set null,
         spend_id text not null,
         created_at timestamptz not null default now(),
         primary key (scope, profile_key, kind, period)
       );
       create table demo_crm_records (
         id bigserial primary key,
         account text not null,
         object text not null,
         fields jsonb not null,
         owner text not null,
         created_at timestamptz not null default now(),
         updated_at timestamptz not null default now()
       );
       create index demo_crm_records_account on demo_crm_records (account, object, id)`,
    );
  },
} satisfies Migration;
