/**
 * Automatic joining (docs/product.md#automatic-joining), optional: off until an admin turns it on.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `alter table organizations add column domain_auto_join boolean not null default false`,
    );
  },
} satisfies Migration;
