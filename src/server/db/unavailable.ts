/**
 * Which database errors mean "the database cannot be reached right now" (restart, failover, network
 * cut, stall) rather than a bug: those are answered 503 with Retry-After, and the call can be repeated.
 */

/** Node socket errors of a connection that is refused, cut or never answered. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs: class 08 (connection exception), 57P01-57P03 (administrator or crash shutdown, cannot
 * connect now), 53300 (too many connections), 57014 (statement cancelled, e.g. statement_timeout), and
 * 40001/40P01 (serialization failure, deadlock), which a repeated call resolves.
 */
const RETRYABLE_SQLSTATE = /^(08...|57P0[123]|53300|57014|40001|40P01)$/;

/** Errors pg raises itself when a connection is lost, never made or stalls. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection terminated due to connection timeout',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || RETRYABLE_SQLSTATE.test(code))) return true;
  return DRIVER_MESSAGES.some((message) => error.message.startsWith(message));
}
