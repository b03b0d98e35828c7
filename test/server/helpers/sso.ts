/**
 * What the single sign-on tests share (sso.test.ts for OpenID Connect, sso-saml.test.ts for SAML): an
 * organization with its domain verified by DNS (the DNS sandbox verifies any), the rows a sign-in leaves,
 * and why the last answer was refused as the server's log says it (users read a sentence instead).
 */
import assert from 'node:assert/strict';
import type { TestApp } from './app.js';
import type { TestProvider } from './oidc-provider.js';
import { signup, type TestUser } from './users.js';

type App = Pick<TestApp, 'app' | 'api'>;

/** Signs up `email`'s owner and verifies their domain by DNS: the organization single sign-on needs. */
export async function organizationWithDomain(
  t: App,
  email: string,
): Promise<{ owner: TestUser; orgId: number }> {
  const owner = await signup(t.api, { email, name: 'Ada' });
  const domain = email.split('@')[1]!;
  assert.equal((await t.api('startDnsVerification', { cookie: owner.cookie, body: { domain } })).status, 200);
  assert.equal((await t.api('checkDnsVerification', { cookie: owner.cookie, body: {} })).status, 200);
  return { owner, orgId: (await accountOf(t, email))!.organization_id! };
}

/** Saves the test OpenID Connect provider as the organization's connection, as its admin. */
export async function connectOidc(
  t: App,
  admin: TestUser,
  provider: Pick<TestProvider, 'issuer' | 'clientId' | 'clientSecret'>,
): Promise<void> {
  const saved = await t.api('saveSsoConnection', {
    cookie: admin.cookie,
    body: {
      protocol: 'oidc',
      issuer: provider.issuer,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
}

/**
 * Saves the organization's IP allow-list (and no time limits), as the admin whose session `cookie` is, from
 * `ip` (the test app's own address without one).
 */
export async function saveAllowList(t: App, cookie: string, list: string[], ip?: string): Promise<void> {
  const saved = await t.api('setSessionPolicies', {
    cookie,
    body: { idle_timeout_minutes: null, session_lifetime_minutes: null, ip_allow_list: list },
    ...(ip === undefined ? {} : { ip }),
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
}

export function accountOf(t: Pick<TestApp, 'app'>, email: string) {
  return t.app.services.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function lastAuditOf(t: Pick<TestApp, 'app'>, type: string) {
  return t.app.services.db
    .selectFrom('audit_events')
    .selectAll()
    .where('type', '=', type)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The newest audit entry's id (0: none yet), to read what a call wrote after it (auditSince). */
export async function lastAuditId(t: Pick<TestApp, 'app'>): Promise<number> {
  const row = await t.app.services.db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * What the audit log came to hold about an address after the entry `afterId`, oldest first: each entry's
 * type, target account, address and details.
 */
export async function auditSince(
  t: Pick<TestApp, 'app'>,
  afterId: number,
  email: string,
): Promise<Record<string, unknown>[]> {
  const rows = await t.app.services.db
    .selectFrom('audit_events')
    .select(['type', 'target_id', 'ip', 'details'])
    .where('target_email', '=', email)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map(({ details, ...row }) => ({ ...row, ...(details as Record<string, unknown>) }));
}

/** Why the last answer was refused, from the lines the app logged. */
export function lastRefusalIn(logLines: string[]): string {
  const line = [...logLines].reverse().find((entry) => entry.includes('single sign-on'));
  return line ? String((JSON.parse(line) as { detail?: string }).detail) : '';
}
