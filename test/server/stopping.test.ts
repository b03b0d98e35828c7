// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/**
 * Stopping the server (docs/operations.md#stopping-the-server): a handler still running when the server
 * closes, whose client has gone away, ends before the database closes; one that never ends does not keep
 * the server from stopping.
 */
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, it } from './helpers/node-test.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { trackRunningHandlers } from '../../src/server/http/running-handlers.js';
import { getContract, PUBLIC_URL } from './helpers/app.js';

describe('stopping the server', () => {
  it('lets a handler still running end before the database closes', async () => {
    const app = await buildApp(loadConfig({ DATA_DIR: 'memory://', PUBLIC_URL, LOG_LEVEL: 'silent' }), {
      contract: getContract(),
    });
    const { db } = app.services;
    let destroyCalled!: () => void;
    const destroying = new Promise<void>((resolve) => (destroyCalled = resolve));
    const destroy = db.destroy.bind(db);
    db.destroy = async () => {
      const destroyed = destroy();
      destroyCalled();
      await destroyed;
    };
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const outcome: { rows?: unknown; error?: string } = {};
    // A handler waiting on a slow dependency (a CRM's answer) when the server closes: it goes on once the
    // dependency answers, or at once if the database starts closing under it.
    app.get('/test/slow', async () => {
      started();
      await Promise.race([destroying, new Promise((resolve) => setTimeout(resolve, 1000))]);
      try {
        outcome.rows = (await sql<{ one: number }>`select 1 as one`.execute(db)).rows;
      } catch (error) {
        outcome.error = (error as Error).message;
      }
      return { ended: true };
    });
    await app.ready();
    // Answered in process: the server has no connection of it to wait for, as when its client went away.
    const answer = app.inject({ method: 'GET', url: '/test/slow' });
    await running;
    await app.close();
    assert.deepEqual(outcome, { rows: [{ one: 1 }] });
    await answer.catch(() => undefined);
  });

  it('stops waiting for a handler that never ends after the cap', async () => {
    const app = Fastify();
    const handlersEnded = trackRunningHandlers(app);
    app.get('/stuck', () => new Promise(() => {}));
    await app.ready();
    void app.inject({ method: 'GET', url: '/stuck' }).catch(() => undefined);
    // Once the request has reached its handler, the wait ends at the cap rather than never.
    await new Promise((resolve) => setImmediate(resolve));
    await handlersEnded(20);
    await app.close();
  });
});
