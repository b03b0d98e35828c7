/**
 * Requests sent through the server's own support form (/support), kept even once mailed.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      create table support_requests (
        id serial primary key,
        user_id integer references users(id) on delete set null,
        email text not null,
        message text not null,
        created_at timestamptz not null default now()
      )
    `,
    );
  },
} satisfies Migration;
