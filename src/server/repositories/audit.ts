/**
 * The audit log: append-only (the table's trigger refuses UPDATE, DELETE and TRUNCATE), so this module
 * inserts and reads, and deletes only what the hourly purge may (`purgeBatch`: entries past their
 * organization's retention, never younger than 365 days). `recordAuditEvent` is the one way to write an
 * entry; call it with the transaction of the change it records, so an entry exists exactly when its
 * change does.
 */
import { sql, type Kysely } from 'kysely';
import type { AuditDetailKey, AuditEventType } from '../../shared/audit-events.js';
import type { Database } from '../db/schema.js';
import { json } from '../db/json.js';
import { DAY_MS } from '../../shared/duration.js';

type Detail = string | number | boolean | null;

export interface AuditEventInput {
  type: AuditEventType;
  /** The organization whose admins see the entry; null: only the actor and target see it. */
  organizationId: number | null;
  /** Who did it; null when nobody is signed in (e.g. a failed sign-in). */
  actor: { id: number; email: string } | null;
  /** Whom or what it was done to: an account (id when it exists) or an address. */
  target?: { id: number | null; email: string | null } | null;
  /** The caller's address. */
  ip: string | null;
  /** Small facts about the change (from/to product, seats bought...). Never secrets. */
  details?: Partial<Record<AuditDetailKey, Detail>>;
}

/**
 * Writes the entry and, when its organization streams its log (docs/product.md#audit-log-streaming), the
 * entry's delivery to the outbox, in one statement: both exist or neither, in or out of a transaction.
 */
export async function recordAuditEvent(db: Kysely<Database>, event: AuditEventInput): Promise<void> {
  await db
    .with('entry', (q) =>
      q
        .insertInto('audit_events')
        .values({
          type: event.type,
          organization_id: event.organizationId,
          actor_id: event.actor?.id ?? null,
          actor_email: event.actor?.email ?? null,
          target_id: event.target?.id ?? null,
          target_email: event.target?.email ?? null,
          ip: event.ip,
          details: json(event.details ?? {}),
        })
        .returning(['id', 'organization_id']),
    )
    .insertInto('audit_deliveries')
    .columns(['organization_id', 'audit_event_id'])
    .expression((eb) =>
      eb
        .selectFrom('entry')
        .innerJoin('audit_streams', 'audit_streams.organization_id', 'entry.organization_id')
        .select(['audit_streams.organization_id', 'entry.id']),
    )
    .execute();
}

export interface AuditFilter {
  /**
   * What the viewer may see: their organization's entries, their own acts, and entries of no organization
   * naming them. Not what another organization wrote about them (a former one's grants, caps, removal):
   * its admins' addresses and reasons were never theirs to read.
   */
  viewer: { id: number; organizationId: number | null };
  type?: string;
  /** Part of the actor's or target's address. */
  person?: string;
  /** At or after `from`, before `before` (handlers/time-range.ts). */
  from?: Date;
  before?: Date;
}

export function createAuditRepository(db: Kysely<Database>) {
  function filtered({ viewer, type, person, from, before }: AuditFilter) {
    let query = db
      .selectFrom('audit_events')
      .where((eb) =>
        eb.or([
          ...(viewer.organizationId === null ? [] : [eb('organization_id', '=', viewer.organizationId)]),
          eb('actor_id', '=', viewer.id),
          eb.and([eb('target_id', '=', viewer.id), eb('organization_id', 'is', null)]),
        ]),
      );
    if (type) query = query.where('type', '=', type);
    if (person) {
      const pattern = `%${person.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([eb('actor_email', 'like', pattern), eb('target_email', 'like', pattern)]),
      );
    }
    if (from !== undefined) query = query.where('created_at', '>=', from);
    if (before !== undefined) query = query.where('created_at', '<', before);
    return query;
  }

  return {
    record: (event: AuditEventInput) => recordAuditEvent(db, event),

    /** One page, newest first, and the number of entries matching the filter. */
    async page(filter: AuditFilter, page: number, pageSize: number) {
      const [rows, count] = await Promise.all([
        filtered(filter)
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        filtered(filter)
          .select((eb) => eb.fn.countAll<string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /**
     * Deletes up to `limit` entries older than their organization's retention at `now` (`defaultDays`
     * without one, or without an organization) and answers the organization of each. Call it in a
     * transaction: it tells the table's trigger that the purge is deleting (docs/product.md#audit-log).
     */
    async purgeBatch(now: Date, defaultDays: number, limit: number): Promise<(number | null)[]> {
      await sql`select set_config('audit.purge', 'on', true)`.execute(db);
      const floor = new Date(now.getTime() - defaultDays * DAY_MS);
      const rows = await sql<{ organization_id: number | null }>`
        delete from audit_events where id in (
          select e.id from audit_events e
          left join audit_settings s on s.organization_id = e.organization_id
          where e.created_at < ${floor}
            and e.created_at < ${now}::timestamptz - coalesce(s.retention_days, ${defaultDays}) * interval '1 day'
          order by e.id
          limit ${limit}
        )
        returning organization_id`.execute(db);
      return rows.rows.map((row) => row.organization_id);
    },

    /**
     * Whether such an entry was written within the last hour: "Require SSO" counts the admin's own test of
     * the connection that signed in the admin's address (docs/product.md#require-sso).
     */
    async happenedWithinAnHour(entry: {
      type: AuditEventType;
      organizationId: number;
      actorId: number;
      targetEmail: string;
    }): Promise<boolean> {
      const row = await db
        .selectFrom('audit_events')
        .select('id')
        .where('type', '=', entry.type)
        .where('organization_id', '=', entry.organizationId)
        .where('actor_id', '=', entry.actorId)
        .where('target_email', '=', entry.targetEmail)
        .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The matching entries older than the entry `beforeId` (none: from the newest), newest first, at
     * most `limit`: the CSV export reads the log in such batches (keyset, so each is one index range).
     */
    async before(filter: AuditFilter, beforeId: number | undefined, limit: number) {
      let query = filtered(filter).selectAll();
      if (beforeId !== undefined) query = query.where('id', '<', beforeId);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },
  };
}

type AuditRepository = ReturnType<typeof createAuditRepository>;
export type AuditRow = Awaited<ReturnType<AuditRepository['before']>>[number];

/** An account as an entry's actor or target. */
export const personOf = (user: { id: number; email: string }) => ({ id: user.id, email: user.email });
