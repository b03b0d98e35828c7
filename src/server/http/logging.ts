/**
 * What the server logs about a request, and what it never logs. Request bodies are never logged. Of a
 * URL's query string only the values of the parameters named below are kept; every other value is
 * replaced by [redacted], so a parameter added later that carries a password, token, code or key
 * (signup and login prefill `?password=`, reset and invitation `?token=`, OAuth `?code=`, `?state=`, API
 * keys) never reaches the log, whoever adds it.
 */
import type { FastifyServerOptions } from 'fastify';
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
]);

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** The URL with the value of every query parameter that is not known to be harmless replaced. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals === -1) return part;
      const name = part.slice(0, equals);
      return LOGGED_QUERY_PARAMETERS.has(decodedName(name)) ? part : `${name}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
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
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
  };
}
