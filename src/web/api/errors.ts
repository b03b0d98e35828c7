/**
 * The text to show for a failed call: the server's `message` when it sent one ("Server messages are shown
 * as given", spec §8), else the caller's fallback text from the spec's error catalogue.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const message = serverMessage(error);
  return message ?? fallback;
}

/** The `message` of the error envelope in an RTK Query error (`{ status, data: { message } }`), if any. */
export function serverMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return undefined;
  const message = (data as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** The HTTP status of an RTK Query error, or undefined for network, parsing and abort errors. */
export function errorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}
