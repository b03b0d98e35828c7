/**
 * The sandbox pages (checkout, billing portal, Demo CRM authorize and API keys, Google sign-in, mail
 * outbox) speak the visitor's language by the rule of /support (the language cookie, else
 * Accept-Language): in Chinese with lang="zh-CN", money as 'US$1,234.00' and days as '2026-11-27', and
 * no English left but names, codes and stored data; in English as before.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from './helpers/node-test.js';
import { PUBLIC_URL, mailLinks, postForm, useTestApp } from './helpers/app.js';
import { signup, type TestUser } from './helpers/users.js';

const t = useTestApp();
const ZH = { cookie: 'locale=zh-CN' };

let buyer: TestUser;
before(async () => {
  buyer = await signup(t.api, { software: 'demo-crm' });
});

async function open(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: url.replace(PUBLIC_URL, ''),
    headers: { accept: 'text/html', ...headers },
  });
}

/** The cookie header of the buyer's session, with the language cookie when given. */
const asBuyer = (language?: string) => (language ? `${buyer.cookie}; locale=${language}` : buyer.cookie);

/** What a reader sees of a page: the title and the body's text (scripts and styles left out), decoded. */
function readable(page: string): string {
  const title = /<title>([\s\S]*?)<\/title>/.exec(page)?.[1] ?? '';
  const body = (/<body>([\s\S]*)<\/body>/.exec(page)?.[1] ?? '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return `${title} ${body}`
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Latin words left on a Chinese page once names (the app, the CRM, Google, card brands), codes and
 * settings (client_id, SMTP_URL, demo_ keys, coupon codes), emails, money and UTC are taken out.
 */
function englishLeft(page: string): string[] {
  const text = readable(page)
    .replace(/[\w.+-]+@[\w.-]+/g, '')
    .replace(/\b(?:CRM Sync|Demo CRM)\b/g, '')
    .replace(/\b[A-Za-z]*_[\w.]*/g, '')
    .replace(/\bUS\$/g, '');
  const names = /^(?:Google|API|OAuth|UTC|Visa|Mastercard|Amex|LAUNCH\d+|contacts)$/;
  return (text.match(/[A-Za-z]{2,}\w*/g) ?? []).filter((word) => !names.test(word));
}

function assertChinese(page: string, where: string) {
  assert.match(page, /<html lang="zh-CN">/, where);
  assert.match(/<title>([\s\S]*?)<\/title>/.exec(page)?.[1] ?? '', /\p{Script=Han}/u, `${where}: title`);
  assert.match(/<h1>([\s\S]*?)<\/h1>/.exec(page)?.[1] ?? '', /\p{Script=Han}|Demo CRM/u, `${where}: h1`);
  assert.deepEqual(englishLeft(page), [], where);
}

describe('the sandbox payment pages', () => {
  let checkoutUrl: string;
  before(async () => {
    const res = await t.api('checkout', {
      cookie: buyer.cookie,
      body: {
        items: [{ price_id: 'price_pro_yearly', quantity: 1 }],
        standard_seats: 0,
        pro_seats: 2,
        coupon_code: 'LAUNCH30',
        request_url: `${PUBLIC_URL}/pricing`,
      },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    checkoutUrl = res.body.url;
  });

  it('the checkout is in Chinese for a zh-CN visitor: items, money written the Chinese way', async () => {
    const page = (await open(checkoutUrl, { cookie: asBuyer('zh-CN') })).body;
    assertChinese(page, 'checkout');
    assert.match(page, /<h1>结账<\/h1>/);
    assert.match(page, /专业版套餐（按年）/);
    assert.match(page, /今日应付总额：US\$\d{1,3}(?:,\d{3})*\.\d{2}/);
    // Accept-Language alone does it too.
    const byBrowser = await open(checkoutUrl, {
      cookie: buyer.cookie,
      'accept-language': 'zh-CN,zh;q=0.9',
    });
    assert.match(byBrowser.body, /<html lang="zh-CN">/);
  });

  it('stays English for an English visitor, money grouped as the app writes it', async () => {
    const page = (await open(checkoutUrl, { cookie: asBuyer() })).body;
    assert.match(page, /<html lang="en">/);
    assert.match(page, /<h1>Checkout<\/h1>/);
    assert.match(page, /Pro plan \(yearly\)/);
    assert.match(page, /Total due today: \$\d{1,3}(?:,\d{3})*\.\d{2}/);
  });

  it('the refusals of the checkout are in Chinese too', async () => {
    const signedOut = await open(checkoutUrl, ZH);
    assert.equal(signedOut.statusCode, 401);
    assertChinese(signedOut.body, 'checkout signed out');
    const missing = await open('/sandbox/checkout/cs_missing', { cookie: asBuyer('zh-CN') });
    assert.equal(missing.statusCode, 404);
    assertChinese(missing.body, 'checkout not found');
  });

  it('the billing portal is in Chinese, its next payment a numeric day', async () => {
    const pay = await postForm(t, new URL(checkoutUrl).pathname + '/pay', {}, { cookie: buyer.cookie });
    assert.equal(pay.statusCode, 303);
    const portal = await t.api('billingPortal', { cookie: buyer.cookie });
    assert.equal(portal.status, 200);
    const page = (await open(portal.body.data.url, { cookie: asBuyer('zh-CN') })).body;
    assertChinese(page, 'portal');
    assert.match(page, /<h1>账单门户<\/h1>/);
    assert.match(page, /\d{4}-\d{2}-\d{2}/);
    assert.match(page, /专业版席位/);
    const english = (await open(portal.body.data.url, { cookie: asBuyer('en') })).body;
    assert.match(english, /<h1>Billing portal<\/h1>/);
    assert.match(english, /<td>\s*[A-Z][a-z]{2} \d{1,2}, \d{4}\s*<\/td>/);
    assertChinese((await open(portal.body.data.url, ZH)).body, 'portal signed out');
  });
});

describe('the Demo CRM pages', () => {
  it('the authorize page and the API keys page are in Chinese', async () => {
    const software = (await t.api('getSoftware', { query: { software: 'demo-crm' } })).body.data;
    const url = new URL(
      software.oauth_auth_url
        .replace('{client_id}', encodeURIComponent(software.oauth_client_id))
        .replace('{redirect_uri}', encodeURIComponent(`${PUBLIC_URL}/callback`)),
    );
    const authorize = await open(url.pathname + url.search, { cookie: asBuyer('zh-CN') });
    assert.equal(authorize.statusCode, 200);
    assertChinese(authorize.body, 'authorize');
    assert.match(authorize.body, />批准<\/button>/);
    assert.match((await open(url.pathname + url.search, { cookie: asBuyer() })).body, />Approve<\/button>/);
    const signedOut = await open(url.pathname + url.search, ZH);
    assert.equal(signedOut.statusCode, 401);
    assertChinese(signedOut.body, 'authorize signed out');
    assertChinese((await open('/sandbox/crm/authorize?client_id=nope', ZH)).body, 'unknown client');
    assertChinese((await open('/sandbox/crm/api-keys', ZH)).body, 'API keys');
  });

  it('the control page of its tokens is in Chinese, its notices and refusals too', async () => {
    const tokens = await open('/sandbox/crm/tokens?done=refused', { cookie: asBuyer('zh-CN') });
    assert.equal(tokens.statusCode, 200);
    assertChinese(tokens.body, 'tokens');
    assert.match(tokens.body, />\s*让其过期并拒绝刷新\s*</);
    assert.match(tokens.body, /访问令牌已过期，且其刷新会被拒绝/);
    const refused = await postForm(
      t,
      '/sandbox/crm/tokens',
      { decision: 'refuse_key' },
      { cookie: asBuyer('zh-CN') },
    );
    assert.equal(refused.statusCode, 400);
    assertChinese(refused.body, 'tokens refusal');
    assert.match(
      (await open('/sandbox/crm/tokens', { cookie: asBuyer() })).body,
      /Let the access token expire/,
    );
  });
});

describe('the Google sign-in sandbox and the mail outbox', () => {
  it('are in Chinese for a zh-CN visitor', async () => {
    const chooser = await open('/sandbox/google/signin?context=signup', ZH);
    assertChinese(chooser.body, 'Google chooser');
    assert.match(chooser.body, /以使用 Google 注册 CRM Sync/);
    const refused = await postForm(
      t,
      '/sandbox/google/signin',
      { email: 'not-an-address', outcome: 'continue' },
      { headers: ZH },
    );
    assert.equal(refused.statusCode, 400);
    assertChinese(refused.body, 'Google chooser refusal');
    const handBack = await postForm(t, '/sandbox/google/signin', { outcome: 'error' }, { headers: ZH });
    assertChinese(handBack.body, 'Google hand-back');
    // The words its script may show are Chinese too (the page opened without the app's window).
    assert.match(handBack.body, /status\.textContent = "请通过 CRM Sync 的/);

    assert.equal((await t.api('forgotPassword', { body: { email: buyer.email } })).status, 200);
    await mailLinks(t, buyer.email); // the reset mail goes out after the answer
    const outbox = await open('/sandbox/mail', ZH);
    assert.match(outbox.body, /<html lang="zh-CN">/);
    assert.match(outbox.body, /<h1>邮件发件箱<\/h1>/);
    // The mails are stored data, written in English and marked so; the page's own words and the times
    // are Chinese.
    assert.match(outbox.body, /<article lang="en">/);
    const own = outbox.body.replace(/<article lang="en">([\s\S]*?)<\/article>/g, (_article, inner: string) =>
      inner.replace(/<h2[\s\S]*?<\/h2>|<pre>[\s\S]*?<\/pre>/g, ''),
    );
    assertChinese(own, 'mail outbox');
    assert.match(outbox.body, /收件人 [^ ]+@[^ ]+ · \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  });
});
