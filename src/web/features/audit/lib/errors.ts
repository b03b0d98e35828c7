/** The failure texts of the audit log's streaming and retention settings (docs/product.md#audit-log-streaming). */
import { msg } from '../../../i18n';

export const SETTINGS_LOAD_FAILED = msg('Could not load the streaming and retention settings.');
export const STREAM_SAVE_FAILED = msg('Failed to save the SIEM endpoint');
export const STREAM_CHANGE_FAILED = msg('Failed to change the streaming settings');
export const TEST_EVENT_FAILED = msg('Failed to send the test event');
export const RETENTION_SAVE_FAILED = msg('Failed to save the retention');
