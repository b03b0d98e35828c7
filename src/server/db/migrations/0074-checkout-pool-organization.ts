/**
 * A credit pack bought for the team pool goes to the pool of the organization it was bought for
 * (docs/product.md#the-team-pool): `checkout_sessions.pool_organization_id` keeps which, so a buyer who
 * moved to another organization before the payment completed gets the credits themself rather than
 * filling the new organization's pool. Null for sessions from before, which go to the buyer's organization
 * as then. No foreign key: the id of an organization deleted since must still say that the pack was not
 * for the buyer's new one.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table checkout_sessions add column pool_organization_id integer;
      `,
    );
  },
} satisfies Migration;
