/**
 * The `from` and `to` of a log's filter (the audit log's, the sync log's), in seconds since the epoch,
 * each bound included: a period that starts after it ends is a mistake of the caller's, answered as one
 * (400), not as a page with nothing on it. `to` names a whole second, as the logs show their times to the
 * second: every entry within it is in, so the period ends when that second does.
 */
import { message } from '../../contract/messages.js';
import { invalid } from '../domain/errors.js';

/** A log's period as its queries take it: entries at or after `from`, and before `before`. */
export interface TimeRange {
  from?: Date;
  before?: Date;
}

export function timeRangeOf({ from, to }: { from?: number; to?: number }): TimeRange {
  if (from !== undefined && to !== undefined && from > to) throw invalid(message('period_start_after_end'));
  return {
    ...(from === undefined ? {} : { from: new Date(from * 1000) }),
    ...(to === undefined ? {} : { before: new Date((to + 1) * 1000) }),
  };
}
