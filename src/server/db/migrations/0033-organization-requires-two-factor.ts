/**
 * An organization can require two-factor sign-in of everyone in it (docs/product.md#two-factor-sign-in).
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `alter table organizations add column require_two_factor boolean not null default false`,
    );
  },
} satisfies Migration;
