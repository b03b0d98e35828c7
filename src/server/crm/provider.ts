/** CRM connections behind one interface: the Demo CRM sandbox and real CRMs (OAuth apps from env). */
import type { Software } from '../db/schema.js';
import type { components } from '../../contract/api.js';
import type { CrmObject } from '../../shared/crm-sync-rules.js';

export interface OAuthTokenSet {
  access_token: string;
  refresh_token: string | null;
  domain: string | null;
  api_domain: string | null;
  scope: string | null;
  token_type: string;
  expires_in: number | null;
}

interface ExchangeContext {
  redirectUri: string;
  /** Values of the pre-connect fields (e.g. Zoho's data centre), by field id. */
  fields: Record<string, string>;
  userId: number;
}

export interface CrmProvider {
  /**
   * Exchanges an authorization code. Failures are domain errors (domain/errors.ts): invalid (a bad or used
   * code), upstreamFailed (the CRM failed) or unavailable (its OAuth app is not configured here).
   */
  exchangeCode(software: Software, code: string, context: ExchangeContext): Promise<OAuthTokenSet>;
  /**
   * Trades a refresh token for a new token set (docs/product.md#connection-health). CrmAccessRefused when
   * the CRM refuses the refresh token (invalid_grant, 401: the connection needs attention); upstreamFailed
   * when it fails or cannot be reached; unavailable when its OAuth app is not configured here. A CRM that
   * keeps the refresh token answers none (`refresh_token: null`): the caller keeps the one it has.
   */
  refreshTokens(
    software: Software,
    refreshToken: string,
    context: Pick<ExchangeContext, 'fields'>,
  ): Promise<OAuthTokenSet>;
  /** Checks API keys: rejected when the CRM refuses them, upstreamFailed when it cannot be reached. */
  verifyApiKeys(software: Software, keys: string[]): Promise<void>;
}

export interface CrmRegistry {
  forSoftware(slug: string): CrmProvider;
}

/**
 * What sync-profile needs of a CRM (docs/product.md#crm-sync-rules), one adapter per CRM: its field list,
 * a search for a duplicate, and a create or update that is all or nothing. The Demo CRM's adapter is
 * crm/demo-records.ts; HubSpot's, Pipedrive's and Salesforce's (crm/<slug>-records.ts) call the CRM's REST
 * API through crm/crm-http.ts, and their tests run against local fakes of those APIs (test/server/fakes/).
 *
 * Adapters throw CrmRefusedField when the CRM refuses a value (nothing written), CrmRateLimited on a 429
 * (withCrmBackoff retries it), CrmAccessRefused when the CRM no longer accepts the connection's token or key
 * (401: domain/crm-access.ts refreshes once, then answers 422 `crm_reconnect` and marks the connection as
 * needing attention), and domain errors for anything else (upstreamFailed when it fails or cannot be
 * reached).
 */
export type CrmField = components['schemas']['CrmField'];

export interface CrmRecord {
  id: string;
  fields: Record<string, string>;
  /** Where a person opens the record in the CRM. */
  url: string;
}

export interface CrmRecordApi {
  listFields(object: CrmObject): Promise<CrmField[]>;
  /**
   * The first record whose fields equal every value of `match` (emails compared without letter case), with
   * the values of `fields` it holds (a CRM answers only the fields asked for).
   */
  findRecord(object: CrmObject, match: Record<string, string>, fields: string[]): Promise<CrmRecord | null>;
  /**
   * Creates one record owned by `owner`, with every value or none. `unlessMatching` are the duplicate
   * searches that found nothing just before: an adapter that can check them atomically with the insert
   * (the Demo CRM) throws CrmDuplicateAppeared when a concurrent sync created one meanwhile.
   */
  createRecord(
    object: CrmObject,
    values: Record<string, string>,
    owner: string,
    unlessMatching?: Record<string, string>[],
  ): Promise<CrmRecord>;
  /** Writes `values` into the record, every one or none. */
  updateRecord(object: CrmObject, id: string, values: Record<string, string>): Promise<CrmRecord>;
}

/**
 * A connection's stored credentials as the adapters read them: an OAuth connection's tokens with the API
 * host the CRM named at the exchange (`api_domain`: Pipedrive's company domain, Salesforce's instance_url),
 * or an API-key connection's keys.
 */
export interface CrmCredentials {
  access_token?: string;
  api_domain?: string | null;
  api_keys?: string[];
}

/** Who the adapter acts for: the connection's stored credentials and the CRM account it reaches. */
export interface CrmAccess {
  software: string;
  /** The opened credentials of the connection (tokens or API keys). */
  credentials: CrmCredentials;
  /** The CRM account: the organization's when the connection is or its maker is in one, else the user's. */
  account: string;
}

/**
 * The CRM refused the connection's credentials: an access token it no longer takes (expired or revoked),
 * a refresh token it refused (invalid_grant, 401), or API keys. domain/crm-access.ts refreshes once, then
 * marks the connection as needing attention (docs/product.md#connection-health).
 */
export class CrmAccessRefused extends Error {
  constructor(readonly reason: string) {
    super(`CRM refused the credentials: ${reason}`);
    this.name = 'CrmAccessRefused';
  }
}

/** The CRM refused a value: nothing was written. */
export class CrmRefusedField extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`CRM refused ${field}: ${reason}`);
    this.name = 'CrmRefusedField';
  }
}

/** A duplicate appeared between the search and the create (a concurrent sync): nothing was created. */
export class CrmDuplicateAppeared extends Error {
  constructor() {
    super('A duplicate appeared before the create');
    this.name = 'CrmDuplicateAppeared';
  }
}

/** The CRM answered 429, asking to wait `retryAfterSeconds`. */
export class CrmRateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`CRM rate limit: retry after ${retryAfterSeconds} s`);
    this.name = 'CrmRateLimited';
  }
}

export interface BackoffOptions {
  /** Attempts in all (the first included). */
  attempts: number;
  /** The longest wait honoured: a longer Retry-After is answered to the caller instead. */
  maxWaitSeconds: number;
  sleep(ms: number): Promise<void>;
}

export const DEFAULT_BACKOFF: BackoffOptions = {
  attempts: 3,
  maxWaitSeconds: 5,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Runs a CRM call, waiting out its 429s: each wait is the CRM's Retry-After (at least a second, doubled
 * when the CRM says 0), at most `maxWaitSeconds`, for at most `attempts` calls; then the last CrmRateLimited
 * goes to the caller, who answers 429 with it.
 */
export async function withCrmBackoff<T>(call: () => Promise<T>, options: BackoffOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof CrmRateLimited)) throw error;
      const wait = Math.max(error.retryAfterSeconds, 2 ** (attempt - 1));
      if (attempt >= options.attempts || wait > options.maxWaitSeconds) throw error;
      await options.sleep(wait * 1000);
    }
  }
}

/** The record APIs sync-profile uses, and how it waits out a CRM's 429s. */
export interface CrmRecordsRegistry {
  /** The CRM's record API for this access; undefined when this server has no sync adapter for the CRM. */
  open(access: CrmAccess): CrmRecordApi | undefined;
  backoff: BackoffOptions;
}
