/**
 * A CRM connection's credentials, kept working (docs/product.md#connection-health): an OAuth access token
 * that expires within a minute is refreshed before the call that needs it, and the new token set stored
 * sealed; a CRM that refuses the token during a call gets one refresh and the call again. When the CRM
 * refuses the refresh (invalid_grant, 401) or the API keys, the connection needs attention: it is marked,
 * its maker is told once (the caller's `needsAttention`), and the call is answered 422
 * crm_reconnect. One process refreshes a connection at a time (a claim on its row), so a
 * CRM that issues a new refresh token with each refresh never sees the old one twice.
 */
import { createHash } from 'node:crypto';
import { message } from '../../contract/messages.js';
import type { Software } from '../db/schema.js';
import {
  CrmAccessRefused,
  type CrmAccess,
  type CrmRecordApi,
  type CrmRecordsRegistry,
  type CrmRegistry,
  type OAuthTokenSet,
} from '../crm/provider.js';
import type { ConnectionRow } from '../repositories/connections.js';
import type { Repositories } from '../repositories/index.js';
import type { SecretBox } from '../security/secret-box.js';
import { notFound, rejected, upstreamFailed } from './errors.js';

/** What an OAuth connection keeps, sealed: the token set, the pre-connect values, and tokens it replaced. */
export interface StoredOAuth extends Partial<Omit<OAuthTokenSet, 'access_token' | 'refresh_token'>> {
  access_token: string;
  refresh_token: string | null;
  fields?: Record<string, string>;
  /**
   * Hashes of the access tokens refreshes replaced, newest first: the extension may still hold one, and
   * verify-settings takes it as this connection's.
   */
  earlier_tokens?: string[];
}
/** What an API-key connection keeps, sealed. */
export interface StoredKeys {
  api_keys: string[];
}

/** Refreshed this long before the access token expires. */
const REFRESH_AHEAD_MS = 60_000;
/** How long one refresh may hold its claim: a process that died holding it is waited for this long. */
const REFRESH_CLAIM_MS = 30_000;
/** How often a call waiting for another process's refresh looks again. */
const WAIT_STEP_MS = 250;
/** How many replaced access tokens a connection remembers. */
const EARLIER_TOKENS = 5;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** When a token set's access token expires, by the CRM's `expires_in`; null when it did not say. */
export function tokenExpiry(tokens: Pick<OAuthTokenSet, 'expires_in'>, now: Date): Date | null {
  return tokens.expires_in === null ? null : new Date(now.getTime() + tokens.expires_in * 1000);
}

/** What a connection's credentials need: queries, the box, the CRMs, the clock, and who is told. */
export interface AccessServices {
  repos: Repositories;
  secretBox: SecretBox;
  crm: CrmRegistry;
  /** The record APIs; their backoff's `sleep` also paces the wait for another process's refresh. */
  crmRecords: CrmRecordsRegistry;
  clock: () => Date;
  /**
   * Marks the connection as needing attention and, the first time, tells its maker (the caller knows
   * which operation it is, for the mail's limits).
   */
  needsAttention: (connectionId: number) => Promise<void>;
}

const needsAttentionAnswer = (software: Software) =>
  rejected(message('crm_reconnect', { crm: software.software }));

type Credentials = CrmAccess['credentials'];

/**
 * The connection's credentials, refreshed first when its OAuth token expires within a minute (or when
 * `force`: the CRM just refused it). Waits while another process refreshes it. Throws the 422 when the
 * connection needs attention or the CRM refuses the refresh.
 */
async function freshCredentials(
  services: AccessServices,
  start: ConnectionRow,
  software: Software,
  force: boolean,
): Promise<{ row: ConnectionRow; credentials: Credentials }> {
  const { repos, secretBox } = services;
  let row = start;
  let mustRefresh = force;
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    if (row.needs_attention_since !== null) throw needsAttentionAnswer(software);
    const credentials = secretBox.open<StoredOAuth | StoredKeys>(row.credentials);
    if (!('access_token' in credentials)) return { row, credentials };
    const now = services.clock();
    const expiring =
      row.token_expires_at !== null && row.token_expires_at.getTime() - now.getTime() < REFRESH_AHEAD_MS;
    if (!mustRefresh && !expiring) return { row, credentials };
    if (!credentials.refresh_token) {
      // Nothing to refresh with: the CRM decides whether the token still works, and a refusal is final.
      if (!mustRefresh) return { row, credentials };
      await services.needsAttention(row.id);
      throw needsAttentionAnswer(software);
    }
    const claimed = await repos.connections.claimRefresh(
      row.id,
      row.credentials,
      now,
      new Date(now.getTime() + REFRESH_CLAIM_MS),
    );
    if (claimed) return refresh(services, row, credentials, software, { mustRefresh, now });
    // Another call is refreshing it, or just did: wait for its token rather than spend the refresh token.
    // A claim ends by itself; waiting far longer means the clock stands still (a test's): give up.
    if (waited > 2 * REFRESH_CLAIM_MS)
      throw upstreamFailed(message('crm_unreachable', { crm: software.software }));
    await services.crmRecords.backoff.sleep(WAIT_STEP_MS);
    const latest = await repos.connections.byId(row.id);
    if (!latest) throw notFound(message('crm_sync_not_connected', { crm: software.software }));
    // Refreshed by the other call: its token is new, whatever the CRM said of the old one.
    if (latest.credentials !== row.credentials) mustRefresh = false;
    row = latest;
  }
}

/** The refresh itself, under the claim: the new token set stored, or the connection marked. */
async function refresh(
  services: AccessServices,
  row: ConnectionRow,
  current: StoredOAuth,
  software: Software,
  { mustRefresh, now }: { mustRefresh: boolean; now: Date },
): Promise<{ row: ConnectionRow; credentials: Credentials }> {
  const { repos, secretBox } = services;
  let tokens: OAuthTokenSet;
  try {
    tokens = await services.crm
      .forSoftware(software.slug)
      .refreshTokens(software, current.refresh_token!, { fields: current.fields ?? {} });
  } catch (error) {
    if (error instanceof CrmAccessRefused) {
      await services.needsAttention(row.id);
      throw needsAttentionAnswer(software);
    }
    await repos.connections.releaseRefresh(row.id);
    // The CRM failed, not refused: a token that has not expired yet still serves this call.
    if (!mustRefresh && row.token_expires_at !== null && row.token_expires_at > now)
      return { row, credentials: current };
    throw error;
  }
  const next: StoredOAuth = {
    ...current,
    ...tokens,
    // A CRM that keeps the refresh token answers none; one whose host does not change may not name it again.
    refresh_token: tokens.refresh_token ?? current.refresh_token,
    domain: tokens.domain ?? current.domain ?? null,
    api_domain: tokens.api_domain ?? current.api_domain ?? null,
    earlier_tokens: [tokenHash(current.access_token), ...(current.earlier_tokens ?? [])].slice(
      0,
      EARLIER_TOKENS,
    ),
  };
  const sealed = secretBox.seal(next);
  const expiresAt = tokenExpiry(tokens, now);
  if (!(await repos.connections.storeRefreshed(row.id, row.credentials, sealed, expiresAt))) {
    // Replaced meanwhile (connected again): the new connection's credentials are the ones to use.
    const replaced = await repos.connections.byId(row.id);
    if (!replaced) throw notFound(message('crm_sync_not_connected', { crm: software.software }));
    return freshCredentials(services, replaced, software, false);
  }
  return {
    row: { ...row, credentials: sealed, token_expires_at: expiresAt, refreshing_until: null },
    credentials: next,
  };
}

/**
 * The record API of a connection, through credentials kept fresh: each call the CRM refuses for its
 * credentials is made again once after a refresh (OAuth); a second refusal, a refused refresh or refused
 * API keys mark the connection as needing attention and answer the 422. Undefined when this server has no
 * record adapter for the CRM.
 */
export async function recordApiOf(
  services: AccessServices,
  connection: ConnectionRow,
  software: Software,
  account: string,
): Promise<CrmRecordApi | undefined> {
  if (connection.needs_attention_since !== null) throw needsAttentionAnswer(software);
  const open = (credentials: Credentials) =>
    services.crmRecords.open({ software: software.slug, credentials, account });
  // Whether an adapter exists is known without the CRM: no refresh for a CRM that cannot sync anyway.
  if (!open(services.secretBox.open<Credentials>(connection.credentials))) return undefined;
  let { row, credentials } = await freshCredentials(services, connection, software, false);
  let api = open(credentials)!;
  let refreshed = false;

  async function run<T>(call: (api: CrmRecordApi) => Promise<T>): Promise<T> {
    try {
      return await call(api);
    } catch (error) {
      if (!(error instanceof CrmAccessRefused)) throw error;
      if (row.auth_type !== 'oauth' || refreshed) {
        await services.needsAttention(row.id);
        throw needsAttentionAnswer(software);
      }
      refreshed = true;
      ({ row, credentials } = await freshCredentials(services, row, software, true));
      api = open(credentials)!;
      return run(call);
    }
  }

  return {
    listFields: (object) => run((crm) => crm.listFields(object)),
    findRecord: (object, match, fields) => run((crm) => crm.findRecord(object, match, fields)),
    createRecord: (object, values, owner, unlessMatching) =>
      run((crm) => crm.createRecord(object, values, owner, unlessMatching)),
    updateRecord: (object, id, values) => run((crm) => crm.updateRecord(object, id, values)),
  };
}
