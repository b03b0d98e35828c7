/** The users table: accounts, their plan columns and organization membership. */
import { sql, type UpdateObject } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database, NewUser, User } from '../db/schema.js';

export type UserChanges = UpdateObject<Database, 'users'>;

/** What the user view (get-user and the sign-in answers) needs besides the user row. */
export interface UserViewExtras {
  org_id: number | null;
  org_name: string | null;
  org_billing_admin_id: number | null;
  org_seats_standard: number | null;
  org_seats_pro: number | null;
  member_count: number | string | bigint | null;
  org_connection_id: number | null;
  personal_connection_id: number | null;
}

export function createUsersRepository(db: Db) {
  return {
    async findById(id: number, { forUpdate = false } = {}): Promise<User | undefined> {
      let query = db.selectFrom('users').selectAll().where('id', '=', id);
      if (forUpdate) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async findByEmail(email: string): Promise<User | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    /** The account a Google identity signs into: the one linked to it, else the one with its address. */
    async findForGoogle(sub: string, email: string): Promise<User | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb.or([eb('google_sub', '=', sub), eb('email', '=', email)]))
        .orderBy(sql`google_sub = ${sub}`, 'desc')
        .executeTakeFirst();
    },

    /** A member of the organization by id; undefined when that organization has no such member. */
    async findMember(
      organizationId: number,
      id: number,
      { forUpdate = false } = {},
    ): Promise<User | undefined> {
      let query = db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .where('organization_id', '=', organizationId);
      if (forUpdate) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /** The members of an organization, oldest first. */
    async membersOf(organizationId: number): Promise<User[]> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** Users by id (any order); ids not found are left out. */
    async findManyByIds(ids: number[]): Promise<User[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    },

    /** The product of every member of an organization (to count assigned seats). */
    async productsOf(organizationId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select('stripe_product')
        .where('organization_id', '=', organizationId)
        .execute();
      return rows.map((row) => row.stripe_product);
    },

    /** A new account; undefined when the address already has one. */
    async insert(values: NewUser): Promise<User | undefined> {
      return db
        .insertInto('users')
        .values(values)
        .onConflict((oc) => oc.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async update(id: number, changes: UserChanges): Promise<void> {
      await db.updateTable('users').set(changes).where('id', '=', id).execute();
    },

    async updateAndGet(id: number, changes: UserChanges): Promise<User> {
      return db
        .updateTable('users')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Joins an organization only while the user belongs to none; false when they already do. */
    async joinOrganization(id: number, organizationId: number, role: string): Promise<boolean> {
      const joined = await db
        .updateTable('users')
        .set({ organization_id: organizationId, role })
        .where('id', '=', id)
        .where('organization_id', 'is', null)
        .executeTakeFirst();
      return joined.numUpdatedRows === 1n;
    },

    /** The admin a subscription bills (its payer); undefined when none is known here. */
    async findPayerOf(subscriptionId: string): Promise<User | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('stripe_subscription_id', '=', subscriptionId)
        .where('role', '=', 'admin')
        .orderBy('id')
        .executeTakeFirst();
    },

    /** Changes the admins a subscription bills (the payers); members who share it are left alone. */
    async updatePayersOf(subscriptionId: string, changes: UserChanges): Promise<void> {
      await db
        .updateTable('users')
        .set(changes)
        .where('stripe_subscription_id', '=', subscriptionId)
        .where('role', '=', 'admin')
        .execute();
    },

    /**
     * In one query: the organization of the row given (not re-read, so the view matches that row), its
     * member count, its newest shared CRM connection and the user's newest personal one.
     */
    async viewExtras(user: Pick<User, 'id' | 'organization_id'>): Promise<UserViewExtras> {
      const orgId = user.organization_id;
      return db
        .selectFrom(sql<{ one: number }>`(select 1 as one)`.as('one'))
        .leftJoin('organizations as o', (join) =>
          orgId === null ? join.on(sql<boolean>`false`) : join.on('o.id', '=', orgId),
        )
        .select([
          sql<number | null>`o.id`.as('org_id'),
          sql<string | null>`o.name`.as('org_name'),
          sql<number | null>`o.billing_admin_id`.as('org_billing_admin_id'),
          sql<number | null>`o.seats_standard`.as('org_seats_standard'),
          sql<number | null>`o.seats_pro`.as('org_seats_pro'),
          sql<
            number | string | bigint | null
          >`(select count(*) from users m where m.organization_id = o.id)`.as('member_count'),
          sql<number | null>`(select c.id from crm_connections c where c.organization_id = o.id
            order by c.id desc limit 1)`.as('org_connection_id'),
          sql<number | null>`(select c.id from crm_connections c
            where c.user_id = ${user.id} and c.organization_id is null
            order by c.id desc limit 1)`.as('personal_connection_id'),
        ])
        .executeTakeFirstOrThrow();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
