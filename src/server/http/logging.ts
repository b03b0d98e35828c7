/**
 * What the server logs about a request, and what it never logs. Request bodies are never logged. Of a
 * URL's query string only the values of the parameters named below are kept; every other value is
 * replaced by [redacted], so a parameter added later that carries a password, token, code or key
 * (signup and login prefill `?password=`, reset and invitation `?token=`, OAuth `?code=`, `?state=`, API
 * keys) never reaches the log, whoever adds it. Of the path, the segment that is a token (an invitation
 * link's `/join/<token>`) is redacted too, and so is any segment shaped like one of the server's tokens,
 * for a page added later with a token in its path. redactUrl is the one function every logged URL passes.
 */
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { inviteLinkPath } from '../../shared/invite-link.js';
import type { Config } from '../config.js';

/** Query parameters whose values are harmless and help reading the log. */
const LOGGED_QUERY_PARAMETERS = new Set([
  'software',
  'installed',
  'reauth',
  'clear',
  'first_install',
  'schedule',
  'coupon',
  'done',
  'error',
  'error_description',
  'scope',
  'client_id',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  // SCIM list paging (docs/scim.md); a filter names an address, so it stays redacted.
  'startIndex',
  'count',
  'excludedAttributes',
]);

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** Paths whose next segment is a token: the page an invitation link opens. */
const TOKEN_PATH_PREFIXES = [inviteLinkPath('')];

/**
 * A segment as long as a token of security/tokens.ts (32 random bytes in base64url: 43 characters) and
 * made of its alphabet. Names of the build's files and routes are shorter or carry a dot.
 */
const TOKEN_SHAPED = /^[A-Za-z0-9_-]{32,}$/;

const REDACTED = '[redacted]';

function redactPath(path: string): string {
  const lower = path.toLowerCase();
  const prefix = TOKEN_PATH_PREFIXES.find((p) => lower.startsWith(p));
  const segments = path.split('/');
  const tokenAt = prefix === undefined ? -1 : prefix.split('/').length - 1;
  return segments
    .map((segment, i) => (i === tokenAt || TOKEN_SHAPED.test(decodedName(segment)) ? REDACTED : segment))
    .join('/');
}

/**
 * The URL with its token path segments and the value of every query parameter that is not known to be
 * harmless replaced.
 */
function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return redactPath(url);
  const query = url
    .slice(start + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals === -1) return part;
      const name = part.slice(0, equals);
      return LOGGED_QUERY_PARAMETERS.has(decodedName(name)) ? part : `${name}=${REDACTED}`;
    })
    .join('&');
  return `${redactPath(url.slice(0, start))}?${query}`;
}

export interface LogOptions {
  level?: string;
  /** Where the JSON lines go (tests capture them); default stdout. */
  stream?: { write(line: string): void };
}

/** Fastify's logger: the level of the configuration, redacted request lines, no cookies or credentials. */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  options: LogOptions | false | undefined,
): FastifyServerOptions['logger'] {
  if (options === false) return false;
  return {
    level: options?.level ?? config.logLevel,
    ...(options?.stream ? { stream: options.stream } : {}),
    // A request Node's HTTP parser refuses (a header too large, a malformed line) is logged by Fastify at
    // trace with the parser's error, whose rawPacket holds the request's raw bytes: its URL and cookies.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'err.rawPacket'],
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
  };
}

/** The signed-in user of each request, noted by the session resolver (http/session-user.ts). */
const requestUsers = new WeakMap<FastifyRequest, string>();

export function noteRequestUser(request: FastifyRequest, userId: string): void {
  requestUsers.set(request, userId);
}

/** Routes that serve files of the build (the SPA's chunks, /docs' script), not calls or pages. */
const STATIC_ROUTES = new Set(['/*', '/app-config.js']);

/**
 * Fastify's request lines, replaced: nothing when a request arrives, one line when it is answered (see
 * above). Fastify calls requestCompleted for every answer, errors and aborted requests included.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const route = request.routeOptions.url ?? null;
    const line = {
      method: request.method,
      route,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      userId: requestUsers.get(request) ?? null,
      // The client's address (through TRUST_PROXY's proxies): what rate limits count.
      remoteAddress: request.ip,
      ...(error ? { err: { message: error.message } } : {}),
    };
    if (error) request.log.error(line, 'request errored');
    else if (route !== null && STATIC_ROUTES.has(route) && reply.statusCode < 400) {
      request.log.debug(line, 'request completed');
    } else request.log.info(line, 'request completed');
  }
}
