/** Accounts for tests. Argon2 is deliberately slow, so files create their users once and reuse them. */
import assert from 'node:assert/strict';
import type { Role } from '../../../src/shared/permissions.js';
import { mailToken, type ApiClient, type TestApp } from './app.js';

export const PASSWORD = 'Sup3r-secret!';

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}@example.com`;
}

export async function signup(
  api: ApiClient,
  fields: { email?: string; name?: string; invitation_token?: string; software?: string } = {},
): Promise<TestUser> {
  const email = fields.email ?? uniqueEmail();
  const res = await api('signup', {
    body: {
      name: fields.name ?? 'Test User',
      email,
      password: PASSWORD,
      software: fields.software ?? 'demo-crm',
      ...fields,
    },
    // Each signup from its own address, so the per-IP signup limit never interferes.
    ip: `10.1.${counter % 250}.${(counter * 7) % 250}`,
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.ok(res.cookie);
  return { id: res.body.id, email, cookie: res.cookie };
}

/** A new member of the inviter's organization: invited (with a role), signed up through the mailed link. */
export async function invitedMember(
  testApp: TestApp,
  inviter: TestUser,
  { role, email = uniqueEmail('invited') }: { role?: Role; email?: string } = {},
): Promise<TestUser> {
  const invited = await testApp.api('inviteUser', {
    cookie: inviter.cookie,
    body: role ? { email, role } : { email },
  });
  assert.equal(invited.status, 200, JSON.stringify(invited.body));
  return signup(testApp.api, { email, invitation_token: await mailToken(testApp, email) });
}
