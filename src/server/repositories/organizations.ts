/** The organizations table: name, billing admin and purchased seats. */
import { sql, type Insertable } from 'kysely';
import type { SeatPlanKey } from '../../shared/plans.js';
import type { Db } from '../db/index.js';
import type { Organization, OrganizationsTable } from '../db/schema.js';

export function createOrganizationsRepository(db: Db) {
  return {
    /**
     * With forUpdate the row stays locked until the transaction ends: seat changes of one organization
     * lock it first, so they are serialized (two admins assigning the last seat: exactly one gets it).
     * The lock is FOR NO KEY UPDATE: it serializes them just as well, but lets a row that merely points at
     * the organization be written meanwhile (a foreign key check takes FOR KEY SHARE). With FOR UPDATE a
     * member's spend, holding their row and writing a ledger entry of the organization, deadlocked with
     * their removal or deprovisioning, holding the organization and waiting for the member's row.
     */
    async findById(id: number, { forUpdate = false } = {}): Promise<Organization | undefined> {
      let query = db.selectFrom('organizations').selectAll().where('id', '=', id);
      if (forUpdate) query = query.forNoKeyUpdate();
      return query.executeTakeFirst();
    },

    /** An organization the database vouches for (a foreign key points at it); throws when it is gone. */
    async get(id: number): Promise<Organization> {
      return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },

    /** The organization a subscription pays the seats of. */
    async findBySubscription(subscriptionId: string): Promise<Organization | undefined> {
      return db
        .selectFrom('organizations')
        .selectAll()
        .where('subscription_id', '=', subscriptionId)
        .orderBy('id')
        .executeTakeFirst();
    },

    /** Every organization, for the seat reconciliation. */
    async all(): Promise<Organization[]> {
      return db.selectFrom('organizations').selectAll().orderBy('id').execute();
    },

    async create(values: Insertable<OrganizationsTable>): Promise<Organization> {
      return db.insertInto('organizations').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async rename(id: number, name: string): Promise<void> {
      await db.updateTable('organizations').set({ name }).where('id', '=', id).execute();
    },

    async setTwoFactorRequired(id: number, required: boolean): Promise<void> {
      await db
        .updateTable('organizations')
        .set({ require_two_factor: required })
        .where('id', '=', id)
        .execute();
    },

    async setSeats(
      id: number,
      seats: { standard: number; pro: number; subscriptionId: string | null },
    ): Promise<Organization> {
      return db
        .updateTable('organizations')
        .set({ seats_standard: seats.standard, seats_pro: seats.pro, subscription_id: seats.subscriptionId })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** One seat of the plan fewer (a member's own plan cancelled), never below 0. */
    async releaseSeat(id: number, plan: SeatPlanKey | 'free'): Promise<Organization> {
      return db
        .updateTable('organizations')
        .set({
          seats_standard: sql`greatest(0, seats_standard - ${plan === 'standard' ? 1 : 0})`,
          seats_pro: sql`greatest(0, seats_pro - ${plan === 'pro' ? 1 : 0})`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
