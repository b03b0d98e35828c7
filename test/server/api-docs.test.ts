// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/**
 * /docs: the API documentation rendered from openapi.yaml at build time (scripts/build-docs.ts) is served
 * self-contained (no script, style, font or image from another origin) under the app's own
 * Content-Security-Policy (no inline script), in the visitor's language (English, or Chinese by the
 * language cookie or Accept-Language), with Redoc's search patched (searchWhenReady), and says when it is
 * not built.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from './helpers/node-test.js';
import { parse } from 'yaml';
import { buildDocs } from '../../scripts/build-docs.js';
import { untranslated, type Contract } from '../../scripts/lib/api-docs-content.js';
import { appContentSecurityPolicy } from '../../src/server/http/headers.js';
import { getContract, startTestApp, type TestApp } from './helpers/app.js';

/** Every address the page would load something from: src/href of loading elements, CSS url() and @import. */
function loadedUrls(html: string): string[] {
  const attributes = [...html.matchAll(/<(script|link|img|iframe|source|video|audio|embed|object)\b[^>]*>/gi)]
    .flatMap((tag) => [...tag[0].matchAll(/\b(?:src|href|data|srcset)\s*=\s*["']?([^"'\s>]+)/gi)])
    .map((match) => match[1]!);
  const css = [
    ...html.matchAll(/url\(\s*["']?([^"')]+)/gi),
    ...html.matchAll(/@import\s+["']([^"']+)/gi),
  ].map((match) => match[1]!);
  return [...attributes, ...css];
}

const operationIds = () => getContract().operations.map((operation) => operation.operationId);

const isExternal = (url: string) => /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(url) && !url.startsWith('data:');

describe('/docs', () => {
  let webDir: string;
  let t: TestApp;
  before(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'docs-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title>');
    await buildDocs(path.join(webDir, 'docs'));
    t = await startTestApp({ WEB_DIR: webDir });
  });
  after(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('serves the documentation of every operation, with no external asset and no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs', headers: { accept: 'text/html' } });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.equal(res.headers['content-security-policy'], appContentSecurityPolicy(t.config));
    const html = res.body;
    assert.match(html, /<title>CRM-sync API<\/title>/);
    assert.ok(html.includes('CRM-sync dashboard API'), 'the overview is rendered at build time');
    const urls = loadedUrls(html);
    assert.deepEqual(urls.filter(isExternal), []);
    assert.doesNotMatch(html, /fonts\.googleapis|cdn\.redocly|unpkg|jsdelivr/);
    // No inline script: every script is a file of this origin, served as JavaScript.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    assert.ok(scripts.length > 0);
    let bodies = '';
    for (const [, attributes, code] of scripts) {
      assert.equal(code!.trim(), '');
      const src = /src="([^"]+)"/.exec(attributes!)?.[1];
      assert.ok(src?.startsWith('/docs/'), `script src ${src}`);
      const script = await t.app.inject({ method: 'GET', url: src });
      assert.equal(script.statusCode, 200);
      assert.match(String(script.headers['content-type']), /javascript/);
      assert.doesNotMatch(script.body, /\bimport\s*(?:\(|[^;]*from\s*)["']https?:/);
      bodies += script.body;
    }
    // The operations are rendered in the browser from the contract the script carries, examples included.
    for (const operationId of operationIds()) {
      assert.ok(bodies.includes(`"operationId":"${operationId}"`), operationId);
    }
    assert.ok(bodies.includes('Invitation resent successfully!'), 'the examples are in it');
  });

  /** The scripts of a /docs page as served, concatenated. */
  async function scriptsOf(html: string): Promise<string> {
    let bodies = '';
    for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)) {
      const script = await t.app.inject({ method: 'GET', url: src! });
      assert.equal(script.statusCode, 200, src);
      bodies += script.body;
    }
    return bodies;
  }

  it("patches Redoc's search in every language: 'Searching...' until the index is built, which starts within a second; a late navigation does not close the dialog", async () => {
    for (const headers of [{}, { cookie: 'locale=zh-CN' }]) {
      const page = await t.app.inject({
        method: 'GET',
        url: '/docs',
        headers: { accept: 'text/html', ...headers },
      });
      const code = await scriptsOf(page.body);
      // The dialog component ({ onClose, search, isReady }) says it is searching while !isReady...
      const isReady = /function \w+\(\{onClose:\w+,search:\w+,isReady:(\w+)\}\)/.exec(code)?.[1];
      assert.ok(isReady, 'the search dialog is in the bundle');
      const searching =
        /children:\w+\?\w+\|\|!(\w+)\?\(0,\w+\.jsx\)\(\w+,\{"data-testid":`search-message`,children:`(?:Searching\.\.\.|正在搜索…)`\}\)/.exec(
          code,
        );
      assert.equal(searching?.[1], isReady, "the message reads 'Searching...' while the index is not ready");
      // ...and the index is built when the browser is idle or after a second at the latest.
      assert.match(code, /window\.requestIdleCallback\(\w+,\{timeout:1e3\}\);/);
      assert.doesNotMatch(code, /window\.requestIdleCallback\(\w+\);/);
      // The dialog's state no longer closes it when the router renders a location (a menu click's, late).
      assert.match(code, /return\{isOpen:\w+,onOpen:\w+,onClose:\w+\}/);
      assert.doesNotMatch(code, /\(0,\w+\.useEffect\)\(\w+,\[\w+\]\),\{isOpen:/);
    }
  });

  it('speaks Chinese to a zh-CN visitor (cookie or Accept-Language), English to others', async () => {
    const english = await t.app.inject({ method: 'GET', url: '/docs', headers: { accept: 'text/html' } });
    assert.match(english.body, /<html lang='en'>/);
    assert.match(String(english.headers.vary), /Cookie/);
    for (const headers of [{ cookie: 'locale=zh-CN' }, { 'accept-language': 'zh-CN,zh;q=0.9' }]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/docs',
        headers: { accept: 'text/html', ...headers },
      });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-security-policy'], appContentSecurityPolicy(t.config));
      assert.match(res.body, /<html lang='zh-CN'>/);
      assert.match(res.body, /<title>CRM-sync API 参考文档<\/title>/);
      assert.deepEqual(loadedUrls(res.body).filter(isExternal), []);
      const code = await scriptsOf(res.body);
      // The menu, the guides and Redoc's own labels in Chinese.
      for (const text of [
        '"x-displayName":"认证"',
        '"summary":"邀请用户"',
        '登录一次并保留 Cookie',
        '"request":"请求"',
      ])
        assert.ok(code.includes(text), text);
      assert.ok(code.includes('`搜索文档…`'), "Redoc's search field");
    }
    // The cookie of the Settings switch wins over the browser's languages.
    const chosen = await t.app.inject({
      method: 'GET',
      url: '/docs',
      headers: { accept: 'text/html', cookie: 'locale=en', 'accept-language': 'zh-CN' },
    });
    assert.match(chosen.body, /<html lang='en'>/);
  });

  it('has the Chinese of every operation, tag, shared answer and error code of the contract', () => {
    const contract = parse(readFileSync(path.resolve(import.meta.dirname, '../../openapi.yaml'), 'utf8'), {
      maxAliasCount: -1,
    }) as Contract;
    assert.deepEqual(untranslated(contract), []);
  });

  it('says so when the documentation is not built', async () => {
    rmSync(path.join(webDir, 'docs'), { recursive: true, force: true });
    const bare = await startTestApp({ WEB_DIR: webDir });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/docs', headers: { accept: 'text/html' } });
      assert.equal(res.statusCode, 503);
      assert.match(res.body, /The API documentation is not built yet/);
    } finally {
      await bare.close();
    }
  });
});
