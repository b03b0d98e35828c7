/** CRM connections behind one interface: the Demo CRM sandbox and real CRMs (OAuth apps from env). */
import type { Software } from '../db/schema.js';

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
  /** Checks API keys: rejected when the CRM refuses them, upstreamFailed when it cannot be reached. */
  verifyApiKeys(software: Software, keys: string[]): Promise<void>;
}

export interface CrmRegistry {
  forSoftware(slug: string): CrmProvider;
}
