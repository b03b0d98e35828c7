/**
 * CRM connection health (docs/product.md#connection-health): when a connection's CRM refused its
 * credentials (it needs attention until its maker connects again, which makes a new row), when its OAuth
 * access token expires, a short claim that one process is refreshing it, and when its API keys were last
 * checked by the daily check (its index finds those due). The Demo CRM sandbox's own tokens: the access and
 * refresh tokens it issued (hashed, so it can let them expire and refuse a refresh) and the API keys it was
 * told to refuse.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `alter table crm_connections add column needs_attention_since timestamptz;
       alter table crm_connections add column token_expires_at timestamptz;
       alter table crm_connections add column refreshing_until timestamptz;
       alter table crm_connections add column keys_checked_at timestamptz not null default now();
       create index crm_connections_keys_due on crm_connections (keys_checked_at)
         where auth_type = 'api key' and needs_attention_since is null;
       create table demo_crm_tokens (
         token_hash text primary key,
         kind text not null check (kind in ('access', 'refresh', 'refused_key')),
         user_id integer not null references users(id) on delete cascade,
         expires_at timestamptz,
         created_at timestamptz not null default now()
       );
       create index demo_crm_tokens_user on demo_crm_tokens (user_id, kind)`,
    );
  },
} satisfies Migration;
