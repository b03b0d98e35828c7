/**
 * docs/product.md#the-billing-help-link: the target of 'Need help with your billing?' is configuration (SUPPORT_FORM_URL) served in
 * /app-config.js; without it a local install gets the server's own form at /support, which records the
 * request and mails it to the outbox; a deployment where nobody would read the requests gets no link.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from './helpers/node-test.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import type { Mail } from '../../src/server/mail/mailer.js';
import {
  PUBLIC_URL,
  TEST_SESSION_SECRET,
  postForm,
  startTestApp,
  useTestApp,
  type TestApp,
} from './helpers/app.js';
import { signup, uniqueEmail, type TestUser } from './helpers/users.js';

/** A public deployment that names a support inbox. */
const PUBLIC_WITH_SUPPORT_EMAIL = {
  PUBLIC_URL: 'https://app.example.com',
  SESSION_SECRET: TEST_SESSION_SECRET,
  SUPPORT_EMAIL: 'help@example.com',
};

const t = useTestApp();
let user: TestUser;

before(async () => {
  user = await signup(t.api, { name: 'Bea Billing' });
});

/** The value /app-config.js hands the SPA. */
async function servedSupportUrl(app: TestApp): Promise<unknown> {
  const res = await app.app.inject({ method: 'GET', url: '/app-config.js' });
  assert.equal(res.statusCode, 200);
  const json = res.body.replace(/^window\.__APP_CONFIG__ = /, '').replace(/;\n$/, '');
  return (JSON.parse(json) as { supportFormUrl: unknown }).supportFormUrl;
}

/** Sends the support form (from one address unless told, so the per-address limit stays out of the way). */
function post(
  app: TestApp,
  fields: Record<string, string>,
  { headers = {}, ip = '10.9.0.1' }: { headers?: Record<string, string>; ip?: string } = {},
) {
  return postForm(app, '/support', fields, { headers, ip });
}

const requests = (app: TestApp) =>
  app.app.services.db.selectFrom('support_requests').selectAll().orderBy('id').execute();

describe('the default on a local install: the server’s own form, mailed to the outbox', () => {
  it('is what /app-config.js links to', async () => {
    assert.equal(await servedSupportUrl(t), `${PUBLIC_URL}/support`);
  });

  it('shows a form with the signed-in user’s email filled in, marked as a sandbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/support', headers: { cookie: user.cookie } });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^text\/html/);
    assert.match(res.body, /<h1>Billing support<\/h1>/);
    assert.match(res.body, new RegExp(`name="email"[^>]*value="${user.email}"`));
    assert.match(res.body, /SANDBOX/);
    assert.match(String(res.headers['content-security-policy']), /default-src 'none'/);
  });

  it('records the request, mails it to the support inbox and confirms with its number', async () => {
    const message = 'I was charged twice for 3 Pro seats.\r\nCan you refund one?';
    const res = await post(t, { email: user.email, message }, { headers: { cookie: user.cookie } });
    assert.equal(res.statusCode, 303);
    const [record] = (await requests(t)).filter((r) => r.email === user.email);
    assert.ok(record, 'the request is recorded');
    assert.equal(record.message, 'I was charged twice for 3 Pro seats.\nCan you refund one?');
    assert.equal(record.user_id, Number(user.id));
    const confirmation = res.headers.location as string;
    assert.match(confirmation, /^\/support\?sent=/);

    const mail = await t.app.services.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'support@localhost')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(mail.subject, `Billing support request #${record.id} from ${user.email}`);
    assert.match(mail.text_body, /Can you refund one\?/);
    assert.match(mail.text_body, /Bea Billing/);

    const outbox = await t.app.inject({ method: 'GET', url: '/sandbox/mail' });
    assert.match(outbox.body, new RegExp(`Billing support request #${record.id}`));

    const sent = await t.app.inject({ method: 'GET', url: confirmation });
    assert.equal(sent.statusCode, 200);
    assert.match(sent.body, new RegExp(`your request #${record.id} reached our support team`));
    assert.match(sent.body, /href="\/sandbox\/mail"/);
  });

  it('confirms only the requests it recorded: a made-up or altered link shows the form', async () => {
    const res = await post(t, { email: user.email, message: 'Where is my invoice?' });
    const token = new URL(res.headers.location as string, 'http://x').searchParams.get('sent')!;
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const sent of ['1', '42', altered, 'v1.a.b.c', '']) {
      const page = await t.app.inject({ method: 'GET', url: `/support?sent=${encodeURIComponent(sent)}` });
      assert.equal(page.statusCode, 200, sent);
      assert.doesNotMatch(page.body, /reached our support team/, sent);
      assert.match(page.body, /<h1>Billing support<\/h1>/, sent);
    }
  });

  it('keeps what was typed and records nothing when a field is wrong', async () => {
    const before = (await requests(t)).length;
    const res = await post(t, { email: 'not-an-address', message: '<b>help</b>' });
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /Enter the email address we should answer/);
    assert.match(res.body, /value="not-an-address"/);
    assert.match(res.body, /&lt;b&gt;help&lt;\/b&gt;<\/textarea>/);
    assert.ok(!res.body.includes('<b>help</b>'));

    const empty = await post(t, { email: 'ada@example.com', message: '   ' });
    assert.equal(empty.statusCode, 400);
    assert.match(empty.body, /Tell us how we can help\./);

    const long = await post(t, { email: 'ada@example.com', message: 'x'.repeat(5001) });
    assert.equal(long.statusCode, 400);
    assert.match(long.body, /under 5,000 characters \(it has 5,001\)/);

    const missing = await postForm(t, '/support');
    assert.equal(missing.statusCode, 400);
    assert.equal((await requests(t)).length, before);
  });

  it('speaks the visitor’s language: Chinese by the language cookie or Accept-Language, with lang="zh-CN"', async () => {
    const english = await t.app.inject({ method: 'GET', url: '/support' });
    assert.match(english.body, /<html lang="en">/);

    for (const headers of [{ cookie: 'locale=zh-CN' }, { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/support', headers });
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /<html lang="zh-CN">/);
      assert.match(res.body, /<title>账单支持<\/title>/);
      assert.match(res.body, /<h1>账单支持<\/h1>/);
      assert.match(res.body, /<label for="email">您的电子邮箱<\/label>/);
      assert.match(res.body, /<button type="submit">发送请求<\/button>/);
      assert.match(res.body, /沙盒/);
      // No English words left in what the page says (the SANDBOX mark, labels, the button...).
      const text = res.body.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]*>/g, ' ');
      assert.doesNotMatch(text, /[A-Za-z]{3,}/, text);
    }
    // The cookie, the SPA's language switch, wins over the browser's languages.
    const chosen = await t.app.inject({
      method: 'GET',
      url: '/support',
      headers: { cookie: 'locale=en', 'accept-language': 'zh-CN' },
    });
    assert.match(chosen.body, /<h1>Billing support<\/h1>/);

    const refused = await post(
      t,
      { email: 'not-an-address', message: 'x'.repeat(5001) },
      { headers: { cookie: 'locale=zh-CN' } },
    );
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /请输入我们回复您时使用的电子邮箱地址/);
    assert.match(refused.body, /消息请少于 5,000 个字符（当前为 5,001 个）/);
  });

  it('refuses a post from another site', async () => {
    const res = await post(
      t,
      { email: 'ada@example.com', message: 'hi' },
      { headers: { origin: 'https://evil.example' } },
    );
    assert.equal(res.statusCode, 403);
  });

  it('limits how many requests one address sends, keeping the draft', async () => {
    const email = uniqueEmail('support-limit');
    const ip = '10.9.1.1';
    for (let i = 0; i < 5; i += 1) {
      assert.equal((await post(t, { email, message: `try ${i}` }, { ip })).statusCode, 303);
    }
    const limited = await post(t, { email, message: 'one more' }, { ip });
    assert.equal(limited.statusCode, 429);
    assert.match(limited.body, /Please try again later/);
    assert.match(limited.body, /one more<\/textarea>/);
    assert.equal((await requests(t)).filter((r) => r.email === email).length, 5);
  });
});

describe('form pages while the database is unreachable', () => {
  it('answer a small HTML page with the status (503 with Retry-After), never the JSON envelope', async () => {
    const db = t.app.services.db;
    const outage = () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    // Every read and write of the app fails as with a stopped database, until restored.
    const patched = ['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'executeQuery'] as const;
    for (const name of patched) Object.defineProperty(db, name, { value: outage, configurable: true });
    try {
      const answers = [
        await t.app.inject({ method: 'GET', url: '/support', headers: { cookie: user.cookie } }),
        await post(t, { email: 'ada@example.com', message: 'Refund please' }, { ip: '10.9.7.1' }),
        await t.app.inject({ method: 'GET', url: '/sandbox/mail' }),
      ];
      for (const res of answers) {
        assert.equal(res.statusCode, 503, res.body);
        assert.equal(res.headers['retry-after'], '2');
        assert.match(res.headers['content-type'] as string, /^text\/html/);
        assert.match(res.body, /<h1>Briefly unavailable<\/h1>/);
        assert.match(res.body, /The service is briefly unavailable\. Please try again in a moment\./);
        assert.doesNotMatch(res.body, /"error":true/);
        assert.match(String(res.headers['content-security-policy']), /default-src 'none'/);
      }
      assert.match(answers[0]!.body, /<a href="\/support">Try again<\/a>/);
    } finally {
      for (const name of patched) Reflect.deleteProperty(db, name);
    }
    // The database is back: the pages work again; and a refused post is a page too.
    assert.equal((await t.app.inject({ method: 'GET', url: '/support' })).statusCode, 200);
    const refused = await post(
      t,
      { email: 'ada@example.com', message: 'hi' },
      { headers: { origin: 'https://evil.example' } },
    );
    assert.equal(refused.statusCode, 403);
    assert.match(refused.headers['content-type'] as string, /^text\/html/);
  });
});

describe('when the mail cannot be sent', () => {
  it('answers 503 with the draft kept, and leaves no record behind', async () => {
    const p = await startTestApp(
      { SUPPORT_EMAIL: 'help@example.com' },
      {
        services: {
          mailer: {
            send: async () => {
              throw new Error('SMTP down');
            },
            close: async () => {},
          },
        },
      },
    );
    try {
      const res = await post(p, { email: 'ada@example.com', message: 'Please call me' });
      assert.equal(res.statusCode, 503);
      assert.match(res.body, /We could not send your request just now\. Please try again\./);
      assert.match(res.body, /Please call me<\/textarea>/);
      assert.deepEqual(await requests(p), []);
    } finally {
      await p.close();
    }
  });
});

describe('configured and production behaviour', () => {
  it('serves SUPPORT_FORM_URL and turns the built-in form off', async () => {
    const p = await startTestApp({ SUPPORT_FORM_URL: 'https://help.example.com/billing?from=app' });
    try {
      assert.equal(await servedSupportUrl(p), 'https://help.example.com/billing?from=app');
      assert.equal((await p.app.inject({ method: 'GET', url: '/support' })).statusCode, 404);
      assert.equal((await post(p, { email: 'ada@example.com', message: 'hi' })).statusCode, 404);
    } finally {
      await p.close();
    }
  });

  it('accepts only an http(s) SUPPORT_FORM_URL and one SUPPORT_EMAIL address', () => {
    for (const bad of ['javascript:alert(1)', 'mailto:help@example.com', 'ftp://example.com', 'help desk']) {
      assert.throws(
        () => loadConfig({ SUPPORT_FORM_URL: bad }),
        (e: unknown) =>
          e instanceof ConfigError &&
          /SUPPORT_FORM_URL must be an http:\/\/ or https:\/\/ URL/.test(e.message),
        bad,
      );
    }
    for (const bad of ['help', 'a@b.com, c@d.com', 'Help <help@example.com>']) {
      assert.throws(
        () => loadConfig({ SUPPORT_EMAIL: bad }),
        (e: unknown) => e instanceof ConfigError && /SUPPORT_EMAIL must be one email address/.test(e.message),
        bad,
      );
    }
    assert.equal(loadConfig({ SUPPORT_EMAIL: 'help@example.com' }).supportEmail, 'help@example.com');
  });

  it('hides the link on a public deployment whose mail nobody reads, and says so at start', async () => {
    const warnings: string[] = [];
    const p = await startTestApp(PUBLIC_WITH_SUPPORT_EMAIL, {
      logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } },
    });
    try {
      // Mail stays in the outbox, which is off on a public URL: a request would reach nobody.
      assert.equal(await servedSupportUrl(p), null);
      assert.equal((await p.app.inject({ method: 'GET', url: '/support' })).statusCode, 404);
      assert.ok(
        warnings.some((line) => line.includes('SUPPORT_FORM_URL')),
        warnings.join(''),
      );
    } finally {
      await p.close();
    }
  });

  it('mails requests to SUPPORT_EMAIL through the real mailer, without a sandbox mark', async () => {
    const sent: Mail[] = [];
    const p = await startTestApp(PUBLIC_WITH_SUPPORT_EMAIL, {
      services: { mailer: { send: async (mail) => void sent.push(mail), close: async () => {} } },
    });
    try {
      assert.equal(await servedSupportUrl(p), 'https://app.example.com/support');
      const page = await p.app.inject({ method: 'GET', url: '/support' });
      assert.equal(page.statusCode, 200);
      assert.ok(!page.body.includes('SANDBOX'));
      const res = await post(
        p,
        { email: 'ada@example.com', message: 'Invoice address is wrong' },
        {
          headers: { origin: 'https://app.example.com' },
        },
      );
      assert.equal(res.statusCode, 303);
      assert.equal(sent.length, 1);
      assert.equal(sent[0]!.to, 'help@example.com');
      assert.equal(sent[0]!.replyTo, 'ada@example.com');
      assert.equal((await requests(p)).length, 1);
    } finally {
      await p.close();
    }
  });

  it('without SUPPORT_EMAIL a real mailer has nowhere to send: no link', async () => {
    const p = await startTestApp(
      {},
      { services: { mailer: { send: async () => {}, close: async () => {} } } },
    );
    try {
      assert.equal(await servedSupportUrl(p), null);
    } finally {
      await p.close();
    }
  });
});
