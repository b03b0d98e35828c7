/** Company domain (docs/product.md#company-domain-and-join-requests): an organization's verified email domain and the requests to join it. */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database, Organization } from '../db/schema.js';

/** Pending and not expired. */
const isOpen = (eb: ExpressionBuilder<Database, 'join_requests'>) =>
  eb.and([eb('join_requests.status', '=', 'pending'), eb('join_requests.expires_at', '>', sql<Date>`now()`)]);

export interface OpenJoinRequest {
  id: number;
  organization_id: number;
  user_id: number;
  email: string;
  name: string;
  /** The requester's: null while they have not proved the address is theirs. */
  email_proven_at: Date | null;
  created_at: Date;
  expires_at: Date;
}

export function createCompanyDomainRepository(db: Db) {
  return {
    /** Remembers a verification mailed for `domain` to `email` (replacing any earlier one). */
    async setPending(
      organizationId: number,
      pending: { domain: string; email: string; codeHash: string; expiresAt: Date },
    ): Promise<void> {
      await db
        .updateTable('organizations')
        .set({
          pending_domain: pending.domain,
          pending_domain_email: pending.email,
          domain_code_hash: pending.codeHash,
          domain_code_expires_at: pending.expiresAt,
        })
        .where('id', '=', organizationId)
        .execute();
    },

    /**
     * Forgets the pending verification whose code has this hash (too many wrong codes); a verification
     * started since, with another code, stays.
     */
    async burnCode(organizationId: number, codeHash: string): Promise<void> {
      await db
        .updateTable('organizations')
        .set({
          pending_domain: null,
          pending_domain_email: null,
          domain_code_hash: null,
          domain_code_expires_at: null,
        })
        .where('id', '=', organizationId)
        .where('domain_code_hash', '=', codeHash)
        .execute();
    },

    /**
     * Makes `domain` the pending one, to be proven by DNS: any mailed code is forgotten; the organization's
     * TXT token is kept when it has one (a published record keeps working), else `token` becomes it.
     * Answers the token.
     */
    async setDnsPending(organizationId: number, domain: string, token: string): Promise<string> {
      const row = await db
        .updateTable('organizations')
        .set({
          pending_domain: domain,
          pending_domain_email: null,
          domain_code_hash: null,
          domain_code_expires_at: null,
          domain_txt_token: sql<string>`coalesce(domain_txt_token, ${token})`,
        })
        .where('id', '=', organizationId)
        .returning('domain_txt_token')
        .executeTakeFirstOrThrow();
      return row.domain_txt_token!;
    },

    /**
     * The organizations whose DNS-proven domain was last checked before `before` (or never), oldest
     * first, for the daily check.
     */
    async dueForDnsCheck(before: Date, limit: number): Promise<Organization[]> {
      return db
        .selectFrom('organizations')
        .selectAll()
        .where('domain_method', '=', 'dns')
        .where('domain', 'is not', null)
        .where((eb) => eb.or([eb('domain_checked_at', 'is', null), eb('domain_checked_at', '<', before)]))
        .orderBy('domain_checked_at', (ob) => ob.asc().nullsFirst())
        .limit(limit)
        .execute();
    },

    /** Takes an organization's daily check (false when another process took it since `before`). */
    async claimDnsCheck(organizationId: number, before: Date, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('organizations')
        .set({ domain_checked_at: now })
        .where('id', '=', organizationId)
        .where((eb) => eb.or([eb('domain_checked_at', 'is', null), eb('domain_checked_at', '<', before)]))
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The TXT record of a DNS-proven domain is gone: the domain is pending again (its record shown for the
     * admin to publish again), automatic joining is off, and when it went is kept. False when the domain
     * changed meanwhile.
     */
    async loseDnsDomain(organizationId: number, domain: string, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('organizations')
        .set({
          domain: null,
          domain_method: null,
          domain_auto_join: false,
          pending_domain: domain,
          pending_domain_email: null,
          domain_code_hash: null,
          domain_code_expires_at: null,
          domain_record_missing_at: now,
        })
        .where('id', '=', organizationId)
        .where('domain', '=', domain)
        .where('domain_method', '=', 'dns')
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Makes the pending domain the verified one, proven by `method` ('dns' is checked again daily from
     * now; 'mail' is a weaker proof, which single sign-on will refuse).
     */
    async confirmPending(organizationId: number, domain: string, method: 'dns' | 'mail'): Promise<void> {
      await db
        .updateTable('organizations')
        .set({
          domain,
          domain_method: method,
          domain_checked_at: method === 'dns' ? sql<Date>`now()` : null,
          domain_record_missing_at: null,
          // Automatic joining was allowed for the domain verified before, not for a new one.
          domain_auto_join: sql<boolean>`domain_auto_join and coalesce(domain = ${domain}, false)`,
          domain_verified_at: sql<Date>`now()`,
          pending_domain: null,
          pending_domain_email: null,
          domain_code_hash: null,
          domain_code_expires_at: null,
        })
        .where('id', '=', organizationId)
        .execute();
    },

    /** The organization that verified a domain. */
    async findByDomain(domain: string): Promise<Organization | undefined> {
      return db.selectFrom('organizations').selectAll().where('domain', '=', domain).executeTakeFirst();
    },

    /** Turns automatic joining on or off; false when the organization has no verified domain. */
    async setAutoJoin(organizationId: number, enabled: boolean): Promise<boolean> {
      const row = await db
        .updateTable('organizations')
        .set({ domain_auto_join: enabled })
        .where('id', '=', organizationId)
        .where('domain', 'is not', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The organization a signup at `domain` joins at once (verified, automatic joining on), locked like
     * any change of its members (createAccount).
     */
    async autoJoinTarget(domain: string): Promise<Organization | undefined> {
      if (!domain) return undefined;
      return db
        .selectFrom('organizations')
        .selectAll()
        .where('domain', '=', domain)
        .where('domain_auto_join', '=', true)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Both times come from one clock: the database's `now()` and the server's can differ by a second. */
    async createRequest(
      organizationId: number,
      userId: number,
      createdAt: Date,
      lifetimeMs: number,
    ): Promise<number> {
      const row = await db
        .insertInto('join_requests')
        .values({
          organization_id: organizationId,
          user_id: userId,
          created_at: createdAt,
          expires_at: new Date(createdAt.getTime() + lifetimeMs),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Whether the user has an open request to the organization. */
    async hasOpenRequest(organizationId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('join_requests')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', userId)
        .where(isOpen)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The open requests of an organization, oldest first, with who asked. */
    async openRequestsOf(organizationId: number, id?: number): Promise<OpenJoinRequest[]> {
      let query = db
        .selectFrom('join_requests')
        .innerJoin('users', 'users.id', 'join_requests.user_id')
        .select([
          'join_requests.id',
          'join_requests.organization_id',
          'join_requests.user_id',
          'users.email',
          'users.name',
          'users.email_proven_at',
          'join_requests.created_at',
          'join_requests.expires_at',
        ])
        .where('join_requests.organization_id', '=', organizationId)
        .where(isOpen);
      if (id !== undefined) query = query.where('join_requests.id', '=', id);
      return query.orderBy('join_requests.created_at').orderBy('join_requests.id').execute();
    },

    /** A request of the organization, whatever its state. */
    async findRequest(organizationId: number, id: number) {
      return db
        .selectFrom('join_requests')
        .select(['id', 'status'])
        .where('organization_id', '=', organizationId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Closes an open request; false when it was answered meanwhile or has expired. */
    async close(id: number, status: 'approved' | 'declined', decidedBy: number): Promise<boolean> {
      const row = await db
        .updateTable('join_requests')
        .set({ status, decided_at: sql<Date>`now()`, decided_by: decidedBy })
        .where('id', '=', id)
        .where(isOpen)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The admins of an organization, who are told of requests to join. */
    async adminEmailsOf(organizationId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select('email')
        .where('organization_id', '=', organizationId)
        .where('role', '=', 'admin')
        .orderBy('id')
        .execute();
      return rows.map((row) => row.email);
    },
  };
}
