/**
 * docs/product.md#proven-addresses: typing an address proves nothing, so automatic joining and invitation links let in only the
 * people who proved theirs (Google's verified address, a mailed invitation accepted, a mailed reset used).
 * Existing accounts count as proven when they signed in with Google or accepted an invitation to their address.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table users add column email_proven_at timestamptz;
      update users set email_proven_at = created_at where google_sub is not null;
      update users set email_proven_at = invitations.accepted_at from invitations
        where email_proven_at is null and invitations.accepted_at is not null and lower(invitations.email) = lower(users.email)
    `,
    );
  },
} satisfies Migration;
