/**
 * Server-side sessions: the browser holds a 256-bit random id in a cookie; the database holds only
 * its SHA-256. A session ends after 7 days without use or 30 days after sign-in, whichever is first;
 * its organization's policy may end it sooner (docs/product.md#session-and-network-policies), which the
 * session resolver applies with what the lookups here answer.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database, Organization, SignInMethod, User } from '../db/schema.js';
import { viewExtraColumns, type UserViewExtras } from './users.js';
import { hashToken, newToken } from '../security/tokens.js';
import type { SessionPolicy } from './session-policies.js';
import { precompiled } from '../db/precompiled.js';
import { batchedByKey } from '../db/batched.js';

const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_SECONDS = 60;

/** Whether a session last seen at `lastSeenAt` has its last_seen_at written again at `now`. */
const isStale = (lastSeenAt: Date, now: Date) =>
  new Date(lastSeenAt).getTime() < now.getTime() - TOUCH_INTERVAL_SECONDS * 1000;

/**
 * The UI language of the user's last session that said one, as a column (`locale`) of a query over
 * `users`: a mail to them is written in it. Null when no session said one.
 */
export function lastSessionLocale(eb: ExpressionBuilder<Database, 'users'>) {
  return eb
    .selectFrom('sessions')
    .select('sessions.locale')
    .whereRef('sessions.user_id', '=', 'users.id')
    .where('sessions.locale', 'is not', null)
    .orderBy('sessions.last_seen_at', 'desc')
    .limit(1)
    .as('locale');
}

/** Where a session was started from, shown in the sessions list. */
export interface SessionOrigin {
  userAgent?: string | undefined;
  ip?: string | undefined;
  /** The UI language of the sign-in (alerts to the user are mailed in it). */
  locale?: string | undefined;
  /** How it was signed in: "Require SSO" ends the sessions not signed in through the identity provider. */
  method?: SignInMethod | undefined;
}

/**
 * What "Require SSO" needs to know of a user's organization (docs/product.md#require-sso; the rule is
 * domain/require-sso.ts): its setting, its domain and its billing admin.
 */
export interface SsoRequirementFacts {
  requireSso: boolean;
  organization: Pick<
    Organization,
    'domain' | 'domain_verified_at' | 'domain_method' | 'billing_admin_id'
  > | null;
}

/** What the session resolver needs of a live session beyond its user: its times and its organization's policy. */
export interface SessionFacts {
  createdAt: Date;
  lastSeenAt: Date;
  policy: SessionPolicy;
  /** How the session was signed in (null: before that was recorded). */
  signInMethod: SignInMethod | null;
  /** Whether the user's organization requires single sign-on of them (docs/product.md#require-sso). */
  sso: SsoRequirementFacts;
}

interface SessionColumns {
  session_id_hash: string;
  session_created_at: Date;
  session_last_seen_at: Date;
  policy_idle_timeout_minutes: number | null;
  policy_session_lifetime_minutes: number | null;
  policy_ip_allow_list: string[] | null;
  session_sign_in_method: SignInMethod | null;
  sso_require: boolean | null;
  sso_org_domain: string | null;
  sso_org_domain_verified_at: Date | null;
  sso_org_domain_method: 'dns' | 'mail' | null;
  sso_org_billing_admin_id: number | null;
}

/**
 * The live sessions of hashed ids joined to their users (`u`), with their times and their organization's
 * session policy (`sp`, none when the user has no organization or it set none): the resolver applies the
 * policy (http/session-user.ts). Several ids at once: the lookups of one turn go together (db/batched.ts).
 */
function liveSessions(db: Db, idHashes: string[]) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('session_policies as sp', 'sp.organization_id', 'u.organization_id')
    .leftJoin('sso_connections as sc', 'sc.organization_id', 'u.organization_id')
    .leftJoin('organizations as so', 'so.id', 'u.organization_id')
    .select([
      's.id_hash as session_id_hash',
      's.created_at as session_created_at',
      's.last_seen_at as session_last_seen_at',
      'sp.idle_timeout_minutes as policy_idle_timeout_minutes',
      'sp.session_lifetime_minutes as policy_session_lifetime_minutes',
      'sp.ip_allow_list as policy_ip_allow_list',
      's.sign_in_method as session_sign_in_method',
      'sc.require_sso as sso_require',
      'so.domain as sso_org_domain',
      'so.domain_verified_at as sso_org_domain_verified_at',
      'so.domain_method as sso_org_domain_method',
      'so.billing_admin_id as sso_org_billing_admin_id',
    ])
    .where('s.id_hash', '=', sql<string>`any(${idHashes}::text[])`)
    .where('s.created_at', '>', sql<Date>`now() - ${`${SESSION_ABSOLUTE_SECONDS} seconds`}::interval`)
    .where('s.last_seen_at', '>', sql<Date>`now() - ${`${SESSION_IDLE_SECONDS} seconds`}::interval`);
}

// The lookup every signed-in request (and page) makes, compiled once (db/precompiled.ts).
const sessionsWithUserAndView = precompiled((db: Db, idHashes: string[]) =>
  liveSessions(db, idHashes)
    .leftJoin('organizations as o', 'o.id', 'u.organization_id')
    .selectAll('u')
    .select(viewExtraColumns(sql.ref('u.id'))),
);
const byIdHash = (row: SessionColumns) => row.session_id_hash;

/** The user of a looked-up row and its session's facts. */
function split<R extends User & SessionColumns>(
  row: R,
): { user: Omit<R, keyof SessionColumns>; session: SessionFacts } {
  const {
    session_id_hash: _idHash,
    session_created_at,
    session_last_seen_at,
    policy_idle_timeout_minutes,
    policy_session_lifetime_minutes,
    policy_ip_allow_list,
    session_sign_in_method,
    sso_require,
    sso_org_domain,
    sso_org_domain_verified_at,
    sso_org_domain_method,
    sso_org_billing_admin_id,
    ...user
  } = row;
  return {
    user,
    session: {
      createdAt: new Date(session_created_at),
      lastSeenAt: new Date(session_last_seen_at),
      policy: {
        idle_timeout_minutes: policy_idle_timeout_minutes,
        session_lifetime_minutes: policy_session_lifetime_minutes,
        ip_allow_list: policy_ip_allow_list ?? [],
      },
      signInMethod: session_sign_in_method,
      sso: {
        requireSso: sso_require === true,
        organization:
          sso_org_domain === null
            ? null
            : {
                domain: sso_org_domain,
                domain_verified_at: sso_org_domain_verified_at,
                domain_method: sso_org_domain_method,
                billing_admin_id: sso_org_billing_admin_id,
              },
      },
    },
  };
}

export function createSessionsRepository(db: Db) {
  // The lookups asked while one runs go together in the next statement (db/batched.ts).
  const sessionWithUserAndView = batchedByKey((idHashes) => sessionsWithUserAndView(db, idHashes), byIdHash);

  async function destroyByHash(idHash: string): Promise<void> {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  }

  return {
    /** A new session of the user; answers its id (the cookie's value). */
    async create(userId: number, origin: SessionOrigin = {}): Promise<string> {
      const id = newToken();
      await db
        .insertInto('sessions')
        .values({
          id_hash: hashToken(id),
          user_id: userId,
          user_agent: origin.userAgent?.slice(0, 500) ?? null,
          ip: origin.ip ?? null,
          locale: origin.locale ?? null,
          sign_in_method: origin.method ?? null,
        })
        .execute();
      return id;
    },

    /** The user's live sessions, most recently used first. */
    async listOf(userId: number) {
      return db
        .selectFrom('sessions')
        .select(['id', 'id_hash', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
        .where('user_id', '=', userId)
        .where('created_at', '>', sql<Date>`now() - ${`${SESSION_ABSOLUTE_SECONDS} seconds`}::interval`)
        .where('last_seen_at', '>', sql<Date>`now() - ${`${SESSION_IDLE_SECONDS} seconds`}::interval`)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Ends one session of the user by its public id; answers whether there was one. */
    async destroyOne(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /**
     * A use of the session at `now`: its idle clock is written again when stale (at most once a minute).
     * The resolver calls it for a call the policies let through only: a refused call is no use, or a
     * stolen cookie tried from outside the allow-list would keep the session from its idle timeout.
     */
    async noteUse(idHash: string, session: SessionFacts, now: Date): Promise<void> {
      if (!isStale(session.lastSeenAt, now)) return;
      await db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
    },

    /**
     * The user of a live session with what the app shows of them (organization, member count, CRM
     * connections): session, user and view in one statement, as get-user and every signed-in call need.
     * By the session's `id_hash`: the cookie's hash, or what a row that belongs to a session keeps of it.
     */
    async findUserWithView(
      idHash: string,
    ): Promise<{ user: User; view: UserViewExtras; session: SessionFacts } | undefined> {
      const row = await sessionWithUserAndView(idHash);
      if (!row) return undefined;
      const {
        org_id,
        org_name,
        org_billing_admin_id,
        org_seats_standard,
        org_seats_pro,
        org_require_two_factor,
        member_count,
        org_connection_id,
        personal_connection_id,
        connection_needs_attention,
        ...rest
      } = row;
      const view = {
        org_id,
        org_name,
        org_billing_admin_id,
        org_seats_standard,
        org_seats_pro,
        org_require_two_factor,
        member_count,
        org_connection_id,
        personal_connection_id,
        connection_needs_attention,
      };
      return { ...split(rest), view };
    },

    async destroy(sessionId: string): Promise<void> {
      await destroyByHash(hashToken(sessionId));
    },

    destroyByHash,

    /**
     * Signs the user out everywhere, but for the session whose cookie value is `keep` when given; answers
     * how many sessions ended. Sign-ins still waiting for their second factor end too: they were started
     * with a password (or a second factor) that whoever ends the sessions no longer trusts, and a code
     * would otherwise turn one into a new session afterwards. So do an admin's tests of a single sign-on
     * connection still waiting for the identity provider's answer: begun in a session that ends, they
     * would otherwise still mark the connection tested and prove the admin's address. Every path that ends
     * a user's sessions calls this, so they never drift apart.
     */
    async endSignInsOf(
      userIds: number | readonly number[],
      { keep, keepSignedInWith }: { keep?: string; keepSignedInWith?: readonly SignInMethod[] } = {},
    ): Promise<number> {
      const ids = typeof userIds === 'number' ? [userIds] : userIds;
      if (ids.length === 0) return 0;
      await db.deleteFrom('pending_sign_ins').where('user_id', 'in', ids).execute();
      await db.deleteFrom('sso_sign_ins').where('tester_id', 'in', ids).execute();
      let ended = db.deleteFrom('sessions').where('user_id', 'in', ids);
      if (keep !== undefined) ended = ended.where('id_hash', '!=', hashToken(keep));
      // "Require SSO" ends only the sessions signed in otherwise (docs/product.md#require-sso).
      if (keepSignedInWith?.length) {
        ended = ended.where((eb) =>
          eb.or([eb('sign_in_method', 'is', null), eb('sign_in_method', 'not in', keepSignedInWith)]),
        );
      }
      return Number((await ended.executeTakeFirst()).numDeletedRows);
    },

    /** How the session of a cookie value was signed in, and whether that was within the last hour. */
    async signedIn(
      sessionId: string,
    ): Promise<{ method: SignInMethod | null; withinAnHour: boolean } | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select(['sign_in_method', sql<boolean>`created_at > now() - interval '1 hour'`.as('within_an_hour')])
        .where('id_hash', '=', hashToken(sessionId))
        .executeTakeFirst();
      return row && { method: row.sign_in_method, withinAnHour: row.within_an_hour };
    },
  };
}
