/**
 * Fixed-window rate limits whose counters every server process sees, so running several processes
 * behind a load balancer does not multiply the limits: in Redis when REDIS_URL is set
 * (rate-limit-redis.ts), else in the database (one upsert per hit, below).
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';

export interface RateRule {
  /** Name of the limited action and of what is counted, e.g. 'login:ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * A limit that slows rather than refuses: attempts past `limit` take turns, one at a time per subject
 * whatever the number of callers, each turn `slowdownDelay` after the previous one (or after now); an
 * attempt whose turn is further away than `maxWaitMs` is refused instead of held.
 */
export interface SlowdownRule extends RateRule {
  /** Delay of the first attempt over the limit; each later one waits twice as long as the one before. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest an attempt is held for its turn; past it, it is refused. */
  maxWaitMs: number;
}

export interface RateLimiter {
  /**
   * Counts one attempt; false when the caller is over the limit for the current window. `within`: the
   * caller's open transaction, whose connection the database store must use (PGlite has only one).
   */
  hit(rule: RateRule, subject: string, within?: Db): Promise<boolean>;
  /**
   * Counts one attempt and reserves its turn: answers how long to hold it (0 within the limit), or null
   * when its turn would come later than rule.maxWaitMs (refuse it).
   */
  takeTurn(rule: SlowdownRule, subject: string): Promise<number | null>;
}

/** 0 up to the limit, then baseDelayMs, doubling with each attempt, capped at maxDelayMs. */
export function slowdownDelay(
  count: number,
  limit: number,
  rule: Omit<SlowdownRule, 'name' | 'limit' | 'windowSeconds'>,
): number {
  if (count <= limit) return 0;
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(30, count - limit - 1));
}

/**
 * Where the counters live. The contract every store keeps (test/server/rate-limit.test.ts):
 * increment is atomic across processes, answers 1 for the first hit of a window and one more for each
 * later hit of that window, and starts again at 1 once windowSeconds have passed since the first hit.
 */
export interface RateLimitStore {
  /**
   * Counts one hit on key and answers the number of hits of its current window, this one included.
   * `within`: an open transaction to count in (only the database store uses it; rolled back with it).
   */
  increment(key: string, windowSeconds: number, within?: Db): Promise<number>;
  /**
   * Reserves the next turn on key, atomically across processes: the turn is `delayMs` after the later of
   * now and the key's last reserved turn. Answers the milliseconds from now to the turn, or null (nothing
   * reserved) when that is more than maxWaitMs.
   */
  reserveTurn(key: string, delayMs: number, maxWaitMs: number): Promise<number | null>;
  /** Releases connections the store opened itself (the database is closed by its owner). */
  close(): Promise<void>;
}

export function createRateLimiter(store: RateLimitStore, factor = 1): RateLimiter {
  const count = (rule: RateRule, subject: string, within?: Db) =>
    store.increment(`${rule.name}:${subject.toLowerCase()}`, rule.windowSeconds, within);
  return {
    async hit(rule, subject, within) {
      return (await count(rule, subject, within)) <= Math.ceil(rule.limit * factor);
    },
    async takeTurn(rule, subject) {
      const delayMs = slowdownDelay(await count(rule, subject), Math.ceil(rule.limit * factor), rule);
      if (delayMs === 0) return 0;
      if (delayMs > rule.maxWaitMs) return null;
      return store.reserveTurn(`${rule.name}:turn:${subject.toLowerCase()}`, delayMs, rule.maxWaitMs);
    },
  };
}

export function createDbRateLimitStore(db: Db): RateLimitStore {
  let hits = 0;
  return {
    async increment(key, windowSeconds, within) {
      const window = `${windowSeconds} seconds`;
      const row = await sql<{ count: number }>`
        insert into rate_limits as r (key, window_start, count)
        values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when r.window_start <= now() - ${window}::interval then 1 else r.count + 1 end,
          window_start = case when r.window_start <= now() - ${window}::interval then now() else r.window_start end
        returning count`.execute(within ?? db);
      // Expired windows are swept now and then so the table stays small without a scheduler.
      if (++hits % 500 === 0) {
        await sql`delete from rate_limits where window_start < now() - interval '1 day'`.execute(
          within ?? db,
        );
      }
      return Number(row.rows[0]?.count ?? 0);
    },
    async reserveTurn(key, delayMs, maxWaitMs) {
      // The row's window_start holds the key's last reserved turn.
      const delay = `${Math.round(delayMs)} milliseconds`;
      const maxWait = `${Math.round(maxWaitMs)} milliseconds`;
      const row = await sql<{ wait_ms: number }>`
        insert into rate_limits as r (key, window_start, count)
        values (${key}, now() + ${delay}::interval, 1)
        on conflict (key) do update set
          window_start = greatest(r.window_start, now()) + ${delay}::interval,
          count = r.count + 1
        where greatest(r.window_start, now()) + ${delay}::interval <= now() + ${maxWait}::interval
        returning extract(epoch from (window_start - now())) * 1000 as wait_ms`.execute(db);
      const waitMs = row.rows[0]?.wait_ms;
      return waitMs === undefined ? null : Math.max(0, Number(waitMs));
    },
    async close() {},
  };
}

/**
 * The limits. None of them lets a stranger lock an owner out of their own account:
 * - login refuses (429) per address and per (address, account), so guessing from one address stops there,
 *   while the owner signing in from any other address is not refused; across all addresses an account's
 *   attempts take turns (loginAccount: past 10 attempts in 15 minutes, one password check at a time,
 *   250 ms doubling up to 4 s apart; an attempt whose turn is more than 5 s away is refused), so guessing
 *   from many addresses at once gets no more checks than from one. A browser where the owner signed in
 *   before (its device cookie, http/device-cookie.ts) skips the turns: the owner is never locked out;
 * - forgot-password refuses per address only; per account it limits how often a mail is sent
 *   (forgotMail: one a minute, forgotMailHour: 5 an hour, forgotMailDay: 10 a day, each counting only the
 *   mails the shorter caps let through; the tagged addresses of a mailbox also together, mail/mail-limits.ts),
 *   and always answers the same; every mail's link works for 24
 *   hours, so the owner always has a working link while strangers cannot flood the inbox.
 */
export const RATE_RULES = {
  loginIp: { name: 'login:ip', limit: 30, windowSeconds: 15 * 60 },
  loginIpAccount: { name: 'login:ip-account', limit: 10, windowSeconds: 15 * 60 },
  signupIp: { name: 'signup:ip', limit: 20, windowSeconds: 60 * 60 },
  signupEmail: { name: 'signup:email', limit: 5, windowSeconds: 60 * 60 },
  forgotIp: { name: 'forgot:ip', limit: 10, windowSeconds: 60 * 60 },
  forgotMail: { name: 'forgot:mail', limit: 1, windowSeconds: 60 },
  forgotMailHour: { name: 'forgot:mail-hour', limit: 5, windowSeconds: 60 * 60 },
  forgotMailDay: { name: 'forgot:mail-day', limit: 10, windowSeconds: 24 * 60 * 60 },
  /** Opening a reset link checks it first; generous, as guessing a 256-bit token is hopeless anyway. */
  resetCheckIp: { name: 'reset-check:ip', limit: 60, windowSeconds: 60 * 60 },
  inviteIp: { name: 'invite:ip', limit: 60, windowSeconds: 60 * 60 },
  inviteEmail: { name: 'invite:email', limit: 5, windowSeconds: 60 * 60 },
  /**
   * Bulk invitations (docs/product.md#bulk-invitations), per call: up to 500 rows each, so at most 10 x 500 invitations an hour
   * from one IP; each address still counts on inviteEmail.
   */
  inviteBulkIp: { name: 'invite-bulk:ip', limit: 10, windowSeconds: 60 * 60 },
  /**
   * The bulk-invitation preview: read-only, asked again as the admin edits the list (debounced),
   * so far more often than a send; it still bounds how fast one IP can probe who is a member.
   */
  invitePreviewIp: { name: 'invite-preview:ip', limit: 300, windowSeconds: 60 * 60 },
  /** Invitation links (docs/product.md#invitation-links): new links per admin, link look-ups and joins per IP. */
  inviteLinkUser: { name: 'invite-link:user', limit: 10, windowSeconds: 60 * 60 },
  inviteLinkCheckIp: { name: 'invite-link-check:ip', limit: 60, windowSeconds: 60 * 60 },
  inviteLinkJoinIp: { name: 'invite-link-join:ip', limit: 20, windowSeconds: 60 * 60 },
  /**
   * Company domain codes (docs/product.md#verifying-a-domain): verifications started per admin and per organization (each mails
   * the code; the address it goes to counts on domainMail), and codes tried per admin, organization and
   * address mailed, on top of the 5 wrong codes that burn one code (domainCodeWrong).
   */
  domainStartUser: { name: 'domain-start:user', limit: 5, windowSeconds: 60 * 60 },
  domainStartOrg: { name: 'domain-start:org', limit: 8, windowSeconds: 60 * 60 },
  domainVerifyUser: { name: 'domain-verify:user', limit: 10, windowSeconds: 60 * 60 },
  domainVerifyOrg: { name: 'domain-verify:org', limit: 15, windowSeconds: 60 * 60 },
  domainVerifyAddress: { name: 'domain-verify:address', limit: 10, windowSeconds: 60 * 60 },
  /** Counted per code (its hash) for as long as a code lives: the 5th wrong one burns it. */
  domainCodeWrong: { name: 'domain-code:wrong', limit: 4, windowSeconds: 24 * 60 * 60 },
  /**
   * Mails per address they go to (mail/mail-limits.ts): verification codes; notices to each admin of a
   * request to join, of an automatic join.
   */
  domainMail: { name: 'mail:domain-code', limit: 3, windowSeconds: 60 * 60 },
  joinRequestMail: { name: 'mail:join-request', limit: 10, windowSeconds: 60 * 60 },
  autoJoinMail: { name: 'mail:auto-join', limit: 10, windowSeconds: 60 * 60 },
  /** Requests for credits (docs/product.md#the-team-pool), per admin they go to. */
  creditRequestMail: { name: 'mail:credit-request', limit: 10, windowSeconds: 60 * 60 },
  /** Notices that the company domain lost its DNS proof (docs/product.md#verifying-a-domain), per admin. */
  domainLostMail: { name: 'mail:domain-lost', limit: 3, windowSeconds: 24 * 60 * 60 },
  /** Credit alerts to one admin (docs/product.md#credit-alerts): each is once per event, this bounds a busy team. */
  creditAlertMail: { name: 'mail:credit-alert', limit: 20, windowSeconds: 60 * 60 },
  /**
   * Notices that a CRM connection needs attention (docs/product.md#connection-health), per maker: each is
   * once until they reconnect; this bounds one who reconnects a broken CRM again and again.
   */
  crmAttentionMail: { name: 'mail:crm-attention', limit: 3, windowSeconds: 24 * 60 * 60 },
  /**
   * SCIM calls whose bearer token is missing, wrong, expired or revoked, per source address
   * (docs/scim.md#the-token): an identity provider with a valid token is never counted.
   */
  scimAuthFailedIp: { name: 'scim-auth-failed:ip', limit: 20, windowSeconds: 15 * 60 },
  supportIp: { name: 'support:ip', limit: 10, windowSeconds: 60 * 60 },
  supportEmail: { name: 'support:email', limit: 5, windowSeconds: 60 * 60 },
  /** Wrong current passwords on change-password, per account (a stolen session must not guess it). */
  changePasswordUser: { name: 'change-password:user', limit: 10, windowSeconds: 15 * 60 },
  /** Two-factor codes per account (sign-in and setup): 6 digits must not be guessable. */
  twoFactorUser: { name: 'two-factor:user', limit: 10, windowSeconds: 15 * 60 },
  /**
   * Test events to an organization's SIEM endpoint (docs/product.md#audit-log-streaming): each is a request
   * to an address an admin chose.
   */
  auditStreamTestOrg: { name: 'audit-stream-test:org', limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, RateRule>;

export const SLOWDOWN_RULES = {
  loginAccount: {
    name: 'login:account',
    limit: 10,
    windowSeconds: 15 * 60,
    baseDelayMs: 250,
    maxDelayMs: 4000,
    maxWaitMs: 5000,
  },
} satisfies Record<string, SlowdownRule>;
