/**
 * The `from` and `to` of a log's filter (the audit log's, the sync log's), in seconds since the epoch,
 * each bound included: a period that starts after it ends is a mistake of the caller's, answered as one
 * (400), not as a page with nothing on it.
 */
import { message } from '../../contract/messages.js';
import { invalid } from '../domain/errors.js';

export function checkTimeRange({ from, to }: { from?: number; to?: number }): void {
  if (from !== undefined && to !== undefined && from > to) throw invalid(message('period_start_after_end'));
}
