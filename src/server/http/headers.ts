/**
 * Headers of every answer, in one place:
 * - API answers (JSON, errors included) are never cached: they carry one user's data;
 * - HTML pages get a strict Content-Security-Policy: scripts only from this origin (no eval, no inline
 *   script but the prerendered pages' input capture, allowed by its hash: src/shared/early-input.ts),
 *   nothing may frame them, forms post only here. Styles may be inline because MUI (Emotion) injects
 *   <style> elements at run time. Google sign-in, when configured, adds its own script, frame and styles;
 * - and the usual: nosniff, same-origin referrer, no framing, HSTS on https, no powerful features.
 * Pages that need a stricter policy (the sandbox pages) set their own; it replaces this one.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { EARLY_INPUT_SCRIPT } from '../../shared/early-input.js';
import type { Config } from '../config.js';
import { isSecure } from './session-cookie.js';

const GOOGLE_IDENTITY = 'https://accounts.google.com/gsi/';
/** The one inline script the app's HTML may run, by its hash. */
const EARLY_INPUT = `'sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64')}'`;

/** The policy of the app's HTML (index.html and the server's own HTML answers). */
export function appContentSecurityPolicy(config: Pick<Config, 'googleClientId'>): string {
  const google = config.googleClientId ? ` ${GOOGLE_IDENTITY}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${EARLY_INPUT}${google ? ` ${GOOGLE_IDENTITY}client` : ''}`,
    `style-src 'self' 'unsafe-inline'${google ? ` ${GOOGLE_IDENTITY}style` : ''}`,
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self'${google}`,
    `frame-src ${google ? GOOGLE_IDENTITY : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(
  reply: FastifyReply,
  config: Pick<Config, 'googleClientId' | 'publicUrl'>,
): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'same-origin');
  reply.header('x-frame-options', 'DENY');
  // Popups talk back to their opener (Google's sign-in, the CRM OAuth window). On every answer, redirects
  // included: Chromium cuts a popup from its opener when a redirect on its way (the sandbox authorize
  // form's 302 to /callback) carries another policy than the pages around it.
  reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
  if (isSecure(config)) reply.header('strict-transport-security', 'max-age=31536000');
  const type = String(reply.getHeader('content-type') ?? '');
  if (type.startsWith('application/json') && !reply.hasHeader('cache-control')) {
    reply.header('cache-control', 'no-store');
  }
  if (type.startsWith('text/html')) {
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', appContentSecurityPolicy(config));
    }
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  }
}
