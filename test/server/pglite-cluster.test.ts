// @database-agnostic: the embedded PGlite database itself; `npm test` runs it once.
/**
 * The embedded database as `npm start` opens it (docs/performance.md#server-memory): a new data directory
 * gets its cluster from a child process, with 1 MB WAL segments, and is opened with 16 MB of shared
 * buffers; opened again, it resumes with what was written. (The in-memory databases of the other server
 * tests open with the same settings, from a dump of one made the same way.)
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../../src/server/db/pglite-cluster.js';
import { after, describe, it } from './helpers/node-test.js';

const setting = async (pglite: Awaited<ReturnType<typeof openPglite>>, name: string) =>
  (await pglite.query<{ value: string }>(`select current_setting('${name}') as value`)).rows[0]!.value;

describe('the embedded database in a data directory', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-cluster-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is made on first open, with its memory settings, and resumes with its data', async () => {
    const dataDir = path.join(dir, 'data');
    const first = await openPglite(dataDir);
    try {
      assert.ok(existsSync(path.join(dataDir, 'PG_VERSION')), 'the cluster is on disk');
      assert.equal(await setting(first, 'shared_buffers'), '16MB');
      assert.equal(await setting(first, 'wal_segment_size'), '1MB');
      await first.exec(`create table kept (note text); insert into kept values ('still here')`);
    } finally {
      await first.close();
    }
    const again = await openPglite(dataDir);
    try {
      assert.deepEqual((await again.query('select note from kept')).rows, [{ note: 'still here' }]);
      assert.equal(await setting(again, 'shared_buffers'), '16MB');
    } finally {
      await again.close();
    }
  });
});
