/**
 * docs/product.md#invitations: invitations may carry the billing manager and viewer roles (src/shared/permissions.ts).
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table invitations drop constraint if exists invitations_role_check;
      alter table invitations add constraint invitations_role_check
        check (role in ('admin', 'member', 'billing_manager', 'viewer'))
    `,
    );
  },
} satisfies Migration;
