/** The users table: accounts, their plan columns and organization membership. */
import { sql, type ExpressionBuilder, type RawBuilder, type UpdateObject } from 'kysely';
import type { Db } from '../db/index.js';
import { precompiled } from '../db/precompiled.js';
import type { Database, NewUser, SignInMethod, User } from '../db/schema.js';
import type { PlanKey } from '../../shared/plans.js';
import { rolesWithout } from '../../shared/permissions.js';

export type UserChanges = UpdateObject<Database, 'users'>;

/** What the user view (get-user and the sign-in answers) needs besides the user row. */
export interface UserViewExtras {
  org_id: number | null;
  org_name: string | null;
  org_billing_admin_id: number | null;
  org_seats_standard: number | null;
  org_seats_pro: number | null;
  org_require_two_factor: boolean | null;
  member_count: number | string | bigint | null;
  org_connection_id: number | null;
  personal_connection_id: number | null;
  /** Whether the connection the extension uses needs attention; null without one. */
  connection_needs_attention: boolean | null;
  /**
   * How the session the view is read for was signed in, when it is known (the session resolver, a sign-in's
   * answer): single sign-on meets the organization's two-factor requirement (domain/two-factor.ts).
   */
  session_sign_in_method?: SignInMethod | null;
}

/** The columns of a member the members table shows (get-organization-members). */
const MEMBER_COLUMNS = [
  'id',
  'name',
  'email',
  'role',
  'created_at',
  'stripe_product',
  'stripe_interval',
  'stripe_status',
  'stripe_subscription_id',
  'next_payment_date',
  'payment_method',
] as const;
/** A member's row, with whether they sign in with two factors (never the secret itself). */
export type MemberRow = Pick<User, (typeof MEMBER_COLUMNS)[number]> & { two_factor: boolean };

/** Which members a page or a count is about: name or email containing `search`, holding `product`. */
export interface MemberFilter {
  search: string;
  /** Only the members holding this product (Free: none, or any spelling planKeyOf reads as Free). */
  product?: PlanKey;
  /** Only the members whose role may hold a paid seat (the targets of a seat move). */
  seatHolders?: boolean;
}

export interface MemberPageQuery extends MemberFilter {
  sort: 'name' | 'email' | 'role' | 'product' | 'joined';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** Only this member. */
  userId?: number;
}

/** The plan key of a stored product (any spelling), as planKeyOf reads it; indexed (migration 0010). */
const PRODUCT_KEY = sql`lower(btrim(stripe_product))`;
/** Free < Standard < Pro, the order of the plans rather than of their names. */
const PRODUCT_RANK = sql`case ${PRODUCT_KEY} when 'pro' then 2 when 'standard' then 1 else 0 end`;

/** The members table's order: the chosen column, then join order (indexed, migration 0010). */
function memberOrder({ sort, order }: MemberPageQuery): [RawBuilder<unknown>, 'asc' | 'desc'][] {
  const column =
    sort === 'name'
      ? sql`lower(name)`
      : sort === 'email'
        ? sql`email`
        : sort === 'role'
          ? sql`role`
          : sort === 'product'
            ? PRODUCT_RANK
            : null;
  return [...(column ? [column] : []), sql`created_at`, sql`id`].map((expression) => [expression, order]);
}

/** `%`, `_` and `\\` are literal in a search, not LIKE wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function matchingSearch(search: string) {
  const needle = search.trim();
  if (!needle) return sql<boolean>`true`;
  const pattern = likePattern(needle);
  return sql<boolean>`(name ilike ${pattern} or email ilike ${pattern})`;
}

/** Holding `product` as planKeyOf reads it (any other spelling is Free); served by users_org_product. */
function holdingProduct(product: PlanKey | undefined) {
  if (product === undefined) return sql<boolean>`true`;
  if (product === 'free') return sql<boolean>`${PRODUCT_KEY} not in ('standard', 'pro')`;
  return sql<boolean>`${PRODUCT_KEY} = ${product}`;
}

/** Roles as roleCan reads them: a stored value outside the table is a member, who may hold a seat. */
function mayHoldSeat(seatHolders: boolean | undefined) {
  if (!seatHolders) return sql<boolean>`true`;
  const without = rolesWithout('seat.hold');
  if (without.length === 0) return sql<boolean>`true`;
  return sql<boolean>`coalesce(role, '') not in (${sql.join(without)})`;
}

function matchingFilter({ search, product, seatHolders }: MemberFilter) {
  return sql<boolean>`(${matchingSearch(search)} and ${holdingProduct(product)} and ${mayHoldSeat(seatHolders)})`;
}

/**
 * The columns of UserViewExtras, for a query that has the user's organization as `o` (left-joined) and
 * the user's id as `userId`: one home for the view, read by viewExtras and by the session lookup of the
 * API (SessionsRepository.findUserWithView), which answers session, user and view in one statement.
 */
export function viewExtraColumns(userId: RawBuilder<unknown>) {
  return [
    sql<number | null>`o.id`.as('org_id'),
    sql<string | null>`o.name`.as('org_name'),
    sql<number | null>`o.billing_admin_id`.as('org_billing_admin_id'),
    sql<number | null>`o.seats_standard`.as('org_seats_standard'),
    sql<number | null>`o.seats_pro`.as('org_seats_pro'),
    sql<boolean | null>`o.require_two_factor`.as('org_require_two_factor'),
    // Kept by a trigger (migration 0010) rather than counted on every call.
    sql<number | null>`o.member_count`.as('member_count'),
    sql<number | null>`(select c.id from crm_connections c where c.organization_id = o.id
      order by c.id desc limit 1)`.as('org_connection_id'),
    sql<number | null>`(select c.id from crm_connections c
      where c.user_id = ${userId} and c.organization_id is null
      order by c.id desc limit 1)`.as('personal_connection_id'),
    // The connection the extension's syncs go through (connections.forSync, and presentUser's
    // connection_id): the user's own first, then the organization's.
    sql<boolean | null>`(select c.needs_attention_since is not null from crm_connections c
      where c.organization_id = o.id or (c.user_id = ${userId} and c.organization_id is null)
      order by c.organization_id is not null, c.id desc limit 1)`.as('connection_needs_attention'),
  ] as const;
}

// Read by most calls (db/precompiled.ts).
const byId = (db: Db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id);
const userById = precompiled(byId);
const userByIdForUpdate = precompiled((db: Db, id: number) => byId(db, id).forUpdate());

/**
 * The payer of a subscription among users: an admin still on it, and the one our record of it names
 * (`subscriptions.user_id`) when there is a record. A co-admin given a seat carries the organization's
 * subscription id too, and must not be taken for its payer (a deleted subscription would drop their seat).
 */
function payerOf(eb: ExpressionBuilder<Database, 'users'>, subscriptionId: string) {
  const recorded = eb.selectFrom('subscriptions').where('subscriptions.id', '=', subscriptionId);
  return eb.and([
    eb('users.stripe_subscription_id', '=', subscriptionId),
    eb('users.role', '=', 'admin'),
    eb.or([
      eb.not(eb.exists(recorded.select('subscriptions.id'))),
      eb('users.id', '=', recorded.select('subscriptions.user_id')),
    ]),
  ]);
}

export function createUsersRepository(db: Db) {
  return {
    async findById(id: number, { forUpdate = false } = {}): Promise<User | undefined> {
      return (await (forUpdate ? userByIdForUpdate : userById)(db, id))[0];
    },

    /**
     * True when the account's password is still `hash`, holding its row (shared) until the transaction
     * ends: a password change or reset waits for it, so what it ends includes what this transaction starts.
     */
    /**
     * Sets a new password hash only while the stored one is still `checked` (the one the current password
     * was verified against): of two changes at once, the one that commits second finds another hash and
     * changes nothing. Answers whether it changed it.
     */
    async replacePasswordIf(id: number, checked: string, next: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ password_hash: next })
        .where('id', '=', id)
        .where('password_hash', '=', checked)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Turns two-factor sign-in on with the setup `pending` (sealed), only while it is still the setup under
     * way and two-factor sign-in is off: of two confirmations at once, the second changes nothing (its
     * recovery codes would otherwise replace the ones the first was shown). Answers whether it did.
     */
    async turnOnTwoFactorIf(id: number, pending: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ totp_secret: pending, totp_pending_secret: null, totp_last_step: step })
        .where('id', '=', id)
        .where('totp_secret', 'is', null)
        .where('totp_pending_secret', '=', pending)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Holds the account's row (for share) while the password is still `hash` and its second factor is
     * still on or off as `twoFactor` says: what a sign-in decided from a row read a moment ago.
     */
    async holdIfSignInIs(
      id: number,
      { hash, twoFactor }: { hash: string; twoFactor: boolean },
    ): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', id)
        .where('password_hash', '=', hash)
        .where('totp_secret', twoFactor ? 'is not' : 'is', null)
        .forShare()
        .executeTakeFirst();
      return row !== undefined;
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

    /**
     * Which of these addresses (normalized) belong to members of the organization: one query, however
     * many members it has (docs/product.md#bulk-invitations); served by the unique index on lower(email).
     */
    async memberEmailsAmong(organizationId: number, emails: readonly string[]): Promise<string[]> {
      if (emails.length === 0) return [];
      const rows = await db
        .selectFrom('users')
        .select('email')
        .where('organization_id', '=', organizationId)
        .where(sql<string>`lower(email)`, 'in', emails)
        .execute();
      return rows.map((row) => row.email);
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

    /**
     * One page of an organization's members, searched (name or email contains, ignoring case) and
     * sorted in the database, with only the columns the members table shows; ties go by join order.
     * The page's ids are found first, from the sort's index alone, and only those rows are read: a deep
     * page (offset 9,900 of 10,000) then skips index entries, not whole rows (about half the time).
     */
    async memberPage(organizationId: number, query: MemberPageQuery): Promise<MemberRow[]> {
      const order = memberOrder(query);
      let ids = db
        .selectFrom('users')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where(matchingFilter(query));
      if (query.userId !== undefined) ids = ids.where('id', '=', query.userId);
      for (const [expression, direction] of order) ids = ids.orderBy(expression, direction);
      let page = db
        .selectFrom('users')
        .select(MEMBER_COLUMNS)
        .select(sql<boolean>`totp_secret is not null`.as('two_factor'))
        .where('id', 'in', ids.limit(query.limit).offset(query.offset));
      for (const [expression, direction] of order) page = page.orderBy(expression, direction);
      return page.execute();
    },

    /** Whether this user matches a members' filter (one without an organization is their own only member). */
    async matchesMemberFilter(userId: number, filter: MemberFilter): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .where(matchingFilter(filter))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** How many members match a filter (callers use the organization's member_count without one). */
    async countMatching(organizationId: number, filter: MemberFilter): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select(sql<string | number | bigint>`count(*)`.as('n'))
        .where('organization_id', '=', organizationId)
        .where(matchingFilter(filter))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** How many members hold each paid product (the seat rule needs all of them, not one page). */
    async assignedSeatsOf(organizationId: number): Promise<{ standard: number; pro: number }> {
      // Kept by a trigger (migration 0072) rather than counted over the organization on every page.
      const row = await db
        .selectFrom('organizations')
        .select(['assigned_standard as standard', 'assigned_pro as pro'])
        .where('id', '=', organizationId)
        .executeTakeFirst();
      return { standard: row?.standard ?? 0, pro: row?.pro ?? 0 };
    },

    /** The ids of every member of an organization, in id order (a renewal walks all of them). */
    async memberIdsOf(organizationId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('organization_id', '=', organizationId)
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * The ids of the organization's members whose address is at `domain` (the members single sign-on can
     * sign in, and "Require SSO" holds to it: docs/product.md#require-sso).
     */
    async memberIdsAt(organizationId: number, domain: string): Promise<number[]> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where(sql<string>`split_part(email, '@', 2)`, '=', domain)
        .execute();
      return rows.map((row) => row.id);
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
        .where((eb) => payerOf(eb, subscriptionId))
        .orderBy('id')
        .executeTakeFirst();
    },

    /**
     * Changes the admin a subscription bills (its payer); members and co-admins who hold a seat of it are
     * left alone, and so is a payer who moved to a newer subscription.
     */
    async updatePayersOf(subscriptionId: string, changes: UserChanges): Promise<void> {
      await db
        .updateTable('users')
        .set(changes)
        .where((eb) => payerOf(eb, subscriptionId))
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
        .select(viewExtraColumns(sql`${user.id}`))
        .executeTakeFirstOrThrow();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
