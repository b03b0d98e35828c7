/**
 * Issue 14 browser walk: a browser that prefers Simplified Chinese sees the whole app in Chinese, with
 * <html lang="zh-CN">; the Settings switch back to English is remembered after a reload.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { useAppAndBrowser } from './harness.js';
import { newPerson, signUpByApi } from './people.js';

const e2e = useAppAndBrowser();
const run = Date.now();

/**
 * Words that stay as they are in a Chinese UI: names and brands, codes, and what the user typed or the
 * server stores (emails, names, CRM names, plan names, device names, an audit entry's raw details).
 */
const KEPT =
  /^(?:CRM Sync|CRM|Demo CRM|HubSpot|Salesforce|Pipedrive|Zoho|Google|Chrome|OAuth|API|CSV|UTC|Free|Standard|Pro|Enterprise|English|简体中文|Ada Admin|[\w.+-]*@[\w.-]*|example|\.?com|N\/A|US\$[\d,.]+|\$[\d,.]+|[\d\s:/.,%()$-]+|©.*|.*\.(?:com|io)|\w+ logo|Prospect Sync for .*|[\w ]+ on [\w ]+|[a-z_]+: .*)$/;

/** Visible texts of the page that hold Latin words and no Chinese. */
async function englishLeft(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('script, style, noscript, [aria-hidden="true"]')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const text = (node.textContent ?? '').trim();
      if (text) found.push(text);
    }
    return found;
  });
  return texts.filter(
    (text) => /[A-Za-z]{2,}/.test(text) && !/\p{Script=Han}/u.test(text) && !KEPT.test(text),
  );
}

async function expectChinese(page: Page, path: string) {
  await page.goto(`${e2e.app.url}${path}`);
  const heading = page.locator('h1').first();
  await heading.waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], [data-skeleton]'));
  assert.match(await heading.innerText(), /\p{Script=Han}/u, `${path}: the heading is Chinese`);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN', `${path}: <html lang>`);
  assert.deepEqual(await englishLeft(page), [], `${path}: no English left`);
}

test('a zh-CN browser sees every page in Simplified Chinese', async () => {
  const person = await newPerson(e2e, { locale: 'zh-CN' });
  for (const path of [
    '/login',
    '/signup',
    '/forgot-password',
    '/reset-password',
    '/accept-invitation',
    '/join/not-a-token',
    '/install',
    '/pricing',
    '/terms',
    '/privacy',
  ]) {
    await expectChinese(person.page, path);
  }
  await signUpByApi(e2e.app.url, person, 'Ada Admin', `chinese-${run}@example.com`);
  for (const path of [
    '/dashboard',
    '/dashboard/organization',
    '/dashboard/settings',
    '/dashboard/usage',
    '/dashboard/billing',
    '/dashboard/audit',
    '/dashboard/connection',
    '/dashboard/install-extension',
    '/connect',
  ]) {
    await expectChinese(person.page, path);
  }
  assert.deepEqual(person.pageErrors, []);
});

test('zh-TW gets English, and the Settings switch is remembered', async () => {
  const person = await newPerson(e2e, { locale: 'zh-TW' });
  await signUpByApi(e2e.app.url, person, 'Ada Admin', `chinese-switch-${run}@example.com`);
  const { page } = person;
  await page.goto(`${e2e.app.url}/dashboard/settings`);
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');

  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: '简体中文' }).click();
  await page.getByRole('heading', { level: 1, name: '设置' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { level: 1, name: '设置' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
});
