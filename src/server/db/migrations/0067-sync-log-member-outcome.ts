/**
 * The sync log filtered by outcome for one member (docs/product.md#sync-log): a member's own log, or an
 * admin's pick of a member, with an outcome the member has few or none of. The member index (user_id,
 * created_at, id) then reads every entry of the member to find none: about 400 ms at 100,000 entries of a
 * member in a log of 1,000,000 (`npm run bench`, docs/performance.md#sync-log-benchmark). This one finds
 * the page, or that there is none, at once.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `create index crm_sync_log_member_outcome on crm_sync_log (user_id, outcome, created_at desc, id desc)`,
    );
  },
} satisfies Migration;
