/** An organization's session and network policies (docs/product.md#session-and-network-policies). */
import type { Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { SessionPoliciesTable } from '../db/schema.js';
import { json } from '../db/json.js';

export type SessionPolicy = Omit<Selectable<SessionPoliciesTable>, 'organization_id'>;

/** An organization that set nothing: the product's own limits, any address. */
const NO_SESSION_POLICY: SessionPolicy = {
  idle_timeout_minutes: null,
  session_lifetime_minutes: null,
  ip_allow_list: [],
};

export function createSessionPoliciesRepository(db: Db) {
  return {
    /** An organization's policies; a user in none (null) has NO_SESSION_POLICY. */
    async of(organizationId: number | null): Promise<SessionPolicy> {
      if (organizationId === null) return NO_SESSION_POLICY;
      const row = await db
        .selectFrom('session_policies')
        .select(['idle_timeout_minutes', 'session_lifetime_minutes', 'ip_allow_list'])
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      return row ?? NO_SESSION_POLICY;
    },

    async save(organizationId: number, policy: SessionPolicy): Promise<void> {
      const values = { ...policy, ip_allow_list: json(policy.ip_allow_list) };
      await db
        .insertInto('session_policies')
        .values({ organization_id: organizationId, ...values })
        .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
        .execute();
    },
  };
}
