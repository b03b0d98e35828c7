// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/** What the server writes into HTML and scripts cannot carry markup: pages, mail links, /app-config.js. */
import assert from 'node:assert/strict';
import { describe, it } from './helpers/node-test.js';
import { loadConfig } from '../../src/server/config.js';
import { escapeHtml, html } from '../../src/server/security/html-escaping.js';
import { appConfigScript } from '../../src/server/http/web.js';
import { linkify } from '../../src/server/sandbox/mail-page.js';

describe('HTML escaping', () => {
  it('escapes interpolations', () => {
    assert.equal(escapeHtml(`<a href="x">'&`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
    assert.equal(html`<p>${'<script>'}</p>`.value, '<p>&lt;script&gt;</p>');
  });
  it('linkifies URLs without letting markup through', () => {
    const out = linkify('Go to http://localhost:3000/x?a=1&b=<2> now <b>').value;
    assert.equal(
      out,
      'Go to <a href="http://localhost:3000/x?a=1&amp;b=">http://localhost:3000/x?a=1&amp;b=</a>&lt;2&gt; now &lt;b&gt;',
    );
  });
  it('app-config.js cannot close a script element', () => {
    const script = appConfigScript(loadConfig({ API_BASE: '/api' }), {
      supportFormUrl: 'https://help.example.com/</script>',
    });
    assert.equal(
      script,
      'window.__APP_CONFIG__ = {"apiBase":"/api","googleClientId":null,"supportFormUrl":"https://help.example.com/\\u003c/script>","googleSandbox":true};\n',
    );
  });
  it('app-config.js offers the Google sandbox only without a client id and on a sandbox deployment', () => {
    const served = (env: NodeJS.ProcessEnv) =>
      JSON.parse(
        appConfigScript(loadConfig(env), { supportFormUrl: null }).replace(
          /^window.__APP_CONFIG__ = |;\n$/g,
          '',
        ),
      ) as {
        googleClientId: string | null;
        googleSandbox: boolean;
      };
    assert.deepEqual(served({ GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' }), {
      apiBase: '/api',
      googleClientId: 'abc.apps.googleusercontent.com',
      supportFormUrl: null,
      googleSandbox: false,
    });
    const deployed = { PUBLIC_URL: 'https://app.example.com', SESSION_SECRET: 'x'.repeat(32) };
    assert.equal(served(deployed).googleSandbox, false);
    assert.equal(served({ ...deployed, SANDBOX_PAGES: 'true' }).googleSandbox, true);
    assert.equal(served({ SANDBOX_PAGES: 'false' }).googleSandbox, false);
  });
});
