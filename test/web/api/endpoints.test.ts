/**
 * @jest-environment node
 */
/**
 * Every operation of openapi.yaml has an endpoint of the same name in the API layer, and calling it sends
 * the contract's method, path, query and body. The routes are those generated from openapi.yaml
 * (`npm run lint` checks they are fresh); deleting or misrouting any endpoint fails here.
 */
import { http, HttpResponse } from 'msw';
import { api } from '../utils/api';
import type { OperationId, QueryParams, RequestBody, SuccessBody } from '../../../src/contract/types';
import { makeStore } from '../../../src/web/app/store';
import {
  anAuditEvent,
  aSession,
  aCoupon,
  anInvitation,
  anOrgSubscriptionItem,
  aMember,
  aPricing,
  aSoftware,
  aUser,
  someOAuthTokens,
} from '../msw/fixtures';
import {
  apiUrl,
  membersPage,
  originUrl,
  operationRoutes,
  spyOnApi,
  type RecordedRequest,
} from '../msw/handlers';
import { server } from '../msw/server';

/** What an endpoint's hook takes, as scripts/gen-api-endpoints.mjs chooses: the query, a JSON body, or nothing. */
type Arg<K extends OperationId> =
  QueryParams<K> extends Record<string, never>
    ? RequestBody<K> extends Record<string, never> | undefined
      ? void
      : RequestBody<K>
    : QueryParams<K>;

interface Call<K extends OperationId> {
  arg: Arg<K>;
  /** The query string expected (default none). */
  query?: Record<string, string>;
  /** A valid 200 answer of the contract. */
  answer: SuccessBody<K>;
}

const ok = { error: false as const, message: 'Done' };
const SYNC_SETTINGS = {
  object: 'contact' as const,
  mapping: [{ profile_field: 'email' as const, crm_field: 'email', rule: 'fill_empty' as const }],
  duplicate_keys: ['email' as const],
  owner: { kind: 'syncing_member' as const, crm_user: null },
  look_up_emails: true,
  look_up_phones: false,
};
const scimToken = {
  id: '1',
  created_at: 1764000000,
  expires_at: 1771776000,
  grace_until: null,
  last_used_at: null,
  status: 'active' as const,
};
const user = aUser();
const testEvent = {
  type: 'audit.test' as const,
  timestamp: '2026-01-01T00:00:00.000Z',
  data: { organization_id: '7', test: true as const },
};
const auditStream = {
  url: 'https://siem.example.com/in',
  created_at: 1767225600,
  previous_secret_until: null,
  last_success_at: null,
  last_failure: null,
  pending: 0,
  failed: 0,
};

/**
 * Operations answered with a file, not through the API layer: the CSV exports the browser downloads by link,
 * the SAML metadata an identity provider reads.
 */
const DOWNLOADS = ['exportCreditLedger', 'exportAuditEvents', 'exportSyncLog', 'getSamlMetadata'] as const;
/** The SCIM protocol's operations are for identity providers (docs/scim.md), not the app. */
const isScim = (operationId: string) => operationId.startsWith('scim');
type EndpointId = Exclude<OperationId, (typeof DOWNLOADS)[number] | `scim${string}`>;

/** One sample call per operation; the type makes the table complete and each answer contract-valid. */
const calls: { [K in EndpointId]: Call<K> } = {
  getUser: { arg: undefined, answer: { error: false, data: user } },
  getSoftware: {
    arg: { software: 'hubspot' },
    query: { software: 'hubspot' },
    answer: { error: false, data: aSoftware() },
  },
  getSoftwareOptions: { arg: undefined, answer: { error: false, data: [aSoftware()] } },
  getPricing: {
    arg: { schedule: 'monthly' },
    query: { schedule: 'monthly' },
    answer: { error: false, data: aPricing('monthly') },
  },
  getCoupon: {
    arg: { coupon: 'LAUNCH30' },
    query: { coupon: 'LAUNCH30' },
    answer: { error: false, data: aCoupon() },
  },
  setSettings: { arg: { name: 'Ada King' }, answer: { ...ok, data: user } },
  setUserBoolean: { arg: { key: 'has_installed', value: true }, answer: ok },
  login: {
    arg: { email: 'ada@example.com', password: 'S3cret!pass', software: 'hubspot' },
    answer: { ...ok, user, software: { slug: 'hubspot' } },
  },
  signup: {
    arg: {
      name: 'Ada',
      email: 'ada@example.com',
      password: 'S3cret!pass',
      software: 'hubspot',
      has_installed: true,
      invitation_token: null,
      utm_source: 'newsletter',
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
    },
    answer: { ...ok, id: user.id, user },
  },
  googleAuth: {
    arg: { token: 'google-id-token', type: 'signup', software: null, has_installed: false },
    answer: { ...ok, id: user.id, user },
  },
  logout: { arg: undefined, answer: ok },
  forgotPassword: { arg: { email: 'ada@example.com' }, answer: ok },
  checkResetToken: { arg: { token: 'reset-token' }, answer: ok },
  resetPassword: {
    arg: { token: 'reset-token', new_password: 'N3w!password' },
    answer: { ...ok, data: { redirect_url: '/login' } },
  },
  checkout: {
    arg: {
      items: [{ price_id: 'price_standard_yearly', quantity: 1 }],
      standard_seats: 0,
      pro_seats: 0,
      request_url: 'http://localhost/dashboard/billing',
      coupon_code: null,
    },
    answer: { error: false, url: 'http://localhost/sandbox/checkout/1' },
  },
  buyMoreSeats: {
    arg: {
      standard_seats: 2,
      pro_seats: 0,
      coupon_code: null,
      request_url: 'http://localhost/dashboard/billing',
    },
    answer: { error: false, url: null },
  },
  billingPortal: {
    arg: undefined,
    answer: { error: false, data: { url: 'http://localhost/sandbox/portal' } },
  },
  getInvoices: {
    arg: undefined,
    answer: { error: false, data: { next_invoice: null, payment_method: null, invoices: [] } },
  },
  quoteSeats: {
    arg: { standard_seats: 1, pro_seats: 0 },
    query: { standard_seats: '1', pro_seats: '0' },
    answer: {
      error: false,
      data: {
        lines: [{ product: 'standard', quantity: 1, unit_amount: 3900 }],
        interval: 'monthly',
        full_amount: 3900,
        amount_due_now: 3900,
        prorated: false,
        period_end: null,
      },
    },
  },
  getOrgSubscription: {
    arg: { id: 'sub_123' },
    query: { id: 'sub_123' },
    answer: { items: [anOrgSubscriptionItem()] },
  },
  verifySettings: {
    arg: { auth_type: 'api key', api_key_1: 'demo_key' },
    answer: {
      ...ok,
      api_keys: { api_key_1: 'demo_key' },
      data: { auth_type: 'api key', connection_id: 'conn-1' },
    },
  },
  preConnect: { arg: { fields: [{ id: 'dc', value: 'eu' }], is_organization_connection: true }, answer: ok },
  accessToken: { arg: { oauth_code: 'code-1' }, answer: { ...ok, data: someOAuthTokens(), user } },
  disconnect: { arg: undefined, answer: ok },
  getOrganizationMembers: {
    arg: { page: 2, per_page: 10, search: 'grace', sort: 'name', order: 'desc' },
    query: { page: '2', per_page: '10', search: 'grace', sort: 'name', order: 'desc' },
    answer: membersPage({ users: [aMember()], invitations: [anInvitation()] }, new URLSearchParams()),
  },
  inviteUser: { arg: { email: 'grace@example.com', role: 'admin' }, answer: { ...ok, data: anInvitation() } },
  inviteUsers: {
    arg: { rows: [{ line: 1, email: 'grace@example.com' }] },
    answer: {
      ...ok,
      data: { sent: [{ line: 1, email: 'grace@example.com', invitation: anInvitation() }], refused: [] },
    },
  },
  previewInviteUsers: {
    arg: { rows: [{ line: 1, email: 'grace@example.com' }] },
    answer: {
      ...ok,
      data: { rows: [{ line: 1, email: 'grace@example.com', role: 'member', other_domain: false }] },
    },
  },
  resendInvitation: { arg: { invitation_id: 'inv-1' }, answer: ok },
  revokeInvitation: { arg: { invitation_id: 'inv-1' }, answer: ok },
  acceptInvite: {
    arg: { token: 'invite-token' },
    query: { token: 'invite-token' },
    answer: {
      ...ok,
      data: { email: 'grace@example.com', role: 'member', organization_name: 'Engines', outcome: 'valid' },
    },
  },
  removeOrganizationUser: { arg: { user_id: 'user-2' }, answer: ok },
  setUserProduct: { arg: { user_id: 'user-2', product: 'pro', role: 'member' }, answer: ok },
  moveSeat: { arg: { product: 'Standard', from_user_id: 'user-2', to_user_id: 'user-3' }, answer: ok },
  getCompanyDomain: {
    arg: undefined,
    answer: {
      error: false,
      data: {
        domain: 'acme.com',
        pending_domain: null,
        pending_email: null,
        auto_join: false,
        join_requests: [],
        invite_link: null,
      },
    },
  },
  startDomainVerification: { arg: { domain: 'acme.com', email: 'it@acme.com' }, answer: ok },
  verifyDomain: { arg: { code: 'K7P2QX9M' }, answer: ok },
  setDomainAutoJoin: { arg: { enabled: true }, answer: ok },
  renameOrganization: { arg: { name: 'Acme Sales' }, answer: ok },
  startDnsVerification: {
    arg: { domain: 'acme.com' },
    answer: { ...ok, data: { type: 'TXT', name: 'acme.com', value: 'crm-sync-verification=abc' } },
  },
  checkDnsVerification: { arg: undefined, answer: ok },
  decideJoinRequest: { arg: { request_id: '4', decision: 'approve' }, answer: ok },
  getJoinOption: {
    arg: undefined,
    answer: {
      error: false,
      data: {
        organization_name: 'Acme',
        domain: 'acme.com',
        requested: false,
        address_confirmed: false,
        invited: false,
      },
    },
  },
  requestToJoin: { arg: undefined, answer: ok },
  createInviteLink: {
    arg: undefined,
    answer: {
      ...ok,
      data: {
        url: 'http://localhost/join/tok',
        domain: 'acme.com',
        created_at: 1764000000,
        expires_at: 1764604800,
      },
    },
  },
  revokeInviteLink: { arg: undefined, answer: ok },
  getInviteLink: {
    arg: { token: 'tok' },
    query: { token: 'tok' },
    answer: {
      error: false,
      data: {
        status: 'valid',
        member: false,
        organization_name: 'Acme',
        domain: 'acme.com',
        expires_at: 1764604800,
      },
    },
  },
  acceptInviteLink: { arg: { token: 'tok' }, answer: { ...ok, joined: true } },
  listAuditEvents: {
    arg: { type: 'member.removed', page: 2 },
    query: { type: 'member.removed', page: '2' },
    answer: { error: false, data: { events: [anAuditEvent()], total: 26, page: 2, page_size: 25 } },
  },
  listSessions: { arg: undefined, answer: { error: false, data: { sessions: [aSession()] } } },
  endSession: { arg: { session_id: '7' }, answer: ok },
  endOtherSessions: { arg: undefined, answer: ok },
  endMemberSessions: { arg: { user_id: 'user-2' }, answer: ok },
  verifyTwoFactor: { arg: { code: '123456' }, answer: { ...ok, user, software: { slug: 'hubspot' } } },
  getTwoFactor: { arg: undefined, answer: { error: false, data: { enabled: true, recovery_codes_left: 9 } } },
  startTwoFactorSetup: {
    arg: { password: 'S3cret!pass' },
    answer: {
      error: false,
      data: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' },
    },
  },
  confirmTwoFactorSetup: {
    arg: { code: '123456' },
    answer: { ...ok, data: { recovery_codes: ['abcd-efgh-jkmn'] } },
  },
  disableTwoFactor: { arg: { password: 'S3cret!pass', code: '123456' }, answer: ok },
  setTwoFactorRequirement: { arg: { required: true }, answer: ok },
  changePassword: { arg: { current_password: 'Old-pass-1!', new_password: 'N3w-pass!!' }, answer: ok },
  spendCredits: {
    arg: { amount: 1, feature: 'email_lookup', reference: null, idempotency_key: 'key-00000001' },
    answer: {
      error: false,
      data: { spend_id: '1', credits: 9, charged: 1, replayed: false, period_spent: 1, monthly_cap: null },
    },
  },
  refundCredits: {
    arg: { spend_id: '1' },
    answer: { error: false, data: { refund_id: '2', credits: 10, refunded: 1, to_pool: 0, replayed: false } },
  },
  getCreditUsage: {
    arg: { user_id: 'user-2' },
    query: { user_id: 'user-2' },
    answer: {
      error: false,
      data: {
        user_id: 'user-2',
        credits: 10,
        plan_credits: 10,
        top_up_credits: 0,
        granted_credits: 0,
        pool_credits: null,
        monthly_cap: 5,
        email_cap: null,
        phone_cap: 2,
        period_spent: 4,
        email_spent: 3,
        phone_spent: 1,
        period_start: 1_700_000_000,
        period_end: 1_702_592_000,
      },
    },
  },
  setMemberCaps: {
    arg: { user_ids: ['user-2'], monthly_cap: 5 },
    answer: { ...ok, data: { updated: 1 } },
  },
  getUsageReport: {
    arg: { from: '2026-11-01', to: '2026-11-30' },
    query: { from: '2026-11-01', to: '2026-11-30' },
    answer: {
      error: false,
      data: {
        scope: 'organization',
        from: '2026-11-01',
        to: '2026-11-30',
        total_spent: 0,
        by_day: [],
        by_feature: [],
        members: { items: [], total: 0, page: 1, page_size: 25 },
        pool: null,
      },
    },
  },
  getCreditPacks: {
    arg: undefined,
    answer: { error: false, data: [{ slug: 'credits-100', name: '100 credits', credits: 100, price: 900 }] },
  },
  buyCredits: {
    arg: { pack: 'credits-100' },
    answer: { error: false, url: 'http://localhost/sandbox/checkout/2' },
  },
  grantCredits: {
    arg: { user_ids: ['user-2'], amount: 5 },
    answer: { ...ok, data: { granted: 5, members: 1, pool_credits: 95, replayed: false } },
  },
  takeBackCredits: {
    arg: { user_ids: ['user-2'] },
    answer: { ...ok, data: { taken_back: 5, members: 1, pool_credits: 100, replayed: false } },
  },
  requestCredits: {
    arg: {},
    answer: { error: false, message: 'Your admins were asked for credits.' },
  },
  getCreditSettings: {
    arg: undefined,
    answer: {
      error: false,
      data: {
        cap_warning_alert: true,
        cap_reached_alert: true,
        pool_below_alert: 500,
        credit_request_alert: true,
        default_monthly_cap: null,
      },
    },
  },
  setCreditSettings: {
    arg: {
      cap_warning_alert: true,
      cap_reached_alert: true,
      pool_below_alert: 500,
      credit_request_alert: true,
      default_monthly_cap: 200,
    },
    answer: ok,
  },
  getCrmFields: {
    arg: { software: 'demo-crm' },
    query: { software: 'demo-crm' },
    answer: {
      error: false,
      data: {
        software: 'demo-crm',
        object: 'contact',
        fields: [{ name: 'email', label: 'Email', type: 'email' }],
      },
    },
  },
  getSyncSettings: {
    arg: { software: 'demo-crm' },
    query: { software: 'demo-crm' },
    answer: {
      error: false,
      data: { software: 'demo-crm', saved: true, can_edit: true, settings: SYNC_SETTINGS },
    },
  },
  setSyncSettings: { arg: { software: 'demo-crm', settings: SYNC_SETTINGS }, answer: ok },
  syncProfile: {
    arg: { software: 'demo-crm', profile: { email: 'ada@example.com' } },
    answer: {
      error: false,
      data: {
        outcome: 'created',
        dry_run: false,
        record_id: '1',
        record_url: 'http://localhost/sandbox/crm/records/1',
        matched_by: null,
        fields: [{ profile_field: 'email', crm_field: 'email', value: 'ada@example.com', action: 'written' }],
        credits_charged: 1,
        log_id: '1',
      },
    },
  },
  listSyncLog: {
    arg: { outcome: 'created' },
    query: { outcome: 'created' },
    answer: { error: false, data: { entries: [], next_cursor: null, scope: 'self' } },
  },
  getSessionPolicies: {
    arg: undefined,
    answer: {
      error: false,
      data: {
        policies: {
          idle_timeout_minutes: 30,
          session_lifetime_minutes: 720,
          ip_allow_list: ['203.0.113.0/24'],
        },
        your_ip: '203.0.113.7',
      },
    },
  },
  setSessionPolicies: {
    arg: { idle_timeout_minutes: 30, session_lifetime_minutes: null, ip_allow_list: [] },
    answer: ok,
  },
  getScimSettings: {
    arg: undefined,
    answer: {
      error: false,
      data: { base_url: 'http://localhost/scim/v2', domain: 'acme.com', tokens: [scimToken], mappings: [] },
    },
  },
  createScimToken: {
    arg: { expires_in_days: 90 },
    answer: { ...ok, code: 'scim_token_created', params: {}, data: { ...scimToken, token: 'tok' } },
  },
  rotateScimToken: {
    arg: { id: '1' },
    answer: { ...ok, code: 'scim_token_rotated', params: {}, data: { ...scimToken, token: 'tok' } },
  },
  revokeScimToken: { arg: { id: '1' }, answer: ok },
  setScimGroupMapping: { arg: { display_name: 'Sales', product: 'pro' }, answer: ok },
  removeScimGroupMapping: { arg: { id: '1' }, answer: ok },
  startSso: {
    arg: { email: 'grace@acme.com' },
    answer: { error: false, redirect_url: 'https://acme.okta.com/oauth2/v1/authorize?state=s' },
  },
  finishSso: {
    arg: { state: 'state', code: 'code', iss: 'https://acme.okta.com' },
    answer: { ...ok, code: 'signed_in', params: {}, outcome: 'signed_in', user, software: null },
  },
  getSsoConnection: {
    arg: undefined,
    answer: {
      error: false,
      data: {
        domain: 'acme.com',
        redirect_uri: 'http://localhost/sso/callback',
        saml: {
          entity_id: 'http://localhost/sso/saml/metadata',
          acs_url: 'http://localhost/sso/saml/acs',
          metadata_url: 'http://localhost/sso/saml/metadata',
        },
        sandbox: null,
        connection: null,
        require_sso: false,
      },
    },
  },
  saveSsoConnection: {
    arg: { protocol: 'oidc', issuer: 'https://acme.okta.com', client_id: 'id', client_secret: 'secret' },
    answer: {
      ...ok,
      code: 'sso_connection_saved',
      params: {},
      data: {
        id: '1',
        protocol: 'oidc',
        issuer: 'https://acme.okta.com',
        client_id: 'id',
        client_secret_set: true,
        metadata_url: null,
        metadata_xml: null,
        tested_at: null,
        updated_at: 1764000000,
      },
    },
  },
  deleteSsoConnection: { arg: undefined, answer: ok },
  setRequireSso: {
    arg: { enabled: false },
    answer: { ...ok, code: 'sso_require_off', params: { domain: 'acme.com' } },
  },
  testSsoConnection: {
    arg: undefined,
    answer: { error: false, redirect_url: 'https://acme.okta.com/oauth2/v1/authorize?state=s' },
  },
  getAuditSettings: { arg: undefined, answer: { error: false, data: { retention_days: 365, stream: null } } },
  setAuditStream: {
    arg: { url: 'https://siem.example.com/in' },
    answer: {
      ...ok,
      code: 'audit_stream_created',
      params: {},
      data: { secret: 'whsec_a', stream: auditStream },
    },
  },
  rotateAuditStreamSecret: {
    arg: undefined,
    answer: {
      ...ok,
      code: 'audit_stream_secret_rotated',
      params: {},
      data: { secret: 'whsec_b', stream: auditStream },
    },
  },
  removeAuditStream: { arg: undefined, answer: ok },
  testAuditStream: {
    arg: undefined,
    answer: {
      ...ok,
      code: 'audit_stream_test_delivered',
      params: { status: 200 },
      data: { delivered: true, status_code: 200, event: testEvent },
    },
  },
  setAuditRetention: { arg: { retention_days: 730 }, answer: ok },
};

const operations = Object.entries(operationRoutes)
  .filter(([operationId]) => !(DOWNLOADS as readonly string[]).includes(operationId) && !isScim(operationId))
  .map(([operationId, route]) => ({
    operationId,
    method: route.method.toUpperCase(),
    path: route.path,
    outsideApiBase: 'outsideApiBase' in route && route.outsideApiBase === true,
  }));

test('the API has the operations of docs/product.md#api-calls and those added since (guards the table below against an empty read)', () => {
  expect(operations.map((operation) => operation.operationId).sort()).toEqual(Object.keys(calls).sort());
});

describe.each(operations)('$operationId', ({ operationId, method, path, outsideApiBase }) => {
  const id = operationId as EndpointId;

  test('has an endpoint of that name in the API layer', () => {
    expect(Object.keys(api.endpoints)).toContain(operationId);
  });

  test(`sends ${method} ${path} with the request's query and body, and returns the answer`, async () => {
    const requests: RecordedRequest[] = [];
    const { answer } = calls[id];
    server.use(
      http.all('*', async ({ request }) => {
        const text = await request.text();
        requests.push({
          method: request.method,
          url: new URL(request.url),
          body: text === '' ? undefined : JSON.parse(text),
          credentials: request.credentials,
        });
        return HttpResponse.json(answer);
      }),
    );
    const result = await dispatchCall(id);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    const expectedUrl = outsideApiBase ? originUrl(path) : apiUrl(path);
    expect(request!.method).toBe(method);
    expect(`${request!.url.origin}${request!.url.pathname}`).toBe(expectedUrl);
    expect(Object.fromEntries(request!.url.searchParams)).toEqual(calls[id].query ?? {});
    if (method === 'POST') {
      // Bodies are JSON, `{}` when the operation takes none (the server's CSRF rule needs the JSON type).
      const expectedBody = calls[id].query === undefined ? (calls[id].arg ?? {}) : {};
      expect(request!.body).toEqual(expectedBody);
    } else {
      expect(request!.body).toBeUndefined();
    }
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual(answer);
  });

  test('the typed MSW handler of the operation answers it', async () => {
    const spy = spyOnApi(id, calls[id].answer as never);
    server.use(spy.handler);

    const result = await dispatchCall(id);

    expect(spy.requests).toHaveLength(1);
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual(calls[id].answer);
  });
});

async function dispatchCall(id: EndpointId) {
  const endpoint = (api.endpoints as Record<string, unknown>)[id] as {
    initiate: (arg: unknown) => (dispatch: unknown) => PromiseLike<{ data?: unknown; error?: unknown }>;
  };
  return (await makeStore().dispatch(endpoint.initiate(calls[id].arg) as never)) as {
    data?: unknown;
    error?: unknown;
  };
}
