/**
 * CSRF defence for state-changing calls, without tokens:
 * 1. The body must be declared `application/json`. A cross-site HTML form cannot send that type,
 *    and a cross-site fetch that sends it triggers a CORS preflight this server never approves.
 * 2. When the browser names an Origin, it must be PUBLIC_URL's or one of ALLOWED_ORIGINS.
 *    A request without Origin (curl, the extension's background worker, server-to-server) passes on
 *    the strength of (1): browsers always send Origin on cross-origin POSTs, and our cookie is
 *    SameSite=Lax, so a missing Origin cannot be a cross-site browser request carrying the session.
 *    Sec-Fetch-Site 'cross-site' is refused as a second signal when present.
 * The sandbox pages post HTML forms (urlencoded) to this same origin: they get rule 2 with Origin
 * required, since every browser that renders them sends it.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { HttpError } from './errors.js';
import { message } from '../../contract/messages.js';

export function allowedOrigins(config: Pick<Config, 'publicUrl' | 'allowedOrigins'>): Set<string> {
  return new Set([new URL(config.publicUrl).origin, ...config.allowedOrigins]);
}

function checkOrigin(request: FastifyRequest, origins: Set<string>, requireOrigin: boolean): void {
  const origin = request.headers.origin;
  if (origin === undefined) {
    if (requireOrigin) throw new HttpError(403, message('cross_site_request_refused'));
  } else if (!origins.has(origin)) {
    throw new HttpError(403, message('cross_site_request_refused'));
  }
  if (request.headers['sec-fetch-site'] === 'cross-site' && !(origin && origins.has(origin))) {
    throw new HttpError(403, message('cross_site_request_refused'));
  }
}

function isStateChanging(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method);
}

/** For API calls: JSON content type and an allowed (or absent) Origin. */
export function assertApiRequestAllowed(request: FastifyRequest, origins: Set<string>): void {
  if (!isStateChanging(request.method)) return;
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(415, message('unsupported_content_type'));
  }
  checkOrigin(request, origins, false);
}

/** For the sandbox pages' HTML forms: an allowed Origin is required. */
export function assertFormPostAllowed(request: FastifyRequest, origins: Set<string>): void {
  if (!isStateChanging(request.method)) return;
  checkOrigin(request, origins, true);
}
