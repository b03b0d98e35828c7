/**
 * The onboarding pages after sign-up, on a 390 px phone: none scrolls sideways (the progress bar's
 * screen-reader '(done)' text once widened the page to 444 px), and the bar shows each step done only
 * when it is: Finish is not ticked while the visitor is still connecting or joining. axe finds nothing.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { Page } from 'playwright-core';
import { describeViolations, violations, type Violation } from './axe.js';
import { useAppAndBrowser } from './harness.js';
import { apiCall, invitationToken, newPerson, signUpByApi } from './people.js';

const e2e = useAppAndBrowser();
// axe is injected as a script, which the app's Content-Security-Policy would refuse.
const PHONE = { viewport: { width: 390, height: 844 }, bypassCSP: true };
const run = Date.now();

interface Step {
  label: string;
  done: boolean;
  current: boolean;
}

/** The progress bar as a person reads it: each step's label, done mark and current mark. */
async function progress(page: Page): Promise<Step[]> {
  const bar = page.getByRole('navigation', { name: 'Onboarding progress' });
  await bar.waitFor();
  return bar.locator('li').evaluateAll((items) =>
    items.map((item) => {
      // The label under the circle (the circle's number is a picture, hidden from assistive technology).
      const text = (item.querySelector(':scope > span')?.textContent ?? '').trim();
      return {
        label: text.replace(/\s*\(done\)$/, ''),
        done: text.endsWith('(done)'),
        current: item.getAttribute('aria-current') === 'step',
      };
    }),
  );
}

const summary = (steps: Step[]) =>
  steps.map((step) => `${step.label}${step.done ? ' ✓' : ''}${step.current ? ' <' : ''}`).join(', ');

/** Waits for the page's content (no skeleton left, its h1 shown), then measures it. */
async function visit(
  page: Page,
  path: string,
): Promise<{ scrollWidth: number; steps: string; axe: Violation[] }> {
  await page.goto(`${e2e.app.url}${path}`);
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  const steps = summary(await progress(page));
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  return { scrollWidth, steps, axe: await violations(page) };
}

test('at 390 px the onboarding pages fit the screen and the bar ticks only the steps done', async () => {
  const admin = await newPerson(e2e, PHONE);
  await signUpByApi(e2e.app.url, admin, 'Ada Admin', `phone-admin-${run}@example.com`);
  const invitee = `phone-invitee-${run}@example.com`;
  const invite = await apiCall(admin.page, '/api/invite-user', { email: invitee, role: 'member' });
  assert.equal(invite.status, 200, JSON.stringify(invite.json));

  const failures: string[] = [];
  const check = async (page: Page, path: string, expectedSteps: string) => {
    const { scrollWidth, steps, axe } = await visit(page, path);
    if (axe.length > 0) failures.push(`${path}:\n${describeViolations(axe)}`);
    if (scrollWidth > 390) failures.push(`${path} is ${scrollWidth} px wide`);
    if (steps !== expectedSteps) failures.push(`${path}: the bar reads "${steps}", not "${expectedSteps}"`);
  };

  // Signed up from the extension (installed), not connected yet: finishing marks Finish done...
  await check(admin.page, '/complete', 'Install ✓, Signup ✓, Connect, Finish ✓ <');
  await admin.page.getByRole('link', { name: 'Go to the dashboard' }).waitFor();
  // ...but connecting again afterwards is not finished: Connect is the step in progress.
  for (const path of ['/connect', '/connect-api-key', '/callback', '/connected']) {
    await check(admin.page, path, 'Install ✓, Signup ✓, Connect <, Finish');
  }

  // The invitee: first signed out (the invitation to sign up), then signed in (the invitation to join).
  const visitor = await newPerson(e2e, PHONE);
  const token = await invitationToken(e2e, visitor.page, invitee);
  // An onboarded flag this browser kept from an earlier account does not finish this one.
  await visitor.page.evaluate(() => localStorage.setItem('has_onboarded', 'true'));
  await check(visitor.page, `/accept-invitation?token=${token}`, 'Install, Signup <, Connect, Finish');
  await signUpByApi(e2e.app.url, visitor, 'Ivy Invitee', invitee);
  await check(visitor.page, `/accept-invitation?token=${token}`, 'Install ✓, Signup <, Connect, Finish');

  assert.deepEqual(failures, [], failures.join('\n'));
  assert.deepEqual(admin.pageErrors, []);
  assert.deepEqual(visitor.pageErrors, []);
});
