/**
 * Redacts secrets from what Redux DevTools records, so support staff can export and replay a session's
 * actions and state safely. Applied to whole actions and states, which covers RTK Query's cached request
 * arguments (`originalArgs`) and answers (`data`) wherever they sit.
 */

export const REDACTED = '[redacted]';

const secretKeyPatterns: RegExp[] = [
  /password/i, // password, new_password
  /^oauth_/i, // every OAuth value the app keeps (oauth_access_token, oauth_code, ...)
  /(^|_)token$/i, // token, access_token, refresh_token, invitation_token, id_token
  /^api_keys?$/i,
  /^api_key_\d+$/i, // api_key_1..4 (not their _label / _placeholder)
];

export function isSecretKey(key: string): boolean {
  return secretKeyPatterns.some((pattern) => pattern.test(key));
}

/** A copy of `value` with every secret-named property replaced by '[redacted]'. Never mutates. */
export function redactSecrets<T>(value: T): T {
  return redact(value, new WeakMap()) as T;
}

function redact(value: unknown, seen: WeakMap<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return seen.get(value);

  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const item of value) copy.push(redact(item, seen));
    return copy;
  }

  // Request and Response objects (RTK Query's baseQueryMeta) would carry bodies and headers: keep a label.
  if (isFetchObject(value)) return `[${value.constructor.name} ${redactUrl(value.url)}]`;
  if (!isPlainObject(value)) return value;

  const copy: Record<string, unknown> = {};
  seen.set(value, copy);
  for (const [key, item] of Object.entries(value)) {
    copy[key] = isSecretKey(key) && item !== null && item !== undefined ? REDACTED : redact(item, seen);
  }
  return copy;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The URL with the values of secret-named query parameters redacted: accept-invite carries the invitation
 * token in its query, and the Request object RTK Query keeps in `meta` would otherwise show it.
 */
function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return REDACTED;
  }
  for (const key of new Set(parsed.searchParams.keys())) {
    if (isSecretKey(key)) parsed.searchParams.set(key, REDACTED);
  }
  return parsed.href;
}

function isFetchObject(value: object): value is { url: string; constructor: { name: string } } {
  const name = value.constructor?.name;
  return (name === 'Request' || name === 'Response') && typeof (value as { url?: unknown }).url === 'string';
}

/** Options for configureStore's `devTools`. */
export const devToolsOptions = {
  name: 'CRM Sync',
  actionSanitizer: <A>(action: A): A => redactSecrets(action),
  stateSanitizer: <S>(state: S): S => redactSecrets(state),
};
