/**
 * Demo CRM codes always belong to the user who approved them (OAuth login CSRF): none without one.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      delete from oauth_codes where user_id is null;
      alter table oauth_codes alter column user_id set not null
    `,
    );
  },
} satisfies Migration;
