/**
 * A plan or seat checkout is paid for the organization its buyer was in when it was opened, or for no
 * organization (docs/product.md#checkout-and-the-billing-portal): `checkout_sessions.buyer_organization_id`
 * keeps which, so one paid after the buyer joined, left or changed organizations never lands on another
 * organization's seats and subscription. Open sessions from before take the buyer's organization of now
 * (what they were paid for until then). No foreign key: the id of an organization deleted since must still
 * say that the checkout was not for the buyer's new one.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table checkout_sessions add column buyer_organization_id integer;
      update checkout_sessions c set buyer_organization_id = u.organization_id
        from users u where u.id = c.user_id and c.status = 'open';
      `,
    );
  },
} satisfies Migration;
