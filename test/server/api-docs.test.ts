// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/**
 * /docs: the API documentation rendered from openapi.yaml at build time (scripts/build-docs.ts) is served
 * self-contained (no script, style, font or image from another origin) under the app's own
 * Content-Security-Policy (no inline script), and says when it is not built.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildDocs } from '../../scripts/build-docs.js';
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
    buildDocs(path.join(webDir, 'docs'));
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
