/**
 * Single sign-on (docs/product.md#single-sign-on): an organization's connection, the sign-ins under way
 * (each state used once) and which account each identity of a connection signs in to.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Organization, SamlIdpMetadataRow, SsoConnection } from '../db/schema.js';
import { json } from '../db/json.js';

/** What an admin saves; the rest of the row is the repository's. */
export type SsoConnectionFields = Pick<
  SsoConnection,
  | 'protocol'
  | 'oidc_issuer'
  | 'oidc_client_id'
  | 'oidc_client_secret'
  | 'oidc_metadata'
  | 'saml_metadata_url'
  | 'saml_metadata_xml'
  | 'saml_idp'
  | 'saml_idp_entity_id'
  | 'saml_fetched_at'
>;

export type SignInTake =
  | {
      taken: true;
      connectionId: number;
      secrets: string;
      testerId: number | null;
      /** The session a test was started in (its `id_hash`); null for a sign-in. */
      testerSessionHash: string | null;
    }
  | { taken: false; reason: 'unknown' | 'used' | 'expired'; connectionId?: number };

/** Sign-ins this long past their expiry are of no use, even to tell a replay from an unknown state. */
const KEEP_ENDED_SIGN_INS = "interval '1 day'";

export function createSsoRepository(db: Db) {
  return {
    async connectionOf(
      organizationId: number,
      { forUpdate = false } = {},
    ): Promise<SsoConnection | undefined> {
      let query = db.selectFrom('sso_connections').selectAll().where('organization_id', '=', organizationId);
      if (forUpdate) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async connectionById(id: number): Promise<SsoConnection | undefined> {
      return db.selectFrom('sso_connections').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The organization that verified `domain` (any method: the caller checks which) and its connection. */
    async connectionForDomain(
      domain: string,
    ): Promise<{ organization: Organization; connection: SsoConnection | undefined } | undefined> {
      const organization = await db
        .selectFrom('organizations')
        .selectAll()
        .where('domain', '=', domain)
        .executeTakeFirst();
      if (!organization) return undefined;
      const connection = await db
        .selectFrom('sso_connections')
        .selectAll()
        .where('organization_id', '=', organization.id)
        .executeTakeFirst();
      return { organization, connection };
    },

    /** Creates or replaces the organization's connection; answers it as saved. */
    async saveConnection(
      organizationId: number,
      fields: SsoConnectionFields,
      { createdBy, keepTest }: { createdBy: number; keepTest: boolean },
    ): Promise<SsoConnection> {
      const values = {
        ...fields,
        oidc_metadata: fields.oidc_metadata === null ? null : json(fields.oidc_metadata),
        saml_idp: fields.saml_idp === null ? null : json(fields.saml_idp),
        updated_at: new Date(),
        ...(keepTest ? {} : { tested_at: null }),
      };
      return db
        .insertInto('sso_connections')
        .values({ ...values, organization_id: organizationId, created_by: createdBy })
        .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async deleteConnection(organizationId: number): Promise<SsoConnection | undefined> {
      return db
        .deleteFrom('sso_connections')
        .where('organization_id', '=', organizationId)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Keeps the metadata a connection's URL says now, unless the admin changed the URL meanwhile; answers
     * the connection as it now is (undefined when it changed or is gone).
     */
    async refreshSamlIdp(
      connectionId: number,
      url: string,
      fields: {
        saml_idp: SamlIdpMetadataRow;
        saml_idp_entity_id: string | null;
        saml_fetched_at: Date | null;
      },
    ): Promise<SsoConnection | undefined> {
      return db
        .updateTable('sso_connections')
        .set({ ...fields, saml_idp: json(fields.saml_idp) })
        .where('id', '=', connectionId)
        .where('saml_metadata_url', '=', url)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Claims the SAML connections whose metadata URL was last read before `before` (the daily refresh; one
     * connection, `only`, after a signature that did not verify): marked read at `now` in the same
     * statement, so another call or process does not read them too.
     */
    async claimStaleSamlConnections(before: Date, now: Date, only?: number): Promise<SsoConnection[]> {
      return db
        .updateTable('sso_connections')
        .set({ saml_fetched_at: now })
        .where('protocol', '=', 'saml')
        .where('saml_metadata_url', 'is not', null)
        .where((eb) => eb.or([eb('saml_fetched_at', 'is', null), eb('saml_fetched_at', '<', before)]))
        .$if(only !== undefined, (qb) => qb.where('id', '=', only!))
        .returningAll()
        .execute();
    },

    /** The connection an identity provider's unasked answer names by its entity ID (Issuer). */
    /**
     * The SAML connections that name `entityId` as their identity provider: several organizations may
     * (nothing proves an entity ID is one's own), so the caller tells them apart by signature and domain.
     */
    async connectionsOfSamlIssuer(entityId: string): Promise<SsoConnection[]> {
      return db
        .selectFrom('sso_connections')
        .selectAll()
        .where('protocol', '=', 'saml')
        .where('saml_idp_entity_id', '=', entityId)
        .orderBy('id')
        .execute();
    },

    /**
     * Uses an assertion, once: false when this connection already took it. Assertions past their expiry
     * are forgotten on the way (they would be refused as expired anyway).
     */
    async useAssertion(
      connectionId: number,
      assertionId: string,
      expiresAt: Date,
      now: Date,
    ): Promise<boolean> {
      await db.deleteFrom('sso_saml_assertions').where('expires_at', '<', now).execute();
      const used = await db
        .insertInto('sso_saml_assertions')
        .values({ connection_id: connectionId, assertion_id: assertionId, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['connection_id', 'assertion_id']).doNothing())
        .returning('assertion_id')
        .executeTakeFirst();
      return used !== undefined;
    },

    /** The organization's "Require SSO" (docs/product.md#require-sso). */
    async setRequireSso(connectionId: number, required: boolean): Promise<void> {
      await db
        .updateTable('sso_connections')
        .set({ require_sso: required })
        .where('id', '=', connectionId)
        .execute();
    },

    async markTested(connectionId: number, at: Date): Promise<void> {
      await db.updateTable('sso_connections').set({ tested_at: at }).where('id', '=', connectionId).execute();
    },

    /** Another identity provider's subjects are other people: links of the old one must not carry over. */
    async forgetIdentities(connectionId: number): Promise<void> {
      await db.deleteFrom('sso_identities').where('connection_id', '=', connectionId).execute();
    },

    /** A sign-in under way; sign-ins long over are cleared on the way. */
    async startSignIn(row: {
      stateHash: string;
      connectionId: number;
      secrets: string;
      testerId: number | null;
      /** A test's session (its `id_hash`): the test is deleted with it (migration 0073). */
      testerSessionHash: string | null;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .deleteFrom('sso_sign_ins')
        .where('expires_at', '<', sql<Date>`now() - ${sql.raw(KEEP_ENDED_SIGN_INS)}`)
        .execute();
      await db
        .insertInto('sso_sign_ins')
        .values({
          state_hash: row.stateHash,
          connection_id: row.connectionId,
          secrets: row.secrets,
          tester_id: row.testerId,
          tester_session_hash: row.testerSessionHash,
          expires_at: row.expiresAt,
        })
        .execute();
    },

    /**
     * Uses the sign-in of a state, once: of two callbacks with one state only the first gets it (a single
     * conditional update), and the others learn why not.
     */
    async takeSignIn(stateHash: string, now: Date): Promise<SignInTake> {
      const taken = await db
        .updateTable('sso_sign_ins')
        .set({ used_at: now })
        .where('state_hash', '=', stateHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['connection_id', 'secrets', 'tester_id', 'tester_session_hash'])
        .executeTakeFirst();
      if (taken) {
        return {
          taken: true,
          connectionId: taken.connection_id,
          secrets: taken.secrets,
          testerId: taken.tester_id,
          testerSessionHash: taken.tester_session_hash,
        };
      }
      const row = await db
        .selectFrom('sso_sign_ins')
        .select(['used_at', 'connection_id'])
        .where('state_hash', '=', stateHash)
        .executeTakeFirst();
      if (!row) return { taken: false, reason: 'unknown' };
      return {
        taken: false,
        reason: row.used_at !== null ? 'used' : 'expired',
        connectionId: row.connection_id,
      };
    },

    async userOfIdentity(connectionId: number, subject: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('sso_identities')
        .select('user_id')
        .where('connection_id', '=', connectionId)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.user_id;
    },

    async link(connectionId: number, subject: string, userId: number): Promise<void> {
      await db
        .insertInto('sso_identities')
        .values({ connection_id: connectionId, subject, user_id: userId })
        .onConflict((oc) => oc.columns(['connection_id', 'subject']).doNothing())
        .execute();
    },
  };
}
