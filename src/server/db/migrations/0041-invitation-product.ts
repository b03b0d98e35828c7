/**
 * docs/product.md#accepting-an-invitation: an invitation can carry a paid product, seated again when it is accepted.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(db, `alter table invitations add column product text not null default 'free'`);
  },
} satisfies Migration;
