/**
 * Typed test data, built from the contract's schemas: a fixture that drifts from openapi.yaml stops
 * compiling. Every builder takes overrides; nested objects are replaced, not merged.
 */
import type { components } from '../../../src/contract/api';

type Schemas = components['schemas'];
export type User = Schemas['User'];
export type Software = Schemas['Software'];
export type Subscription = Schemas['Subscription'];
export type Organization = Schemas['Organization'];
export type OrganizationMember = Schemas['OrganizationMember'];
export type Invitation = Schemas['Invitation'];
export type Pricing = Schemas['Pricing'];
export type PricingEntry = Schemas['PricingEntry'];
export type Coupon = Schemas['Coupon'];
export type OrgSubscriptionItem = Schemas['OrgSubscriptionItem'];
export type OAuthTokens = Schemas['OAuthTokens'];
export type BillingInterval = Schemas['BillingInterval'];

/** 2026-01-15T00:00:00Z in seconds, the "now" of the fixtures. */
export const FIXTURE_NOW = 1_768_435_200;

export function aSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    stripe_product: 'Free',
    stripe_interval: null,
    stripe_status: null,
    stripe_subscription_id: null,
    next_payment_date: null,
    payment_method: null,
    ...overrides,
  };
}

/** A paying subscription (Standard, yearly, active, with a card). */
export function aPaidSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return aSubscription({
    stripe_product: 'Standard',
    stripe_interval: 'yearly',
    stripe_status: 'active',
    stripe_subscription_id: 'sub_123',
    next_payment_date: FIXTURE_NOW + 30 * 86_400,
    payment_method: 'Visa .... 4242',
    ...overrides,
  });
}

/** A signed-up admin of their own account, on Free, extension installed, CRM 'demo-crm', no organization. */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    role: 'admin',
    credits: 10,
    has_installed: true,
    has_onboarded: false,
    personal_connection_id: null,
    connection_id: null,
    connection_status: null,
    join_timestamp: FIXTURE_NOW - 86_400,
    software: { slug: 'demo-crm' },
    subscription: aSubscription(),
    organization: null,
    ...overrides,
  };
}

export function aMember(overrides: Partial<OrganizationMember> = {}): OrganizationMember {
  return {
    id: 'user-2',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    role: 'member',
    subscription: aSubscription(),
    join_timestamp: FIXTURE_NOW - 3_600,
    ...overrides,
  };
}

/** An organization whose billing admin is aUser() ('user-1'), with 2 members and a few seats. */
export function anOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 'org-1',
    name: 'Analytical Engines',
    billing_admin_id: 'user-1',
    seats: { standard: 2, pro: 1 },
    member_count: 2,
    ...overrides,
  };
}

export function anInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: 'inv-1',
    email: 'charles@example.com',
    role: 'member',
    created_at: FIXTURE_NOW - 600,
    expires_at: FIXTURE_NOW + 7 * 86_400,
    ...overrides,
  };
}

export function anAuditEvent(
  overrides: Partial<components['schemas']['AuditEvent']> = {},
): components['schemas']['AuditEvent'] {
  return {
    id: '42',
    type: 'member.removed',
    created_at: FIXTURE_NOW - 60,
    actor_email: 'ada@example.com',
    target_email: 'charles@example.com',
    ip: '203.0.113.7',
    details: {},
    ...overrides,
  };
}

export function aSession(
  overrides: Partial<components['schemas']['Session']> = {},
): components['schemas']['Session'] {
  return {
    id: '7',
    device: 'Chrome on Windows',
    place: 'Local network',
    ip: '192.168.1.20',
    created_at: FIXTURE_NOW - 3600,
    last_seen_at: FIXTURE_NOW - 60,
    current: true,
    ...overrides,
  };
}

/** The Demo CRM of the seed: auth 'either', one API key field, no pre-connect field. */
export function aSoftware(overrides: Partial<Software> = {}): Software {
  return {
    slug: 'demo-crm',
    software: 'Demo CRM',
    app: 'Demo CRM Sync',
    logo_url: 'https://example.com/demo-crm.png',
    chrome_extension_url: 'https://chromewebstore.google.com/detail/demo-crm-sync/abc',
    auth_options: 'either',
    oauth_client_id: 'demo-client',
    oauth_redirect_uri: 'http://localhost/callback',
    oauth_auth_url:
      'http://localhost/sandbox/crm/authorize?client_id={client_id}&redirect_uri={redirect_uri}',
    preconnect_fields: [],
    api_key_1: 'api_key',
    api_key_1_label: 'API key',
    api_key_1_placeholder: 'demo_...',
    api_key_2: null,
    api_key_2_label: null,
    api_key_2_placeholder: null,
    api_key_3: null,
    api_key_3_label: null,
    api_key_3_placeholder: null,
    api_key_4: null,
    api_key_4_label: null,
    api_key_4_placeholder: null,
    create_api_key_url: null,
    create_api_key_gif_url: null,
    ...overrides,
  };
}

/** The seeded plans of DESIGN.md; `price` is for the schedule asked (a yearly price covers 12 months). */
export function aPricing(schedule: BillingInterval = 'yearly', overrides: Partial<Pricing> = {}): Pricing {
  const entry = (
    plan: string,
    monthly: number,
    yearly: number,
    metadata: PricingEntry['metadata'],
  ): PricingEntry => ({
    price: schedule === 'yearly' ? yearly : monthly,
    monthly_price_id: `price_${plan}_monthly`,
    yearly_price_id: `price_${plan}_yearly`,
    metadata,
  });
  return {
    free: entry('free', 0, 0, { credits: 10, support: 'Email', account_manager: false }),
    standard: entry('standard', 3900, 31200, { credits: 250, support: 'Priority', account_manager: false }),
    pro: entry('pro', 7900, 63600, { credits: 1000, support: 'Priority', account_manager: true }),
    ...overrides,
  };
}

export function aCoupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    percent_off: 30,
    duration: 'once',
    name: 'LAUNCH30',
    redeem_by: FIXTURE_NOW + 7 * 86_400,
    ...overrides,
  };
}

export function anOrgSubscriptionItem(overrides: Partial<OrgSubscriptionItem> = {}): OrgSubscriptionItem {
  return { unitAmount: 3900, quantity: 2, description: 'Standard seat', ...overrides };
}

export function someOAuthTokens(overrides: Partial<OAuthTokens> = {}): OAuthTokens {
  return {
    access_token: 'access-123',
    refresh_token: 'refresh-456',
    domain: null,
    api_domain: null,
    scope: 'contacts',
    token_type: 'Bearer',
    expires_in: 3600,
    expires_at: FIXTURE_NOW + 3600,
    updated_at: FIXTURE_NOW,
    ...overrides,
  };
}

export type CreditUsage = components['schemas']['CreditUsage'];
export type UsageReport = components['schemas']['UsageReport'];

export function aCreditUsage(overrides: Partial<CreditUsage> = {}): CreditUsage {
  return {
    user_id: 'user-1',
    credits: 10,
    plan_credits: 10,
    top_up_credits: 0,
    granted_credits: 0,
    pool_credits: null,
    monthly_cap: null,
    email_cap: null,
    phone_cap: null,
    period_spent: 0,
    email_spent: 0,
    phone_spent: 0,
    period_start: FIXTURE_NOW,
    period_end: FIXTURE_NOW + 31 * 24 * 60 * 60,
    ...overrides,
  };
}

export function aUsageReport(overrides: Partial<UsageReport> = {}): UsageReport {
  return {
    scope: 'organization',
    from: '2026-01-01',
    to: '2026-01-02',
    total_spent: 0,
    by_day: [
      { day: '2026-01-01', spent: 0 },
      { day: '2026-01-02', spent: 0 },
    ],
    by_feature: [],
    members: { items: [], total: 0, page: 1, page_size: 25 },
    pool: null,
    ...overrides,
  };
}
