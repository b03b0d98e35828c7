/**
 * People of the browser tests, each in their own browser context (cookies, local storage), set up
 * through the API where the UI of that step has its own test: signup, invitations, mails.
 */
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import type { AppAndBrowser } from './harness.js';
import { STRONG_PASSWORD } from './flows.js';

export interface Person {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the person's pages; tests assert it stays empty. */
  pageErrors: string[];
}

export async function newPerson(e2e: AppAndBrowser, options?: Parameters<AppAndBrowser['newContext']>[0]) {
  const context = await e2e.newContext(options);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors } satisfies Person;
}

/** A call from the page itself, with its session cookie and Origin, the way the SPA calls the API. */
export async function apiCall(
  page: Page,
  path: string,
  body?: object,
): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: body ? 'POST' : 'GET',
        headers: body ? { 'Content-Type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, json: await response.json() };
    },
    { path, body },
  );
}

/**
 * Signs a new account up through the API (signup has its own browser test) and keeps the session in
 * the person's browser. /app-config.js is a cheap same-origin document to call from (the sandbox
 * pages forbid scripts, fetch included).
 */
export async function signUpByApi(
  appUrl: string,
  person: Person,
  name: string,
  email: string,
  invitationToken: string | null = null,
): Promise<void> {
  await person.page.goto(`${appUrl}/app-config.js`);
  const signup = await apiCall(person.page, '/api/signup', {
    name,
    email,
    password: STRONG_PASSWORD,
    software: 'demo-crm',
    has_installed: true,
    invitation_token: invitationToken,
  });
  assert.equal(signup.status, 200, JSON.stringify(signup.json));
}

/** The invitation token of the newest invitation mail to `email`, from the sandbox outbox. */
export async function invitationToken(e2e: AppAndBrowser, page: Page, email: string): Promise<string> {
  await page.goto(`${e2e.app.url}/sandbox/mail`);
  const link = page
    .locator('article', { hasText: `To ${email}` })
    .first()
    .locator('a[href*="/accept-invitation?"]')
    .first();
  const href = await link.getAttribute('href');
  assert.ok(href, 'the invitation mail carries an /accept-invitation link');
  const token = new URL(href).searchParams.get('token');
  assert.ok(token);
  return token;
}

/** An admin and an invited member who signed up: a team of two. */
export async function teamOfTwo(
  e2e: AppAndBrowser,
  admin: { name: string; email: string },
  member: { name: string; email: string },
): Promise<{ admin: Person; member: Person }> {
  const adminPerson = await newPerson(e2e);
  await signUpByApi(e2e.app.url, adminPerson, admin.name, admin.email);
  const invite = await apiCall(adminPerson.page, '/api/invite-user', { email: member.email, role: 'member' });
  assert.equal(invite.status, 200, JSON.stringify(invite.json));
  const memberPerson = await newPerson(e2e);
  const token = await invitationToken(e2e, memberPerson.page, member.email);
  await signUpByApi(e2e.app.url, memberPerson, member.name, member.email, token);
  return { admin: adminPerson, member: memberPerson };
}

/** Pays the sandbox checkout the page is on and waits for the billing success page. */
export async function payInSandbox(page: Page): Promise<void> {
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(/\/dashboard\/billing\/success$/);
}

/** The admin on `page` buys Standard seats through the sandbox checkout (billing has its own walks). */
export async function buyStandardSeats(page: Page, standard: number): Promise<void> {
  const seats = await apiCall(page, '/api/buy-more-seats', { standard_seats: standard, pro_seats: 0 });
  assert.equal(seats.status, 200, JSON.stringify(seats.json));
  await page.goto((seats.json as { url: string }).url);
  await payInSandbox(page);
}
