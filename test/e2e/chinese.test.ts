/**
 * Browser walk (docs/product.md#languages): a browser that prefers Simplified Chinese sees the whole app in Chinese, with
 * <html lang="zh-CN">, the server-rendered support form included; the Settings switch back to English
 * is remembered after a reload. Read as a person reads it: the visible text, the tab's title, and the
 * names a screen reader says (aria-label, alt, title, placeholder).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { useAppAndBrowser } from './harness.js';
import { apiCall, newPerson, signUpByApi } from './people.js';

const e2e = useAppAndBrowser();
const run = Date.now();

/**
 * What may stay in Latin letters in a Chinese UI, and nothing else: brands and product names, codes
 * and units, what the user typed or the server stores (people's names, emails, domains), the language
 * switch's own "English", and numbers and money. A plan's name stands alone as a product name, but in a
 * sentence or a label ('Standard (4 seats available)') it is translated, as devices and coupons are.
 */
const KEPT = [
  /^(?:CRM Sync|CRM|Demo CRM|HubSpot|Salesforce|Pipedrive|Zoho|Google|Chrome|OAuth|API|CSV|UTC|SDR|BDR|English)$/,
  /^(?:Ada Admin|Ben Member)$/, // people's names
  /^[\w.+-]*@[\w.-]*$/, // emails
  /^[\w-]+(?:\.[\w-]+)+$/, // domains
  /^(?:US)?\$[\d,.]+$|^[\d\s:/.,%()$-]+$/, // money, numbers, dates
  /^© ?CRM Sync.*$/,
  /^Prospect Sync for [\w ]+$/, // the extension's name in its store
  /^(?:Free|Standard|Pro|Enterprise)$/, // a plan's name on its own, as a product name (its card, a badge)
  /^[a-z]+_\.\.\.$/, // the shape of a key ('demo_...')
  /^(?:example|\.com)$/, // an email broken for wrapping (BreakableEmail) after '@' and before '.'
];

/** Latin words of a text once the names it may keep are taken out of it. */
function englishIn(text: string): string[] {
  const words = text
    .replace(/\b(?:Demo CRM|CRM Sync|Ada Admin|Ben Member)\b/g, '')
    .replace(/[\w.+-]*@[\w.-]+/g, '')
    .replace(/\b[\w-]+(?:\.[\w-]+)+\b/g, '')
    .match(/[A-Za-z]{2,}/g);
  const names =
    /^(?:CRM|HubSpot|Salesforce|Pipedrive|Zoho|Google|Chrome|OAuth|API|CSV|UTC|SDR|BDRs?|QQ|UC|ID)$/;
  return (words ?? []).filter((word) => !names.test(word));
}

interface Read {
  texts: string[];
  names: string[];
  title: string;
  lang: string;
}

/**
 * The visible texts of the page and the names it gives to assistive technology. A string, so tsx adds
 * no helpers (its __name) to code that runs in the page.
 */
const READ_PAGE = `(() => {
  const shown = (element) => {
    if (element.closest('script, style, noscript, [aria-hidden="true"], [hidden]')) return false;
    const style = getComputedStyle(element);
    return style.display !== 'none' && style.visibility !== 'hidden';
  };
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || !shown(element)) continue;
    const text = (node.textContent || '').trim();
    if (text) texts.push(text);
  }
  const names = [];
  for (const element of document.body.querySelectorAll('[aria-label], [alt], [title], [placeholder]')) {
    if (!shown(element)) continue;
    for (const attribute of ['aria-label', 'alt', 'title', 'placeholder']) {
      const value = (element.getAttribute(attribute) || '').trim();
      if (value) names.push(attribute + '=' + value);
    }
  }
  return { texts, names, title: document.title, lang: document.documentElement.lang };
})()`;

async function readPage(page: Page): Promise<Read> {
  return (await page.evaluate(READ_PAGE)) as Read;
}

/** Texts (or attribute=name) that hold English: Latin words beyond the kept names, and no Chinese. */
function englishLeft(read: Read): string[] {
  const left = (text: string) => !KEPT.some((kept) => kept.test(text)) && englishIn(text).length > 0;
  return [
    ...read.texts.filter((text) => !/\p{Script=Han}/u.test(text) && left(text)),
    ...read.names.filter((entry) => {
      const value = entry.slice(entry.indexOf('=') + 1);
      return !/\p{Script=Han}/u.test(value) && left(value);
    }),
  ];
}

/** What is not Chinese on the pages walked: all of it is reported at once, page by page. */
async function notChinese(page: Page, path: string, expectText?: RegExp): Promise<string[]> {
  await page.goto(`${e2e.app.url}${path}`);
  const heading = page.locator('h1').first();
  await heading.waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], [data-skeleton]'));
  if (expectText) await page.getByText(expectText).first().waitFor();
  const problems: string[] = [];
  const headingText = await heading.innerText();
  if (!/\p{Script=Han}/u.test(headingText)) problems.push(`heading: ${headingText}`);
  const read = await readPage(page);
  if (read.lang !== 'zh-CN') problems.push(`<html lang="${read.lang}">`);
  if (!/\p{Script=Han}/u.test(read.title)) problems.push(`<title>${read.title}</title>`);
  problems.push(...englishLeft(read));
  return problems.map((problem) => `${path}: ${problem}`);
}

test('the walk reads English where it is left: a text, a name read aloud, a plan or coupon name', () => {
  const read = (texts: string[], names: string[] = []): Read => ({ texts, names, title: '', lang: 'zh-CN' });
  assert.deepEqual(englishLeft(read(['Standard (4 seats available)', '首发优惠：30% 折扣'])), [
    'Standard (4 seats available)',
  ]);
  assert.deepEqual(englishLeft(read(['Launch offer: 30% off', "Ada Admin's organization"])), [
    'Launch offer: 30% off',
    "Ada Admin's organization",
  ]);
  assert.deepEqual(englishLeft(read([], ['aria-label=5 out of 5 stars', 'alt=Demo CRM logo'])), [
    'aria-label=5 out of 5 stars',
    'alt=Demo CRM logo',
  ]);
  assert.deepEqual(
    englishLeft(
      read(['Demo CRM', 'ada@example.com', 'US$1,440.00', 'Ada Admin 的组织'], ['alt=Demo CRM 标志']),
    ),
    [],
  );
});

test('a zh-CN browser sees every page in Simplified Chinese', async () => {
  const person = await newPerson(e2e, { locale: 'zh-CN' });
  const problems: string[] = [];
  for (const path of [
    '/login',
    '/signup',
    '/auth?software=demo-crm&installed=true',
    '/forgot-password',
    '/reset-password',
    '/accept-invitation',
    '/join/not-a-token',
    '/install',
    '/pricing',
    '/terms',
    '/privacy',
    // The server-rendered support form, in the language of the cookie or the browser.
    '/support',
  ]) {
    problems.push(...(await notChinese(person.page, path)));
  }
  // The seeded coupon's banner ('Launch offer: 30% off' in English).
  problems.push(...(await notChinese(person.page, '/pricing?coupon=LAUNCH30', /首发优惠/)));

  const email = `chinese-${run}@example.com`;
  await signUpByApi(e2e.app.url, person, 'Ada Admin', email);
  // An invitation creates the admin's organization under its first name, 'Ada Admin's organization'.
  const invite = await apiCall(person.page, '/api/invite-user', {
    email: `chinese-member-${run}@example.com`,
    role: 'member',
  });
  assert.equal(invite.status, 200, JSON.stringify(invite.json));
  for (const [path, expected] of [
    ['/dashboard', /Ada Admin 的组织/],
    ['/dashboard/organization', /Ada Admin 的组织/],
    ['/dashboard/settings'],
    ['/dashboard/usage'],
    ['/dashboard/billing'],
    ['/dashboard/audit'],
    ['/dashboard/connection'],
    ['/dashboard/connection/status'],
    ['/dashboard/connect/api-key'],
    ['/dashboard/install-extension'],
    // Opened directly, with no connection to finish: what to do, in Chinese.
    ['/dashboard/connected', /没有待完成的连接/],
    ['/connected', /没有待完成的连接/],
    ['/callback', /没有待完成的连接/],
    ['/connect'],
    ['/connect-api-key'],
    ['/complete'],
    ['/support'],
  ] as [string, RegExp?][]) {
    problems.push(...(await notChinese(person.page, path, expected)));
  }
  assert.deepEqual(problems, []);
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
  // The support form follows the switch's cookie, whatever the browser prefers.
  await page.goto(`${e2e.app.url}/support`);
  await page.locator('h1').first().waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.match(await page.locator('h1').first().innerText(), /\p{Script=Han}/u);
});
