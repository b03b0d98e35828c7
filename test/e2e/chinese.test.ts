/**
 * Browser walk (docs/product.md#languages): a browser that prefers Simplified Chinese sees the whole app in Chinese, with
 * <html lang="zh-CN">: every route of the SPA (src/web/app/router.tsx), the server-rendered pages (the
 * support form, the sandbox checkout, billing portal, Demo CRM, Google sign-in and mail outbox pages) and
 * /docs; the Settings switch back to English is remembered after a reload. Read as a person reads it: the
 * visible text, the tab's title, and the names a screen reader says (aria-label, alt, title, placeholder).
 * Text marked as another language (lang="en": the English mails of the outbox) is not the page's own.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { Page } from 'playwright-core';
import { chunkFileUrl, useAppAndBrowser } from './harness.js';
import { apiCall, invitationToken, newPerson, signUpByApi } from './people.js';

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
  /^(?:Visa|Mastercard|Amex) \.\.\.\. \d{4}$/, // a card, as the sandbox stores it
  /^demo_[0-9a-f]+$/, // a Demo CRM API key
  /^LAUNCH30$/, // a coupon's code
  /^(?:Ctrl|⌘)\+[A-Z]$|^Esc$/, // a key to press
  /^[a-z]+_\.\.\.$/, // the shape of a key ('demo_...')
  /^(?:example|\.com)$/, // an email broken for wrapping (BreakableEmail) after '@' and before '.'
];

/** Latin words of a text once the names it may keep are taken out of it. */
function englishIn(text: string): string[] {
  const words = text
    .replace(/\b(?:Demo CRM|CRM[ -][Ss]ync|Ada Admin|Ben Member)\b/g, '')
    .replace(/[\w.+-]*@[\w.-]+/g, '')
    .replace(/\b[\w-]+(?:\.[\w-]+)+\b/g, '')
    .match(/[A-Za-z][\w]+/g);
  const names =
    /^(?:CRM|HubSpot|Salesforce|Pipedrive|Zoho|Google|Chrome|OAuth|API|CSV|UTC|SDR|BDRs?|QQ|UC|ID|US|Visa|Redocly|LAUNCH30|SSO|Okta|Entra|Workspace)$/;
  // Settings and codes a sandbox page names (SMTP_URL, client_id, demo_...) are names too.
  const codes = /^[A-Za-z]*_[\w.]*$/;
  return (words ?? []).filter((word) => !names.test(word) && !codes.test(word));
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
    // Text declared to be in another language is not the page's own (the outbox's English mails).
    const lang = element.closest('[lang]')?.getAttribute('lang') || '';
    if (lang && !lang.startsWith('zh')) return false;
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

/** A path of this app from a full URL the API answered (a checkout, the billing portal). */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

test('a zh-CN browser sees the pages reached by a flow, the sandbox pages and the error page in Chinese', async () => {
  const person = await newPerson(e2e, { locale: 'zh-CN' });
  const { page } = person;
  const problems: string[] = [];
  // Pages of the extension's install flow, seen before signing in.
  for (const path of ['/welcome', '/installed', '/uninstalled'])
    problems.push(...(await notChinese(page, path)));
  // The Google sign-in sandbox opens in a window of its own, before there is an account.
  problems.push(...(await notChinese(page, '/sandbox/google/signin?context=signup')));

  const email = `chinese-flows-${run}@example.com`;
  await signUpByApi(e2e.app.url, person, 'Ada Admin', email);
  const memberEmail = `chinese-flows-member-${run}@example.com`;
  await page.goto(`${e2e.app.url}/dashboard`);
  const invite = await apiCall(page, '/api/invite-user', { email: memberEmail, role: 'member' });
  assert.equal(invite.status, 200, JSON.stringify(invite.json));
  const member = await newPerson(e2e);
  await signUpByApi(
    e2e.app.url,
    member,
    'Ben Member',
    memberEmail,
    await invitationToken(e2e, member.page, memberEmail),
  );

  await page.goto(`${e2e.app.url}/dashboard`);
  const members = (await apiCall(page, '/api/get-organization-members')).json as {
    data: { users: { id: number | string; email: string }[] };
  };
  const memberId = members.data.users.find((user) => user.email === memberEmail)?.id;
  assert.ok(memberId !== undefined);
  const checkout = (await apiCall(page, '/api/checkout', {
    items: [{ price_id: 'price_pro_yearly', quantity: 1 }],
    standard_seats: 1,
    pro_seats: 0,
    coupon_code: 'LAUNCH30',
    request_url: `${e2e.app.url}/pricing`,
  })) as { status: number; json: { url?: string } };
  assert.equal(checkout.status, 200, JSON.stringify(checkout.json));
  const software = (await apiCall(page, '/api/get-software?software=demo-crm')).json as {
    data: { oauth_auth_url: string; oauth_client_id: string; oauth_redirect_uri: string };
  };
  const authorize = software.data.oauth_auth_url
    .replace('{client_id}', encodeURIComponent(software.data.oauth_client_id))
    .replace('{redirect_uri}', encodeURIComponent(software.data.oauth_redirect_uri));

  for (const [path, expected] of [
    [`/dashboard/member/edit/${memberId}`, /Ben Member/],
    ['/dashboard/connection/disconnect'],
    // The server-rendered sandbox pages: checkout (paid below), the Demo CRM's, the outbox.
    [pathOf(checkout.json.url!), /专业版/],
    [pathOf(authorize)],
    ['/sandbox/crm/api-keys'],
    ['/sandbox/mail'],
  ] as [string, RegExp?][]) {
    problems.push(...(await notChinese(page, path, expected)));
  }
  // Paying leads to the receipt; the billing portal is opened from the billing page.
  await page.goto(`${e2e.app.url}${pathOf(checkout.json.url!)}`);
  await page.getByRole('button', { name: /^支付/ }).click();
  await page.waitForURL(/\/dashboard\/billing\/success/);
  problems.push(...(await notChinese(page, '/dashboard/billing/success')));
  await page.goto(`${e2e.app.url}/dashboard`);
  const portal = (await apiCall(page, '/api/billing-portal', {})) as {
    status: number;
    json: { data?: { url: string } };
  };
  assert.equal(portal.status, 200, JSON.stringify(portal.json));
  problems.push(...(await notChinese(page, pathOf(portal.json.data!.url), /专业版/)));

  // The error page, in the shell: a page whose code cannot be downloaded (offline, or a new deploy).
  const usageChunk = await chunkFileUrl('usage');
  await page.route(usageChunk, (route) => route.abort('internetdisconnected'));
  problems.push(...(await notChinese(page, '/dashboard/usage', /无法加载/)));
  await page.unroute(usageChunk);

  // Logging out ends on the sign-in page, in Chinese.
  problems.push(...(await notChinese(page, '/logout')));
  assert.deepEqual(problems, []);
});

/**
 * /docs, the API reference, for a zh-CN visitor. Its rule (docs/product.md#languages): the menu, Redoc's
 * own labels and every name read aloud, the overview and the guides are Chinese; an operation's own
 * description and its fields' descriptions, written with openapi.yaml, may stay English; code (paths,
 * fields, types, samples) is a name.
 */
test('a zh-CN browser reads /docs in Chinese: menu, labels, overview and guides', async () => {
  const person = await newPerson(e2e, { locale: 'zh-CN' });
  const { page } = person;
  await page.goto(`${e2e.app.url}/docs`);
  const menu = page.getByRole('navigation', { name: 'API 目录' });
  await menu.waitFor();
  await page.getByTestId('search-trigger').getByText('搜索').waitFor();
  const problems: string[] = [];
  const read = async (where: string, scope: string) => {
    const seen = (await page.evaluate(
      `(${READ_PAGE.replaceAll('document.body', `document.querySelector(${JSON.stringify(scope)})`)})`,
    )) as Read;
    if (seen.lang !== 'zh-CN') problems.push(`${where}: <html lang="${seen.lang}">`);
    if (!/\p{Script=Han}/u.test(seen.title)) problems.push(`${where}: <title>${seen.title}</title>`);
    // Code is a name: paths, fields, samples.
    const prose = seen.texts.filter(
      (text) => !/^[`'"{[/$-]|^[\w.-]+(?:\(\))?$|^[A-Z]+(?: \/\S*)?$/.test(text),
    );
    problems.push(...englishLeft({ ...seen, texts: prose }).map((text) => `${where}: ${text}`));
  };
  // The menu and the overview with the guides, as the page opens.
  await read('/docs menu', '.menu-content');
  const names = (await page.evaluate(READ_PAGE)) as Read;
  problems.push(...englishLeft({ ...names, texts: [] }).map((text) => `/docs: ${text}`));
  await menu.getByRole('link', { name: '认证', exact: true }).click();
  await page.getByText('登录一次并保留 Cookie。').first().waitFor();
  await menu.getByRole('link', { name: '错误', exact: true }).click();
  await menu.getByRole('link', { name: '错误代码', exact: true }).click();
  await page.getByRole('row', { name: /^cap_reached / }).waitFor();
  // An operation: Redoc's labels are Chinese, its own description may be English.
  await menu.getByRole('link', { name: '组织', exact: true }).click();
  await menu.getByRole('link', { name: /^邀请用户/ }).click();
  await page.getByText('请求', { exact: true }).first().waitFor();
  await page.getByText('响应', { exact: true }).first().waitFor();
  const body = await page.locator('body').innerText();
  for (const label of ['Request', 'Responses', 'Request samples', 'Response samples', 'required', 'Copy'])
    if (new RegExp(`^${label}$`, 'm').test(body)) problems.push(`/docs: Redoc's label ${label}`);
  const aloud = (await page.evaluate(READ_PAGE)) as Read;
  problems.push(...englishLeft({ ...aloud, texts: [] }).map((text) => `/docs operation: ${text}`));
  // Its search, in Chinese.
  await page.getByTestId('search-trigger').click();
  await page.getByRole('textbox', { name: '搜索 API 参考文档' }).fill('seats');
  await page.getByTestId('search-dialog').getByText('/buy-more-seats').first().waitFor();
  const dialog = await page.getByTestId('search-dialog').innerText();
  for (const label of ['to navigate', 'to select', 'Cancel', 'query parameters', 'request fields'])
    if (dialog.includes(label)) problems.push(`/docs search: ${label}`);
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
