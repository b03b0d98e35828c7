/**
 * Session and network policies per organization (docs/product.md#session-and-network-policies): an idle
 * timeout and an absolute lifetime for its members' sessions, and the addresses they may call from. No
 * row (or nulls, an empty list): the product's own 7 days idle, 30 days absolute, any address.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `create table session_policies (
         organization_id integer primary key references organizations(id) on delete cascade,
         idle_timeout_minutes integer check (idle_timeout_minutes is null or idle_timeout_minutes between 5 and 10080),
         session_lifetime_minutes integer
           check (session_lifetime_minutes is null or session_lifetime_minutes between 15 and 43200),
         ip_allow_list jsonb not null default '[]'
       )`,
    );
  },
} satisfies Migration;
