/**
 * Sessions list (docs/product.md#sessions): the browser and address a session was started from, shown in Settings.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table sessions add column id serial;
      alter table sessions add column user_agent text;
      alter table sessions add column ip text
    `,
    );
  },
} satisfies Migration;
