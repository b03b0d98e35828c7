/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies"): after a successful
 * sign-in the browser gets a long-lived, HttpOnly cookie that names the account, signed with an HMAC of
 * the server's secret. A login attempt for an account whose device cookie the browser presents skips the
 * per-account turns (security/rate-limit.ts), so however many addresses guess at an account, its owner
 * on a known browser is never slowed or refused. The cookie is no session: it signs nobody in.
 *
 * One cookie holds the entries of the last few accounts signed in on this browser, each a random nonce
 * and the HMAC of (nonce, account, the account's password hash), so the address itself is not written in
 * the cookie, and a new password (changed or reset) makes every browser a stranger again until it signs
 * in with it: one that signed in with a stolen password does not keep guessing past the account's turns.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { User } from '../db/schema.js';
import { isSecure } from './session-cookie.js';

const DEVICE_COOKIE = 'device';
/** A year: the browser stays known as long as it is used now and then. */
const LIFETIME_SECONDS = 365 * 24 * 60 * 60;
/** Accounts remembered per browser (a shared computer); the oldest entry goes first. */
const MAX_ACCOUNTS = 5;
const NONCE_BYTES = 16;
const SIGNATURE_BYTES = 16;
/** base64url lengths of the nonce and the signature; an entry is the two, one after the other. */
const NONCE_CHARS = 22;
const ENTRY = /^[A-Za-z0-9_-]{44}$/;

/** An account as its device cookie names it: its (normalized) address, and its password of the moment. */
type DeviceAccount = Pick<User, 'email' | 'password_hash'>;

export interface DeviceCookies {
  /** Whether the request presents a device cookie this server issued for this account and password. */
  knows(request: FastifyRequest, account: DeviceAccount): boolean;
  /** After a successful sign-in: adds (or refreshes) this account in the browser's device cookie. */
  remember(request: FastifyRequest, reply: FastifyReply, account: DeviceAccount): void;
}

export function createDeviceCookies(secret: string, config: Pick<Config, 'publicUrl'>): DeviceCookies {
  const key = createHmac('sha256', secret).update('device-cookie').digest();
  const sign = (nonce: string, { email, password_hash }: DeviceAccount) =>
    createHmac('sha256', key)
      .update(`${nonce}:${email}:${password_hash ?? ''}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES)
      .toString('base64url');
  const signedFor = (entry: string, account: DeviceAccount) => {
    const expected = Buffer.from(sign(entry.slice(0, NONCE_CHARS), account));
    const given = Buffer.from(entry.slice(NONCE_CHARS));
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  const entriesOf = (request: FastifyRequest) =>
    (request.cookies[DEVICE_COOKIE] ?? '')
      .split('.')
      .filter((entry) => ENTRY.test(entry))
      .slice(0, MAX_ACCOUNTS);

  return {
    knows(request, account) {
      return entriesOf(request).some((entry) => signedFor(entry, account));
    },
    remember(request, reply, account) {
      const nonce = randomBytes(NONCE_BYTES).toString('base64url');
      const others = entriesOf(request).filter((entry) => !signedFor(entry, account));
      const value = [`${nonce}${sign(nonce, account)}`, ...others].slice(0, MAX_ACCOUNTS).join('.');
      reply.setCookie(DEVICE_COOKIE, value, {
        httpOnly: true,
        sameSite: 'lax',
        secure: isSecure(config),
        path: '/',
        maxAge: LIFETIME_SECONDS,
      });
    },
  };
}
