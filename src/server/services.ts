/** Everything a handler may use, built once per app and passed in explicitly (no globals). */
import type { Config } from './config.js';
import type { BillingProvider, SubscriptionLock } from './billing/provider.js';
import type { DeviceCookies } from './http/device-cookie.js';
import type { CrmRecordsRegistry, CrmRegistry } from './crm/provider.js';
import type { Db } from './db/index.js';
import type { AccountLimit } from './db/pool-share.js';
import type { Mailer } from './mail/mailer.js';
import type { Repositories } from './repositories/index.js';
import type { RateLimiter } from './security/rate-limit.js';
import type { SecretBox } from './security/secret-box.js';
import type { GoogleVerifier } from './security/google.js';
import type { DomainProver } from './dns/txt-proof.js';
import type { OidcClient } from './sso/provider.js';

export interface Services {
  config: Config;
  /** The database, for the adapters that own a table (outbox, rate limits); rules use `repos`. */
  db: Db;
  /** Every query of the handlers, rules and pages, by aggregate. */
  repos: Repositories;
  mailer: Mailer;
  billing: BillingProvider;
  /** Pushes of seat quantities to the payment provider take turns per subscription. */
  seatLock: SubscriptionLock;
  /**
   * An account's calls that write (and may wait for a row lock) run a few at a time, so a burst from one
   * account never fills the pool that everyone else needs (http/api.ts).
   */
  accountLimit: AccountLimit;
  /** The same for an organization's SCIM calls that write, keyed by the organization (http/scim.ts). */
  scimLimit: AccountLimit;
  crm: CrmRegistry;
  /** The CRMs' record APIs for sync-profile. */
  crmRecords: CrmRecordsRegistry;
  rateLimiter: RateLimiter;
  secretBox: SecretBox;
  /** Browsers where an account signed in before skip that account's login turns. */
  deviceCookies: DeviceCookies;
  /**
   * Google's verifier when GOOGLE_CLIENT_ID is set, the sandbox's on a sandbox deployment, else undefined
   * (google-auth answers 503).
   */
  google: GoogleVerifier | undefined;
  /** Looks up the TXT record that proves a company domain (DNS, or the sandbox's under DNS_SANDBOX). */
  dns: DomainProver;
  /** Single sign-on's OpenID Connect client (docs/product.md#single-sign-on). */
  oidc: OidcClient;
  /**
   * How single sign-on reads a SAML identity provider's metadata URL: on a deployment the public internet
   * only (sso/public-fetch.ts), on a local install any address (the sandbox).
   */
  ssoFetch: typeof fetch;
  /**
   * The time rules compare with (the session policies' timeouts); tests move it instead of waiting. The
   * database's own `now()` still stamps rows.
   */
  clock: () => Date;
}
