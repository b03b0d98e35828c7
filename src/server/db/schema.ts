/**
 * Kysely table types. Columns with a database default are `Generated` so inserts may omit them.
 * Money is in cents (integer); times are timestamptz (Date in JS, both drivers agree on that);
 * JSON columns are written as JSON text (see `json()` in ./json.ts) because pg would turn a JS
 * array into a Postgres array.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { SyncSettings } from '../../shared/crm-sync-rules.js';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb read as a parsed value, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

export interface PlanMetadata {
  [key: string]: string | number | boolean;
}

interface PreconnectField {
  id: string;
  name: string;
  type: string;
  placeholder: string;
}

interface ApiKeyField {
  label: string;
  placeholder: string;
}

interface MetaTable {
  key: string;
  value: string;
}

interface PlansTable {
  slug: string;
  name: string;
  monthly_price: number;
  yearly_price: number;
  monthly_price_id: string;
  yearly_price_id: string;
  credits: number;
  metadata: Json<PlanMetadata>;
  sort_order: number;
}

interface CouponsTable {
  code: string;
  name: string;
  percent_off: number;
  duration: string;
  redeem_by: Timestamp;
}

export interface SoftwareTable {
  slug: string;
  software: string;
  app: string;
  logo_url: string | null;
  chrome_extension_url: string | null;
  auth_options: string;
  /** Authorize URL with {client_id} and {redirect_uri}; a leading '/' means "on this server". */
  oauth_auth_url: string | null;
  oauth_token_url: string | null;
  preconnect_fields: Json<PreconnectField[]>;
  api_keys: Json<ApiKeyField[]>;
  create_api_key_url: string | null;
  create_api_key_gif_url: string | null;
  sort_order: number;
}

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  billing_admin_id: number | null;
  seats_standard: Generated<number>;
  seats_pro: Generated<number>;
  /** Kept by the users_count_members trigger (migration 0010). */
  member_count: Generated<number>;
  /** Members holding each paid product (by the plan key), kept by a trigger (migration 0072). */
  assigned_standard: Generated<number>;
  assigned_pro: Generated<number>;
  subscription_id: string | null;
  /** Everyone in the organization must sign in with two-factor sign-in (docs/product.md#two-factor-sign-in). */
  require_two_factor: Generated<boolean>;
  created_at: GeneratedTimestamp;
  /** The verified email domain (docs/product.md#verifying-a-domain); unique. */
  domain: Generated<string | null>;
  domain_verified_at: Generated<Date | null>;
  /** A verification mailed and not confirmed yet: the domain, where the code went, its hash and expiry. */
  pending_domain: Generated<string | null>;
  pending_domain_email: Generated<string | null>;
  domain_code_hash: Generated<string | null>;
  domain_code_expires_at: Generated<Date | null>;
  /** Signups at the verified domain join at once as Free members (docs/product.md#automatic-joining; off by default). */
  domain_auto_join: Generated<boolean>;
  /** The value of the TXT record that proves the organization's domains (one per organization, kept). */
  domain_txt_token: Generated<string | null>;
  /** How the verified domain was proven: 'dns' (a TXT record) or 'mail' (a mailed code, which SSO refuses). */
  domain_method: Generated<'dns' | 'mail' | null>;
  /** When the daily check last looked at the TXT record of a domain proven by DNS. */
  domain_checked_at: Generated<Date | null>;
  /** When the daily check found the TXT record gone, making the domain pending again; cleared by a new proof. */
  domain_record_missing_at: Generated<Date | null>;
}

interface JoinRequestsTable {
  id: Generated<number>;
  organization_id: number;
  user_id: number;
  status: Generated<'pending' | 'approved' | 'declined'>;
  created_at: GeneratedTimestamp;
  expires_at: Date;
  decided_at: Date | null;
  decided_by: number | null;
}

interface InviteLinksTable {
  id: Generated<number>;
  organization_id: number;
  token_hash: string;
  domain: string;
  created_by: number | null;
  created_at: GeneratedTimestamp;
  expires_at: Date;
  revoked_at: Date | null;
}

interface UsersTable {
  id: Generated<number>;
  /** Always stored lower-cased and trimmed; unique. */
  email: string;
  name: string;
  /** Null for accounts created through Google sign-in only. */
  password_hash: string | null;
  google_sub: string | null;
  role: Generated<string>;
  credits: Generated<number>;
  has_installed: Generated<boolean>;
  has_onboarded: Generated<boolean>;
  software: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  organization_id: number | null;
  stripe_product: Generated<string>;
  stripe_interval: string | null;
  stripe_status: string | null;
  stripe_subscription_id: string | null;
  stripe_customer_id: string | null;
  next_payment_date: Timestamp | null;
  payment_method: string | null;
  /** What pre-connect stored for the next OAuth exchange (fields and organization choice). */
  /** The TOTP secret (base32), sealed with the secret box; null without two-factor sign-in. */
  totp_secret: Generated<string | null>;
  /** A secret being set up, sealed, until a first code confirms it. */
  totp_pending_secret: Generated<string | null>;
  /** The time step of the last accepted code: a code is accepted once. */
  totp_last_step: Generated<number | null>;
  /** When the owner last proved the address is theirs (docs/product.md#proven-addresses, `addressProven`); null: only typed in. */
  email_proven_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The part of `credits` bought as top-ups: plan credits are spent first and expire, top-ups never do. */
  top_up_credits: Generated<number>;
  /**
   * The part of `top_up_credits` granted from the team pool and not yet spent: an admin may take it back
   * (docs/product.md#the-team-pool). Spends take plan credits, then these, then the member's own top-ups.
   */
  granted_credits: Generated<number>;
  /** Credits the member may spend per credit period; null = unlimited (docs/product.md#monthly-caps). */
  monthly_cap: number | null;
  /** Spent (net of refunds) in the current credit period; kept by the ledger trigger. */
  period_spent: Generated<number>;
  /** Plan credits granted in the current period: a plan change grants only what exceeds it. */
  period_granted: Generated<number>;
  credit_period_start: GeneratedTimestamp;
  credit_period_end: GeneratedTimestamp;
  /** When the "cap reached" mail went out; once per period. */
  cap_mailed_at: Timestamp | null;
  /** Credits the member may spend per credit period on email / phone lookups; null = no such cap (docs/product.md#monthly-caps). */
  email_cap: Generated<number | null>;
  phone_cap: Generated<number | null>;
  preconnect: Json<{
    software: string;
    fields: { id: string; value: string }[];
    is_organization_connection: boolean;
  }> | null;
  created_at: GeneratedTimestamp;
}

export interface InvitationsTable {
  id: Generated<number>;
  organization_id: number;
  email: string;
  role: string;
  /** The product the invitee gets on joining, seat permitting (docs/product.md#accepting-an-invitation). */
  product: Generated<string>;
  token_hash: string;
  invited_by: number | null;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  /** A proving invitation mailed through this invitation link: it stands while the link does. */
  via_invite_link_id: Generated<number | null>;
  /** A proving invitation mailed by automatic joining: it stands while automatic joining takes its domain. */
  via_auto_join: Generated<boolean>;
}

interface SessionsTable {
  id_hash: string;
  /** A public handle for the sessions list (the id_hash is never shown). */
  id: Generated<number>;
  user_id: number;
  user_agent: string | null;
  ip: string | null;
  /** The UI language the session was signed in with (the locale cookie or Accept-Language): alerts are mailed in it. */
  locale: Generated<string | null>;
  created_at: GeneratedTimestamp;
  last_seen_at: GeneratedTimestamp;
  /** How it was signed in (docs/product.md#require-sso); null for sessions from before migration 0066. */
  sign_in_method: Generated<SignInMethod | null>;
}

/** An organization's credit alerts and default cap (docs/product.md#credit-alerts); no row: the defaults. */
export interface CreditSettingsTable {
  organization_id: number;
  cap_warning_alert: Generated<boolean>;
  cap_reached_alert: Generated<boolean>;
  /** Mail the admins when the team pool falls below this many credits; null: off. */
  pool_below_alert: Generated<number | null>;
  credit_request_alert: Generated<boolean>;
  /** The monthly cap a member gets on joining; null: none. */
  default_monthly_cap: Generated<number | null>;
}

/**
 * An organization's session and network policies (docs/product.md#session-and-network-policies); no row:
 * none beyond the product's own session limits.
 */
export interface SessionPoliciesTable {
  organization_id: number;
  /** Minutes a member's session may go unused; null: the product's 7 days. */
  idle_timeout_minutes: Generated<number | null>;
  /** Minutes a member's session may last from its sign-in; null: the product's 30 days. */
  session_lifetime_minutes: Generated<number | null>;
  /** Addresses and CIDR ranges members may call from (shared/ip-allow-list.ts); empty: any. */
  ip_allow_list: ColumnType<string[], string | undefined, string>;
}

/** One row per alert mailed: the key is the event and its period, so it is mailed once. */
interface CreditAlertsTable {
  organization_id: number;
  event: 'cap_warning' | 'cap_reached' | 'pool_low';
  subject: string;
  period: string;
  created_at: GeneratedTimestamp;
}

interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}

interface PendingSignInsTable {
  id_hash: string;
  user_id: number;
  attempts: Generated<number>;
  created_at: GeneratedTimestamp;
}

/** An organization's SCIM bearer token (docs/scim.md#the-token): only its hash is stored. */
interface ScimTokensTable {
  id: Generated<number>;
  organization_id: number;
  token_hash: string;
  created_by: number | null;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  /** Set when a rotation replaced it: it keeps working until then. */
  grace_until: Timestamp | null;
  revoked_at: Timestamp | null;
  last_used_at: Timestamp | null;
}

/** A user an identity provider provisioned; its account is the one of the address userName. */
interface ScimUsersTable {
  id: Generated<string>;
  organization_id: number;
  user_name: string;
  external_id: string | null;
  given_name: string | null;
  family_name: string | null;
  active: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

interface ScimGroupsTable {
  id: Generated<string>;
  organization_id: number;
  display_name: string;
  external_id: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

interface ScimGroupMembersTable {
  group_id: string;
  user_id: string;
}

/** The admin's choice: the members of the group named display_name get this role or this product. */
interface ScimGroupMappingsTable {
  id: Generated<number>;
  organization_id: number;
  display_name: string;
  role: string | null;
  product: string | null;
  created_at: GeneratedTimestamp;
}

/**
 * An organization's single sign-on connection (docs/product.md#single-sign-on): OpenID Connect (the
 * client secret sealed with security/secret-box.ts, the issuer's OpenID configuration as fetched when
 * saved) or SAML (the identity provider's metadata, kept for its sign-in to come).
 */
interface SsoConnectionsTable {
  id: Generated<number>;
  organization_id: number;
  protocol: 'oidc' | 'saml';
  oidc_issuer: string | null;
  oidc_client_id: string | null;
  oidc_client_secret: string | null;
  oidc_metadata: Json<Record<string, unknown>> | null;
  saml_metadata_url: string | null;
  saml_metadata_xml: string | null;
  /** The identity provider's metadata as read (sso/saml.ts), its entity ID apart to find it by. */
  saml_idp: Json<SamlIdpMetadataRow> | null;
  saml_idp_entity_id: string | null;
  /** When the metadata URL was last read (the daily refresh). */
  saml_fetched_at: Timestamp | null;
  /** When a test sign-in through it last worked; cleared by a change of what it connects to. */
  tested_at: Timestamp | null;
  /** Members at the domain must sign in through it (docs/product.md#require-sso). */
  require_sso: Generated<boolean>;
  created_by: number | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** A sign-in under way: its state's hash (the key: each state works once), sealed PKCE verifier and nonce. */
interface SsoSignInsTable {
  state_hash: string;
  connection_id: number;
  secrets: string;
  /** The admin testing the connection (test-sso-connection); null for a sign-in. */
  tester_id: number | null;
  /** The session the test was started in (sessions.id_hash): the test goes with it (migration 0073). */
  tester_session_hash: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** The identity provider's SAML metadata as read: what a sign-in needs of it. */
export interface SamlIdpMetadataRow {
  entityId: string;
  entryPoint: string;
  certificates: string[];
}

/** An assertion already used (each signs in once), kept until it expires. */
interface SsoSamlAssertionsTable {
  connection_id: number;
  assertion_id: string;
  expires_at: Timestamp;
}

/** Which account an identity (the `sub` of a connection's identity provider) signs in to. */
interface SsoIdentitiesTable {
  connection_id: number;
  subject: string;
  user_id: number;
  created_at: GeneratedTimestamp;
}

/**
 * Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE), but for the hourly purge of entries past
 * their retention, never younger than 365 days (migration 0064).
 */
interface AuditEventsTable {
  id: Generated<number>;
  created_at: GeneratedTimestamp;
  organization_id: number | null;
  type: string;
  actor_id: number | null;
  actor_email: string | null;
  target_id: number | null;
  target_email: string | null;
  ip: string | null;
  details: Json<Record<string, string | number | boolean | null>>;
}

/** How long an organization keeps its audit log (docs/product.md#audit-log); no row: 365 days. */
interface AuditSettingsTable {
  organization_id: number;
  retention_days: Generated<number>;
}

/** An organization's SIEM endpoint (docs/product.md#audit-log-streaming) and how its deliveries go. */
export interface AuditStreamsTable {
  organization_id: number;
  url: string;
  /** The signing secret (`whsec_...`), sealed (security/secret-box.ts). */
  secret: string;
  /** After a rotation, the old secret, sealed: deliveries carry its signature too until previous_secret_until. */
  previous_secret: string | null;
  previous_secret_until: Timestamp | null;
  created_at: GeneratedTimestamp;
  last_success_at: Timestamp | null;
  last_failure_at: Timestamp | null;
  /** The HTTP status of the last failure; null when there was no answer. */
  last_failure_status: number | null;
  last_failure_reason: string | null;
  /** The process delivering for the organization, until lease_until (audit-stream/deliveries.ts). */
  lease_owner: string | null;
  lease_until: Timestamp | null;
  /** When a process last took the organization's turn: the least recently served go first. */
  served_at: Timestamp | null;
}

/** The outbox of audit-log streaming: an entry to send, in `seq` order per organization. */
interface AuditDeliveriesTable {
  id: Generated<number>;
  organization_id: number;
  audit_event_id: number;
  /** The order of sending, set by the process holding the organization's lease; null until then. */
  seq: number | null;
  /** A delivered row is deleted; `failed`: given up after 24 hours. */
  status: Generated<'pending' | 'failed'>;
  attempts: Generated<number>;
  /** When the head of the queue is tried again after a failure; null: never tried. */
  next_attempt_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

interface ResetTokensTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

interface CrmConnectionsTable {
  id: Generated<number>;
  /** Who made the connection. */
  user_id: number;
  /** Set when an admin chose an organization-wide connection: every member uses it. */
  organization_id: number | null;
  software: string;
  auth_type: string;
  /** AES-256-GCM sealed JSON of the keys or tokens (see security/secret-box.ts). */
  credentials: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /** Set when the CRM refused the credentials (docs/product.md#connection-health); null while it works. */
  needs_attention_since: Timestamp | null;
  /** When the OAuth access token expires, as the CRM said; null for API keys or when it did not say. */
  token_expires_at: Timestamp | null;
  /** A process refreshing the token claims it until then (domain/crm-access.ts). */
  refreshing_until: Timestamp | null;
  /** The last check of the API keys with the CRM (crm-health/key-check.ts). */
  keys_checked_at: GeneratedTimestamp;
}

interface CrmSyncSettingsTable {
  organization_id: number;
  software: string;
  settings: Json<SyncSettings>;
  updated_at: GeneratedTimestamp;
}

export interface CrmSyncLogTable {
  id: Generated<string>;
  organization_id: number | null;
  user_id: number;
  software: string;
  outcome: 'created' | 'updated' | 'duplicate_skipped' | 'refused' | 'failed';
  profile_name: string;
  profile_url: string | null;
  record_id: string | null;
  record_url: string | null;
  /** The CRM fields written (names). */
  fields_written: Json<string[]>;
  refused_field: string | null;
  detail: string | null;
  credits_charged: Generated<number>;
  created_at: GeneratedTimestamp;
}

interface CrmSyncChargesTable {
  /** Who paid once for the profile: `org:<id>`, or `user:<id>` outside an organization. */
  scope: string;
  profile_key: string;
  kind: 'email' | 'phone';
  /** The calendar month (UTC), YYYY-MM. */
  period: string;
  user_id: number | null;
  spend_id: string;
  created_at: GeneratedTimestamp;
}

interface DemoCrmRecordsTable {
  id: Generated<string>;
  /** The Demo CRM account the record is in: `org:<id>`, or `user:<id>`. */
  account: string;
  object: string;
  fields: Json<Record<string, string>>;
  owner: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** The Demo CRM sandbox's own tokens (crm/demo.ts): issued, hashed; and the API keys it refuses. */
interface DemoCrmTokensTable {
  token_hash: string;
  kind: 'access' | 'refresh' | 'refused_key';
  /** Whom the Demo CRM issued the token to (or who told it to refuse the key). */
  user_id: number;
  /** An access token's end; null for the others. */
  expires_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

interface OauthCodesTable {
  code_hash: string;
  software: string;
  user_id: number;
  redirect_uri: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: GeneratedTimestamp;
}

interface SupportRequestsTable {
  id: Generated<number>;
  /** The signed-in user who sent it; null when sent signed out (or the account was deleted). */
  user_id: number | null;
  /** The address to answer, as the sender typed it. */
  email: string;
  message: string;
  created_at: GeneratedTimestamp;
}

interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

export interface SubscriptionItem {
  price_id: string;
  product: string;
  unit_amount: number;
  quantity: number;
}

export interface SubscriptionsTable {
  id: string;
  user_id: number;
  organization_id: number | null;
  interval: string;
  status: string;
  items: Json<SubscriptionItem[]>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /** When the newest provider event applied to it was created (late events are skipped: docs/product.md#seats-and-the-payment-provider). */
  provider_event_at: Timestamp | null;
}

/** The sandbox payment provider's side of a subscription: one item per product with its quantity. */
interface SandboxSubscriptionItemsTable {
  subscription_id: string;
  product: string;
  price_id: string;
  quantity: number;
  updated_at: GeneratedTimestamp;
}

export interface CheckoutSessionsTable {
  id: string;
  user_id: number;
  kind: string;
  product: string | null;
  interval: string | null;
  standard_seats: number;
  pro_seats: number;
  coupon_code: string | null;
  line_items: Json<
    { description: string; unit_amount: number; quantity: number; price_id: string; product: string }[]
  >;
  amount_subtotal: number;
  amount_discount: number;
  amount_total: number;
  cancel_url: string | null;
  /** A top-up: the pack bought and the credits it adds. */
  credit_pack: string | null;
  credits: Generated<number>;
  status: Generated<string>;
  created_at: GeneratedTimestamp;
  completed_at: Timestamp | null;
  /** A credit pack's credits go to the buyer's team pool or their own balance (null: own, before 0055). */
  credits_to: 'pool' | 'own' | null;
  /** The organization whose pool a pack bought for the pool goes to (migration 0074); null before it. */
  pool_organization_id: Generated<number | null>;
  /** The buyer's organization when a plan or seat checkout was opened (null: none); migration 0078. */
  buyer_organization_id: Generated<number | null>;
  /** Who opened it (a billing manager for the billing admin who pays), the audit's actor (migration 0075). */
  opened_by: Generated<number | null>;
  /** The subscription the paid checkout started or paid into (none for a top-up, or paid before 0050). */
  subscription_id: string | null;
}

interface ProcessedEventsTable {
  id: string;
  type: string;
  processed_at: GeneratedTimestamp;
  /** Applied; false while a process applies it, claimed until `claimed_until` (migration 0076). */
  done: Generated<boolean>;
  claimed_until: Timestamp | null;
}

export type CreditEntryKind =
  | 'grant'
  | 'renewal'
  | 'top_up'
  | 'admin_grant'
  | 'spend'
  | 'refund'
  | 'expiry'
  /** From the team pool, by an admin; taken back by an admin; drawn by the member's own spend. */
  | 'pool_grant'
  | 'pool_take_back'
  | 'pool_draw';

/** One change of a balance. Inserting it changes users.credits (trigger of migration 0020). */
export interface CreditLedgerTable {
  id: Generated<string>;
  user_id: number;
  organization_id: number | null;
  kind: CreditEntryKind;
  /** Signed: negative for spends and expiries. */
  amount: number;
  /** The part of amount that changes the top-up credits. */
  top_up_amount: Generated<number>;
  /** The part of top_up_amount that changes the credits granted from the team pool. */
  granted_amount: Generated<number>;
  /**
   * On a spend, the part of amount drawn from the team pool for it (negative, like amount): its refund
   * gives that part back to the pool, not to the member (migration 0057).
   */
  pool_amount: Generated<number>;
  /** The balance once this entry applied (set by the trigger). */
  balance_after: Generated<number>;
  feature: string | null;
  reference: string | null;
  idempotency_key: string | null;
  refund_of: string | null;
  /** Who caused it when not the owner (an admin, a payment's buyer); null for the owner or the system. */
  actor_id: number | null;
  reason: string;
  created_at: GeneratedTimestamp;
  /** On a spend, the credit period it was counted in (the member's credit_period_start); migration 0079. */
  period_start: Timestamp | null;
}

/**
 * Net credits spent per organization, UTC day, feature and slot (user_id % 16), kept by the trigger of
 * credit_ledger (migration 0071): the usage report's chart. Read only by the report (repositories/credits.ts).
 */
interface CreditUsageDaysTable {
  organization_id: number;
  day: Date;
  feature: string;
  slot: number;
  spent: string;
  entries: number;
}

/** Net credits spent and spends per organization, UTC month and member (migration 0071). */
interface CreditUsageMonthsTable {
  organization_id: number;
  month: Date;
  user_id: number;
  spent: string;
  spends: number;
  entries: number;
}

/** A team pool's balance, kept by the trigger of credit_pool_ledger (migration 0055). */
interface CreditPoolsTable {
  organization_id: number;
  credits: Generated<number>;
}

/** `refund`: a refunded spend gives back what it drew from the pool. */
/** How a session was signed in (`auth.signed_in`'s method; docs/product.md#require-sso). */
export type SignInMethod = 'password' | 'google' | 'sso' | 'password+code' | 'password+recovery code';

export type PoolEntryKind = 'top_up' | 'grant' | 'take_back' | 'draw' | 'refund';

/** One change of a team pool. Inserting it changes credit_pools.credits, which is never negative. */
export interface CreditPoolLedgerTable {
  id: Generated<string>;
  organization_id: number;
  kind: PoolEntryKind;
  /** Signed: negative for grants and draws. */
  amount: number;
  balance_after: Generated<number>;
  /** The member a grant, take-back, draw or refund moved credits to or from. */
  member_id: number | null;
  actor_id: number | null;
  idempotency_key: string | null;
  reference: string | null;
  reason: string;
  created_at: GeneratedTimestamp;
}

/** What a grant's or take-back's idempotency_key was asked (migration 0082). */
export interface CreditPoolKeysTable {
  organization_id: number;
  idempotency_key: string;
  kind: 'grant' | 'take_back';
  /** The members named, ascending, each once. */
  member_ids: number[];
  /** Credits per member; null on a take-back of every unused granted credit. */
  amount: number | null;
  /** The pool ledger's last entry of the organization when the call was made: what came after is since. */
  since_entry_id: string;
}

interface CreditPacksTable {
  slug: string;
  name: string;
  credits: number;
  /** Cents, one-off. */
  price: number;
  sort_order: number;
}

export interface Database {
  credit_packs: CreditPacksTable;
  credit_ledger: CreditLedgerTable;
  credit_pools: CreditPoolsTable;
  credit_pool_ledger: CreditPoolLedgerTable;
  credit_pool_keys: CreditPoolKeysTable;
  credit_usage_days: CreditUsageDaysTable;
  credit_usage_months: CreditUsageMonthsTable;
  credit_settings: CreditSettingsTable;
  credit_alerts: CreditAlertsTable;
  session_policies: SessionPoliciesTable;
  meta: MetaTable;
  plans: PlansTable;
  coupons: CouponsTable;
  software: SoftwareTable;
  organizations: OrganizationsTable;
  users: UsersTable;
  invitations: InvitationsTable;
  join_requests: JoinRequestsTable;
  invite_links: InviteLinksTable;
  sessions: SessionsTable;
  audit_events: AuditEventsTable;
  audit_settings: AuditSettingsTable;
  audit_streams: AuditStreamsTable;
  audit_deliveries: AuditDeliveriesTable;
  recovery_codes: RecoveryCodesTable;
  pending_sign_ins: PendingSignInsTable;
  reset_tokens: ResetTokensTable;
  crm_connections: CrmConnectionsTable;
  oauth_codes: OauthCodesTable;
  crm_sync_settings: CrmSyncSettingsTable;
  crm_sync_log: CrmSyncLogTable;
  crm_sync_charges: CrmSyncChargesTable;
  demo_crm_records: DemoCrmRecordsTable;
  demo_crm_tokens: DemoCrmTokensTable;
  outbox: OutboxTable;
  support_requests: SupportRequestsTable;
  rate_limits: RateLimitsTable;
  subscriptions: SubscriptionsTable;
  sandbox_subscription_items: SandboxSubscriptionItemsTable;
  checkout_sessions: CheckoutSessionsTable;
  processed_events: ProcessedEventsTable;
  scim_tokens: ScimTokensTable;
  scim_users: ScimUsersTable;
  scim_groups: ScimGroupsTable;
  scim_group_members: ScimGroupMembersTable;
  scim_group_mappings: ScimGroupMappingsTable;
  sso_connections: SsoConnectionsTable;
  sso_sign_ins: SsoSignInsTable;
  sso_identities: SsoIdentitiesTable;
  sso_saml_assertions: SsoSamlAssertionsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Organization = Selectable<OrganizationsTable>;
export type Software = Selectable<SoftwareTable>;
export type Plan = Selectable<PlansTable>;
export type Invitation = Selectable<InvitationsTable>;
export type CheckoutSession = Selectable<CheckoutSessionsTable>;
export type CreditPack = Selectable<CreditPacksTable>;
export type ScimToken = Selectable<ScimTokensTable>;
export type ScimUser = Selectable<ScimUsersTable>;
export type ScimGroup = Selectable<ScimGroupsTable>;
export type ScimGroupMapping = Selectable<ScimGroupMappingsTable>;
export type SsoConnection = Selectable<SsoConnectionsTable>;
