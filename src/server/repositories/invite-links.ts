/** Invitation links of organizations (docs/product.md#invitation-links) (only the token's hash is stored). */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';

export function createInviteLinksRepository(db: Db) {
  const revokeOpen = (organizationId: number) =>
    db
      .updateTable('invite_links')
      .set({ revoked_at: sql<Date>`now()` })
      .where('organization_id', '=', organizationId)
      .where('revoked_at', 'is', null);

  return {
    /**
     * Makes the organization's new link, revoking the ones before it. Both times come from one clock (the
     * server's), as join requests do, so a link lives exactly its lifetime.
     */
    async replace(link: {
      organizationId: number;
      tokenHash: string;
      domain: string;
      createdBy: number;
      createdAt: Date;
      lifetimeMs: number;
    }) {
      await revokeOpen(link.organizationId).execute();
      return db
        .insertInto('invite_links')
        .values({
          organization_id: link.organizationId,
          token_hash: link.tokenHash,
          domain: link.domain,
          created_by: link.createdBy,
          created_at: link.createdAt,
          expires_at: new Date(link.createdAt.getTime() + link.lifetimeMs),
        })
        .returning(['id', 'domain', 'created_at', 'expires_at'])
        .executeTakeFirstOrThrow();
    },

    /** The organization's link that still works for `domain`: not revoked, not expired. */
    async workingOf(organizationId: number, domain: string) {
      return db
        .selectFrom('invite_links')
        .select(['id', 'domain', 'created_at', 'expires_at'])
        .where('organization_id', '=', organizationId)
        .where('domain', '=', domain)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    /** Revokes every link of the organization not revoked yet; answers how many still worked. */
    async revokeAll(organizationId: number): Promise<number> {
      const rows = await revokeOpen(organizationId)
        .returning(sql<boolean>`expires_at > now()`.as('working'))
        .execute();
      return rows.filter((row) => row.working).length;
    },

    /** A link by its token's hash, with its organization's name and current domain. */
    async findByTokenHash(tokenHash: string) {
      return db
        .selectFrom('invite_links')
        .innerJoin('organizations', 'organizations.id', 'invite_links.organization_id')
        .select([
          'invite_links.id',
          'invite_links.organization_id',
          'invite_links.domain',
          'invite_links.expires_at',
          'invite_links.revoked_at',
          'invite_links.created_by',
          'organizations.name as organization_name',
          'organizations.domain as organization_domain',
        ])
        .where('invite_links.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
  };
}
