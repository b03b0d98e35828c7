/**
 * Audit-log streaming and retention (docs/product.md#audit-log-streaming): an organization's retention,
 * its SIEM endpoint, and the outbox its entries wait in (written with each entry by repositories/audit.ts).
 * The queries of the delivering process take the organization's lease first and write only under it.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { AuditStreamsTable } from '../db/schema.js';
import type { Selectable } from 'kysely';

export type AuditStreamRow = Selectable<AuditStreamsTable>;

export interface DeliveryStatus {
  /** Entries waiting to be sent. */
  pending: number;
  /** Entries given up after 24 hours. */
  failed: number;
}

export function createAuditStreamRepository(db: Db) {
  return {
    /** The organization's retention in days; undefined when it chose none (the default applies). */
    async retentionOf(organizationId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('audit_settings')
        .select('retention_days')
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      return row?.retention_days;
    },

    async saveRetention(organizationId: number, days: number): Promise<void> {
      await db
        .insertInto('audit_settings')
        .values({ organization_id: organizationId, retention_days: days })
        .onConflict((oc) => oc.column('organization_id').doUpdateSet({ retention_days: days }))
        .execute();
    },

    async streamOf(organizationId: number, options: { forUpdate?: boolean } = {}) {
      let query = db.selectFrom('audit_streams').selectAll().where('organization_id', '=', organizationId);
      if (options.forUpdate) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async statusOf(organizationId: number): Promise<DeliveryStatus> {
      const rows = await db
        .selectFrom('audit_deliveries')
        .select(['status', (eb) => eb.fn.countAll<string>().as('total')])
        .where('organization_id', '=', organizationId)
        .groupBy('status')
        .execute();
      const count = (status: string) => Number(rows.find((row) => row.status === status)?.total ?? 0);
      return { pending: count('pending'), failed: count('failed') };
    },

    async createStream(organizationId: number, url: string, sealedSecret: string): Promise<void> {
      await db
        .insertInto('audit_streams')
        .values({ organization_id: organizationId, url, secret: sealedSecret })
        .execute();
    },

    async setUrl(organizationId: number, url: string): Promise<void> {
      await db
        .updateTable('audit_streams')
        .set({ url })
        .where('organization_id', '=', organizationId)
        .execute();
    },

    async rotateSecret(
      organizationId: number,
      sealed: { secret: string; previous: string; previousUntil: Date },
    ): Promise<void> {
      await db
        .updateTable('audit_streams')
        .set({
          secret: sealed.secret,
          previous_secret: sealed.previous,
          previous_secret_until: sealed.previousUntil,
        })
        .where('organization_id', '=', organizationId)
        .execute();
    },

    /** Deletes the endpoint and, with it, its queue. */
    async removeStream(organizationId: number): Promise<void> {
      await db.deleteFrom('audit_streams').where('organization_id', '=', organizationId).execute();
    },

    /** What came of the last try (a delivery or a test event), for the page's status. */
    async noteOutcome(
      organizationId: number,
      at: Date,
      outcome: { delivered: true } | { delivered: false; status: number | null; reason: string },
    ): Promise<void> {
      await db
        .updateTable('audit_streams')
        .set(
          outcome.delivered
            ? { last_success_at: at }
            : {
                last_failure_at: at,
                last_failure_status: outcome.status,
                last_failure_reason: outcome.reason,
              },
        )
        .where('organization_id', '=', organizationId)
        .execute();
    },

    /**
     * Organizations with entries to send now and no process on them, least recently served first: the
     * head of each queue is due (never tried, or its retry time has come).
     */
    async dueOrganizations(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('audit_streams as s')
        .select('s.organization_id')
        .where((eb) => eb.or([eb('s.lease_until', 'is', null), eb('s.lease_until', '<', now)]))
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('audit_deliveries as d')
              .select('d.id')
              .whereRef('d.organization_id', '=', 's.organization_id')
              .where('d.status', '=', 'pending'),
          ),
        )
        // Only a queue's head is ever tried, so a pending row waiting for its retry is that head.
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('audit_deliveries as d')
                .select('d.id')
                .whereRef('d.organization_id', '=', 's.organization_id')
                .where('d.status', '=', 'pending')
                .where('d.next_attempt_at', '>', now),
            ),
          ),
        )
        .orderBy(sql`s.served_at asc nulls first`)
        .limit(limit)
        .execute();
      return rows.map((row) => row.organization_id);
    },

    /** Takes the organization's lease for `owner` until `until` when no live lease holds it. */
    async claim(organizationId: number, owner: string, now: Date, until: Date) {
      return db
        .updateTable('audit_streams')
        .set({ lease_owner: owner, lease_until: until, served_at: now })
        .where('organization_id', '=', organizationId)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Keeps the lease, and answers the stream as it is now (an admin may have changed its address or
     * secret since the turn began); undefined when the lease is no longer `owner`'s (it ran out and another
     * process took it) or the stream is gone.
     */
    async extendLease(organizationId: number, owner: string, until: Date) {
      return db
        .updateTable('audit_streams')
        .set({ lease_until: until })
        .where('organization_id', '=', organizationId)
        .where('lease_owner', '=', owner)
        .returningAll()
        .executeTakeFirst();
    },

    async release(organizationId: number, owner: string): Promise<void> {
      await db
        .updateTable('audit_streams')
        .set({ lease_owner: null, lease_until: null })
        .where('organization_id', '=', organizationId)
        .where('lease_owner', '=', owner)
        .execute();
    },

    /**
     * Puts the entries that arrived since the last turn behind those already in line, in the order of
     * their ids. Called under the lease: an entry whose transaction committed late (a lower id seen after
     * a higher one was sent) goes behind, never before, what was already sent.
     */
    async sequence(organizationId: number): Promise<void> {
      const fresh = await db
        .selectFrom('audit_deliveries')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('seq', 'is', null)
        .orderBy('id')
        .limit(1000)
        .execute();
      if (fresh.length === 0) return;
      const order = sql.join(fresh.map((row, index) => sql`(${row.id}::integer, ${index + 1}::integer)`));
      await sql`update audit_deliveries d
        set seq = coalesce((select max(seq) from audit_deliveries where organization_id = ${organizationId}), 0) + o.n
        from (values ${order}) as o(id, n)
        where d.id = o.id`.execute(db);
    },

    /** The first pending delivery of the queue, with its entry. */
    async head(organizationId: number) {
      return db
        .selectFrom('audit_deliveries as d')
        .innerJoin('audit_events as e', 'e.id', 'd.audit_event_id')
        .select([
          'd.id as delivery_id',
          'd.attempts',
          'd.next_attempt_at',
          'd.created_at as queued_at',
          'e.id',
          'e.created_at',
          'e.organization_id',
          'e.type',
          'e.actor_id',
          'e.actor_email',
          'e.target_id',
          'e.target_email',
          'e.ip',
          'e.details',
        ])
        .where('d.organization_id', '=', organizationId)
        .where('d.status', '=', 'pending')
        .where('d.seq', 'is not', null)
        .orderBy('d.seq')
        .limit(1)
        .executeTakeFirst();
    },

    async delivered(deliveryId: number): Promise<void> {
      await db.deleteFrom('audit_deliveries').where('id', '=', deliveryId).execute();
    },

    /** A failed try: tried again at `retryAt`, or given up (`failed`) when null. */
    async attemptFailed(deliveryId: number, retryAt: Date | null): Promise<void> {
      await db
        .updateTable('audit_deliveries')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          ...(retryAt === null ? { status: 'failed' as const } : { next_attempt_at: retryAt }),
        }))
        .where('id', '=', deliveryId)
        .execute();
    },
  };
}
