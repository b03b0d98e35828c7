/**
 * Where a proving invitation came from (docs/product.md#proven-addresses): an invitation link, or the
 * organization's automatic joining. Such an invitation stands for that way in, so it lets nobody in once
 * the way is closed (the link revoked, automatic joining off or the domain changed): it counts as pending
 * only while its origin stands (repositories/invitations.ts). No foreign key: a link is never deleted but
 * with its organization, whose invitations go with it, and a missing link counts as closed.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table invitations add column via_invite_link_id integer;
      alter table invitations add column via_auto_join boolean not null default false;
      `,
    );
  },
} satisfies Migration;
