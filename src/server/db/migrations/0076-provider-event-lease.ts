/**
 * A provider event is done once applied (`processed_events.done`), not when first seen: while it is being
 * applied its row is only a claim, until `claimed_until`. A process that died while applying one (a crash,
 * a kill past the stop's wait) leaves a claim that runs out, and the provider's retry applies the event
 * then; before, the row said "handled" and the retry was answered 200 with nothing applied. Rows from
 * before were applied.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table processed_events add column done boolean not null default true;
      alter table processed_events add column claimed_until timestamptz;
      `,
    );
  },
} satisfies Migration;
