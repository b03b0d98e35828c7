/**
 * SCIM provisioning's tables (docs/scim.md): the organization's bearer tokens (only their SHA-256), the
 * users and groups its identity provider provisioned, group members, and the admin's group mappings.
 * A SCIM user's account is the one of its address (userName), so nothing here points at `users`.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, ScimGroup, ScimToken, ScimUser } from '../db/schema.js';

/** A uuid as PostgreSQL reads one: anything else is an unknown id, never a query error. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isScimId(id: string): boolean {
  return UUID.test(id);
}

export interface ScimUserFields {
  user_name: string;
  external_id: string | null;
  given_name: string | null;
  family_name: string | null;
  active: boolean;
}

/** A filter a list supports: one attribute equal to a value (docs/scim.md#what-is-supported). */
export interface ScimEquality {
  attribute: 'userName' | 'externalId' | 'displayName';
  value: string;
}

export function createScimRepository(db: Kysely<Database>) {
  /** A SCIM list answer's page, in creation order, and how many match in all (`totalResults`). */
  async function pageOf<T extends 'scim_users' | 'scim_groups'>(
    matching: () => SelectQueryBuilder<Database, T, object>,
    offset: number,
    limit: number,
  ) {
    const [rows, count] = await Promise.all([
      matching().selectAll().orderBy('created_at').orderBy('id').offset(offset).limit(limit).execute(),
      matching()
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  function usersMatching(organizationId: number, filter: ScimEquality | undefined) {
    let query = db.selectFrom('scim_users').where('organization_id', '=', organizationId);
    if (filter?.attribute === 'userName') {
      query = query.where(sql<string>`lower(user_name)`, '=', filter.value.toLowerCase());
    } else if (filter?.attribute === 'externalId') {
      query = query.where('external_id', '=', filter.value);
    } else if (filter) {
      query = query.where(sql<boolean>`false`);
    }
    return query;
  }

  function groupsMatching(organizationId: number, filter: ScimEquality | undefined) {
    let query = db.selectFrom('scim_groups').where('organization_id', '=', organizationId);
    if (filter?.attribute === 'displayName') {
      query = query.where(sql<string>`lower(display_name)`, '=', filter.value.toLowerCase());
    } else if (filter?.attribute === 'externalId') {
      query = query.where('external_id', '=', filter.value);
    } else if (filter) {
      query = query.where(sql<boolean>`false`);
    }
    return query;
  }

  return {
    // Tokens

    async insertToken(values: {
      organizationId: number;
      tokenHash: string;
      createdBy: number | null;
      expiresAt: Date;
    }): Promise<ScimToken> {
      return db
        .insertInto('scim_tokens')
        .values({
          organization_id: values.organizationId,
          token_hash: values.tokenHash,
          created_by: values.createdBy,
          expires_at: values.expiresAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async tokensOf(organizationId: number): Promise<ScimToken[]> {
      return db
        .selectFrom('scim_tokens')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .orderBy('id', 'desc')
        .execute();
    },

    async findToken(organizationId: number, id: number, { forUpdate = false } = {}) {
      let query = db
        .selectFrom('scim_tokens')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', id);
      if (forUpdate) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /** The token of this hash while it works (not revoked, not expired, in its grace period if rotated). */
    async findWorkingToken(tokenHash: string): Promise<ScimToken | undefined> {
      return db
        .selectFrom('scim_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .where((eb) => eb.or([eb('grace_until', 'is', null), eb('grace_until', '>', sql<Date>`now()`)]))
        .executeTakeFirst();
    },

    /** Notes a use, at most once a minute (the settings show it). */
    async touchToken(id: number): Promise<void> {
      await db
        .updateTable('scim_tokens')
        .set({ last_used_at: sql`now()` })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('last_used_at', 'is', null),
            eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
          ]),
        )
        .execute();
    },

    async setTokenGrace(id: number, graceUntil: Date): Promise<void> {
      await db.updateTable('scim_tokens').set({ grace_until: graceUntil }).where('id', '=', id).execute();
    },

    async revokeToken(id: number): Promise<void> {
      await db
        .updateTable('scim_tokens')
        .set({ revoked_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    // Users

    async insertUser(organizationId: number, fields: ScimUserFields): Promise<ScimUser | undefined> {
      return db
        .insertInto('scim_users')
        .values({ organization_id: organizationId, ...fields })
        .onConflict((oc) => oc.expression(sql`organization_id, lower(user_name)`).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async findUser(organizationId: number, id: string, { forUpdate = false } = {}) {
      if (!isScimId(id)) return undefined;
      let query = db
        .selectFrom('scim_users')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', id);
      if (forUpdate) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async findUserByName(organizationId: number, userName: string): Promise<ScimUser | undefined> {
      return usersMatching(organizationId, { attribute: 'userName', value: userName })
        .selectAll()
        .executeTakeFirst();
    },

    async findGroupByName(organizationId: number, displayName: string): Promise<ScimGroup | undefined> {
      return groupsMatching(organizationId, { attribute: 'displayName', value: displayName })
        .selectAll()
        .executeTakeFirst();
    },

    /** A name taken by another user is refused before (the unique index holds it under races). */
    async updateUser(id: string, fields: ScimUserFields): Promise<void> {
      await db
        .updateTable('scim_users')
        .set({ ...fields, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    async deleteUser(id: string): Promise<void> {
      await db.deleteFrom('scim_users').where('id', '=', id).execute();
    },

    userPage(organizationId: number, filter: ScimEquality | undefined, offset: number, limit: number) {
      return pageOf(() => usersMatching(organizationId, filter), offset, limit);
    },

    /** The groups of each of these users, for their `groups` attribute. */
    async groupsOfUsers(userIds: string[]) {
      if (userIds.length === 0) return [];
      return db
        .selectFrom('scim_group_members as m')
        .innerJoin('scim_groups as g', 'g.id', 'm.group_id')
        .select(['m.user_id', 'g.id', 'g.display_name'])
        .where('m.user_id', 'in', userIds)
        .orderBy('g.display_name')
        .execute();
    },

    // Groups

    async insertGroup(
      organizationId: number,
      fields: { display_name: string; external_id: string | null },
    ): Promise<ScimGroup | undefined> {
      return db
        .insertInto('scim_groups')
        .values({ organization_id: organizationId, ...fields })
        .onConflict((oc) => oc.expression(sql`organization_id, lower(display_name)`).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async findGroup(organizationId: number, id: string, { forUpdate = false } = {}) {
      if (!isScimId(id)) return undefined;
      let query = db
        .selectFrom('scim_groups')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', id);
      if (forUpdate) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async updateGroup(id: string, fields: { display_name: string; external_id: string | null }) {
      await db
        .updateTable('scim_groups')
        .set({ ...fields, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    async deleteGroup(id: string): Promise<void> {
      await db.deleteFrom('scim_groups').where('id', '=', id).execute();
    },

    groupPage(organizationId: number, filter: ScimEquality | undefined, offset: number, limit: number) {
      return pageOf(() => groupsMatching(organizationId, filter), offset, limit);
    },

    /** The members of each of these groups, with their userName, for the `members` attribute. */
    async membersOfGroups(groupIds: string[]) {
      if (groupIds.length === 0) return [];
      return db
        .selectFrom('scim_group_members as m')
        .innerJoin('scim_users as u', 'u.id', 'm.user_id')
        .select(['m.group_id', 'u.id', 'u.user_name'])
        .where('m.group_id', 'in', groupIds)
        .orderBy('u.user_name')
        .execute();
    },

    /** Of these ids, those of the organization's SCIM users (other values are ignored). */
    async userIdsAmong(organizationId: number, ids: string[]): Promise<string[]> {
      const valid = ids.filter(isScimId);
      if (valid.length === 0) return [];
      const rows = await db
        .selectFrom('scim_users')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('id', 'in', valid)
        .execute();
      return rows.map((row) => row.id);
    },

    async addMembers(groupId: string, userIds: string[]): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .insertInto('scim_group_members')
        .values(userIds.map((userId) => ({ group_id: groupId, user_id: userId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async removeMembers(groupId: string, userIds: string[]): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .deleteFrom('scim_group_members')
        .where('group_id', '=', groupId)
        .where('user_id', 'in', userIds)
        .execute();
    },

    async removeAllMembers(groupId: string): Promise<void> {
      await db.deleteFrom('scim_group_members').where('group_id', '=', groupId).execute();
    },

    // Mappings

    async mappingsOf(organizationId: number) {
      return db
        .selectFrom('scim_group_mappings')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .orderBy(sql`lower(display_name)`)
        .execute();
    },

    async saveMapping(
      organizationId: number,
      displayName: string,
      target: { role: string | null; product: string | null },
    ): Promise<void> {
      await db
        .insertInto('scim_group_mappings')
        .values({ organization_id: organizationId, display_name: displayName, ...target })
        .onConflict((oc) =>
          oc
            .expression(sql`organization_id, lower(display_name)`)
            .doUpdateSet({ display_name: displayName, ...target }),
        )
        .execute();
    },

    async removeMapping(organizationId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('scim_group_mappings')
        .where('organization_id', '=', organizationId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The mappings of the groups this SCIM user is in. */
    async mappingsOfUser(organizationId: number, scimUserId: string) {
      return db
        .selectFrom('scim_group_members as m')
        .innerJoin('scim_groups as g', 'g.id', 'm.group_id')
        .innerJoin('scim_group_mappings as p', (join) =>
          join
            .onRef(sql`lower(p.display_name)`, '=', sql`lower(g.display_name)`)
            .on('p.organization_id', '=', organizationId),
        )
        .select(['p.role', 'p.product'])
        .where('m.user_id', '=', scimUserId)
        .execute();
    },
  };
}
