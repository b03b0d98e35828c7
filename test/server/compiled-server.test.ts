// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/**
 * The compiled server (dist/server), which `npm start` runs without tsx: it must load (every relative
 * import resolvable by Node), find openapi.yaml from its own folder, answer, serve the SPA, and end by
 * itself on SIGTERM. Built here when missing or older than its sources, by the check `npm start` makes.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from './helpers/node-test.js';
import { runBuild, serverBuildState, webBuildState } from '../../scripts/lib/build-state.mjs';
import { startServerProcess, type ServerProcess } from './helpers/server-process.js';

// The server's default WEB_DIR, relative to the folder the process starts in (the project's). Only a
// fresh build is checked: `npm test` may be rebuilding a stale one beside this file.
const webBuilt = webBuildState(path.resolve(import.meta.dirname, '../../dist/web')) === null;

describe('the compiled server', () => {
  let server: ServerProcess;

  before(async () => {
    if (serverBuildState() !== null) runBuild('server', { quiet: true });
    server = await startServerProcess({ DATABASE_URL: '', DATA_DIR: 'memory://' }, { compiled: true });
  });
  after(() => server?.stop());

  it('answers API calls as the contract says', async () => {
    const res = await server.call('getPricing', { query: { schedule: 'monthly' } });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.standard.monthly_price_id, 'price_standard_monthly');
  });

  it('rejects bad input with the contract-checked 400', async () => {
    const res = await server.call('getPricing', { query: { schedule: 'weekly' } });
    assert.equal(res.status, 400);
  });

  it(
    'serves the web app',
    { skip: webBuilt ? false : 'dist/web is not built or is being rebuilt' },
    async () => {
      const res = await fetch(new URL('/login', server.url));
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(await res.text(), /<div id="root"/);
    },
  );

  it('ends by itself on SIGTERM', async () => {
    await server.stop();
    assert.equal(server.exit, '0', server.output.join(''));
  });
});
