/**
 * MSW handlers typed from the contract: `mockApi('getUser', body)` only compiles when `body` is the
 * operation's 200 answer, so a test cannot fake a shape the server never sends. There are no default
 * handlers: each test says which calls it expects with `server.use(...)`.
 *
 *   server.use(mockGetUser(aUser()), mockSoftware(aSoftware()));
 *   const login = spyOnApi('login', { error: false, message: '', user: aUser(), software: null });
 *   server.use(login.handler);
 *   ... expect(login.requests[0].body).toEqual({ email: ..., password: ..., software: ... });
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { operations, paths } from '../../../src/contract/api';
import { MESSAGES, type Message, type MessageCode } from '../../../src/contract/messages';
import type { ErrorEnvelope, OperationId, SuccessBody } from '../../../src/contract/types';
import { operationRoutes as generatedRoutes } from '../../../src/contract/routes';
import { apiUrl, originUrl } from '../../../src/web/app/config';
import { roleCan } from '../../../src/shared/permissions';
import { aCreditUsage, aSoftware, aUser, type Software, type User } from './fixtures';

export { apiUrl, originUrl };

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** The {method, path} pairs of `paths` whose operation is K: a wrong path or method does not compile. */
type RouteOf<K extends OperationId> = {
  [P in keyof paths]: {
    [M in Method]: [paths[P][M]] extends [operations[K]]
      ? [operations[K]] extends [paths[P][M]]
        ? { readonly method: M; readonly path: P; readonly outsideApiBase?: boolean }
        : never
      : never;
  }[Method];
}[keyof paths];

/**
 * Where each operation lives: the route table generated from openapi.yaml with the endpoints, typed here
 * against the contract's `paths`, so a route the contract does not have does not compile.
 */
export const operationRoutes: { [K in OperationId]: RouteOf<K> } = generatedRoutes;

/** The absolute URL MSW matches for an operation (query strings are not part of the match). */
export function operationUrl(operationId: OperationId): string {
  const route = operationRoutes[operationId];
  return route.outsideApiBase ? originUrl(route.path) : apiUrl(route.path);
}

/** One request a spied handler received. */
export interface RecordedRequest {
  method: string;
  url: URL;
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown;
  credentials: RequestCredentials;
}

export interface MockOptions {
  /** HTTP status of the answer (default 200). */
  status?: number;
  /** Answer only the first matching request. */
  once?: boolean;
  /** Wait before answering (ms), e.g. to overlap two requests. */
  delayMs?: number;
  /**
   * Answer only once this settles (heldAnswer()): the test sees the waiting state, then lets the answer
   * go, instead of racing a delay on a busy machine.
   */
  until?: Promise<unknown>;
  /** Called with each request (after its body was read). */
  onRequest?: (request: RecordedRequest) => void;
}

type Answer<K extends OperationId> = SuccessBody<K> | ErrorEnvelope;

function handlerFor<K extends OperationId>(
  operationId: K,
  answer: Answer<K> | ((request: RecordedRequest) => Answer<K>),
  { status = 200, once = false, delayMs, until, onRequest }: MockOptions = {},
): HttpHandler {
  const { method } = operationRoutes[operationId];
  return http[method](
    operationUrl(operationId),
    async ({ request }) => {
      const recorded = await record(request);
      onRequest?.(recorded);
      if (delayMs !== undefined) await delay(delayMs);
      if (until) await until;
      const body =
        typeof answer === 'function' ? (answer as (request: RecordedRequest) => Answer<K>)(recorded) : answer;
      return HttpResponse.json(body as object, { status });
    },
    { once },
  );
}

async function record(request: Request): Promise<RecordedRequest> {
  const text = await request.clone().text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  return { method: request.method, url: new URL(request.url), body, credentials: request.credentials };
}

/** Answers an operation with its typed 200 body (or a function of the request). */
export function mockApi<K extends OperationId>(
  operationId: K,
  body: NoInfer<SuccessBody<K> | ((request: RecordedRequest) => SuccessBody<K>)>,
  options: Omit<MockOptions, 'status'> = {},
): HttpHandler {
  return handlerFor(operationId, body, options);
}

/** Answers an operation with the error envelope and a status (default 400). */
export function mockApiError(
  operationId: OperationId,
  message = 'Something went wrong',
  options: MockOptions = {},
): HttpHandler {
  return handlerFor(operationId, { error: true, ...said(message) }, { status: 400, ...options });
}

// The most literal template first: 'Your request was sent to the admins of {organization}.' must not
// take a longer sentence that starts the same way.
const templates = Object.entries(MESSAGES)
  .map(([code, template]) => {
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    const literals = template.split(/\{\w+\}/);
    const pattern = new RegExp(
      `^${literals.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(.+?)')}$`,
    );
    return { code: code as MessageCode, names, pattern, literal: literals.join('').length };
  })
  .sort((a, b) => b.literal - a.literal);

/**
 * A message as the server sends it: the code and values of the template of src/contract/messages.ts
 * that words `text` (a fixture names the sentence a user sees), else a code this app does not know, as
 * a newer server might send, whose message shows as sent.
 */
function said(text: string): Message {
  for (const { code, names, pattern } of templates) {
    const match = pattern.exec(text);
    if (match) {
      return {
        message: text,
        code,
        params: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])),
      };
    }
  }
  return { message: text, code: 'not_known_to_this_app' as MessageCode, params: {} };
}

/** A handler plus the requests it received, to assert on method, URL, body and cookies. */
export function spyOnApi<K extends OperationId>(
  operationId: K,
  body: NoInfer<SuccessBody<K> | ((request: RecordedRequest) => SuccessBody<K>)>,
  options: Omit<MockOptions, 'status'> = {},
): { handler: HttpHandler; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const handler = mockApi(operationId, body, {
    ...options,
    onRequest: (request) => {
      requests.push(request);
      options.onRequest?.(request);
    },
  });
  return { handler, requests };
}

/** An answer held back until the test releases it: `{ until }` goes to a mock, `release()` lets it go. */
export function heldAnswer(): { until: Promise<void>; release: () => void } {
  let release = () => {};
  const until = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { until, release };
}

/** A 200 `{ error: false, message, code, params }` answer, for the operations that answer only that. */
export function ok(message = ''): { error: false } & Message {
  return { error: false, ...said(message) };
}

// ---- Shortcuts for the calls most tests need ----

/** get-user: the user, or a status (401 = no session) answered with the error envelope. */
export function mockGetUser(
  userOrStatus: User | number = aUser(),
  options: Omit<MockOptions, 'status'> = {},
) {
  return typeof userOrStatus === 'number'
    ? mockApiError('getUser', userOrStatus === 401 ? 'Not signed in' : 'Server error', {
        ...options,
        status: userOrStatus,
      })
    : mockApi('getUser', { error: false, data: userOrStatus }, options);
}

/** get-software: the CRM record, or a status answered with the error envelope. */
export function mockSoftware(
  softwareOrStatus: Software | number = aSoftware(),
  options: Omit<MockOptions, 'status'> = {},
) {
  return typeof softwareOrStatus === 'number'
    ? mockApiError('getSoftware', 'Software not found', { ...options, status: softwareOrStatus })
    : mockApi('getSoftware', { error: false, data: softwareOrStatus }, options);
}

export function mockSoftwareOptions(
  list: Software[] = [aSoftware()],
  options: Omit<MockOptions, 'status'> = {},
) {
  return mockApi('getSoftwareOptions', { error: false, data: list }, options);
}

export function mockPricing(
  pricing:
    SuccessBody<'getPricing'>['data'] | ((request: RecordedRequest) => SuccessBody<'getPricing'>['data']),
  options: Omit<MockOptions, 'status'> = {},
) {
  return mockApi(
    'getPricing',
    (request) => ({
      error: false as const,
      data: typeof pricing === 'function' ? pricing(request) : pricing,
    }),
    options,
  );
}

export function mockCoupon(
  coupon: SuccessBody<'getCoupon'>['data'],
  options: Omit<MockOptions, 'status'> = {},
) {
  return mockApi('getCoupon', { error: false, data: coupon }, options);
}

type MembersData = SuccessBody<'getOrganizationMembers'>['data'];
type Member = MembersData['users'][number];

/**
 * get-organization-members over a whole organization, answered as the server does: the page, search,
 * sort and invitations page of the request's query, with the totals and assigned seats.
 */
export function mockOrganizationMembers(
  all: { users: readonly Member[]; invitations: readonly MembersData['invitations'][number][] },
  options: Omit<MockOptions, 'status'> = {},
) {
  return mockApi('getOrganizationMembers', (request) => membersPage(all, request.url.searchParams), options);
}

const PLAN_RANK: Record<string, number> = { Free: 0, Standard: 1, Pro: 2 };

export function membersPage(
  all: { users: readonly Member[]; invitations: readonly MembersData['invitations'][number][] },
  query: URLSearchParams,
): SuccessBody<'getOrganizationMembers'> {
  const number = (name: string, fallback: number) => Number(query.get(name) ?? fallback);
  const page = number('page', 1);
  const perPage = number('per_page', 25);
  const invitationsPage = number('invitations_page', 1);
  const invitationsPerPage = number('invitations_per_page', 10);
  const needle = (query.get('search') ?? '').trim().toLowerCase();
  const userId = query.get('user_id');
  // Plan names are the product keys, capitalized ('free' → 'Free').
  const product = query.get('product');
  const seatHolders = query.get('seat_holders') === 'true';
  const sort = query.get('sort') ?? 'joined';
  const sign = query.get('order') === 'desc' ? -1 : 1;
  const key = (m: Member): string | number =>
    sort === 'name'
      ? m.name.toLowerCase()
      : sort === 'email'
        ? m.email
        : sort === 'role'
          ? m.role
          : sort === 'product'
            ? PLAN_RANK[m.subscription.stripe_product]!
            : 0;
  const matching = all.users
    .map((member, index) => ({ member, index }))
    .filter(
      ({ member }) =>
        (userId === null || member.id === userId) &&
        (product === null || member.subscription.stripe_product.toLowerCase() === product) &&
        (!seatHolders || roleCan(member.role, 'seat.hold')) &&
        (!needle ||
          member.name.toLowerCase().includes(needle) ||
          member.email.toLowerCase().includes(needle)),
    )
    .sort((a, b) => {
      const [x, y] = [key(a.member), key(b.member)];
      return sign * (x < y ? -1 : x > y ? 1 : a.index - b.index);
    })
    .map(({ member }) => member);
  const assigned = { standard: 0, pro: 0 };
  for (const member of all.users) {
    const plan = member.subscription.stripe_product;
    if (plan === 'Standard') assigned.standard += 1;
    if (plan === 'Pro') assigned.pro += 1;
  }
  return {
    error: false,
    data: {
      users: matching.slice((page - 1) * perPage, page * perPage),
      invitations: all.invitations.slice(
        (invitationsPage - 1) * invitationsPerPage,
        invitationsPage * invitationsPerPage,
      ),
      total: matching.length,
      member_count: Math.max(1, all.users.length),
      invitations_total: all.invitations.length,
      assigned_seats: assigned,
      page,
      per_page: perPage,
    },
  };
}

/**
 * The Organization page asks an admin for the company domain on the side. Tests of that page about
 * something else declare this answer (no domain, no request to join); tests about it declare their own.
 */
export function noCompanyDomain(): HttpHandler {
  return mockApi('getCompanyDomain', {
    error: false,
    data: {
      domain: null,
      pending_domain: null,
      pending_email: null,
      auto_join: false,
      join_requests: [],
      invite_link: null,
    },
  });
}

/**
 * The overview and the onboarding pages after signup ask, for a signed-in user without
 * organization, whether an organization verified their domain. Tests about something else declare this
 * answer (nothing to join).
 */
export function nothingToJoin(): HttpHandler {
  return mockApi('getJoinOption', { error: false, data: null });
}

/**
 * What the Overview's cards ask besides the user: usage against the cap and, for whoever
 * manages billing, the invoices. Tests that land on /dashboard declare them with this.
 */
export function overviewCalls(
  invoices: SuccessBody<'getInvoices'>['data'] = { next_invoice: null, payment_method: null, invoices: [] },
  usage: Partial<SuccessBody<'getCreditUsage'>['data']> = {},
): HttpHandler[] {
  return [
    mockApi('getCreditUsage', { error: false, data: aCreditUsage(usage) }),
    mockApi('getInvoices', { error: false, data: invoices }),
  ];
}
