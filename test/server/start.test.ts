// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/**
 * Starting the server: a start slowed down (a PGlite data directory reopened while the machine is busy)
 * waits for its plugins instead of failing with Fastify's "Plugin did not start in time" after 10 s.
 */
import assert from 'node:assert/strict';
import { describe, it, mock } from './helpers/node-test.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { createDb } from '../../src/server/db/index.js';
import { createScratchDatabase, getContract, PUBLIC_URL } from './helpers/app.js';

/** Fastify's default plugin timeout, which a slow start used to run into. */
const FASTIFY_DEFAULT_PLUGIN_TIMEOUT_MS = 10_000;

describe('server start', () => {
  it('waits for a plugin that takes longer than the default plugin timeout', async () => {
    const baseUrl = process.env.DATABASE_URL;
    const database = baseUrl ? await createScratchDatabase(baseUrl) : undefined;
    const app = await buildApp(
      loadConfig({
        DATA_DIR: 'memory://',
        PUBLIC_URL,
        LOG_LEVEL: 'silent',
        ...(database ? { DATABASE_URL: database.url } : {}),
      }),
      { contract: getContract() },
    );
    // Fastify's plugin timer is a setTimeout: fake time lets the plugin take "11 s" without waiting them.
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      let entered!: () => void;
      const started = new Promise<void>((resolve) => (entered = resolve));
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      let loaded = false;
      void app.register(async () => {
        entered();
        await finished;
        loaded = true;
      });
      const ready = app.ready();
      await started;
      mock.timers.tick(FASTIFY_DEFAULT_PLUGIN_TIMEOUT_MS + 1_000);
      finish();
      await ready;
      assert.equal(loaded, true);
    } finally {
      mock.timers.reset();
      await app.close();
      await database?.drop();
    }
  });

  it('starts and answers once a database that is slow to open and migrate is ready', async () => {
    const baseUrl = process.env.DATABASE_URL;
    const database = baseUrl ? await createScratchDatabase(baseUrl) : undefined;
    let opened!: () => void;
    const slow = new Promise<void>((resolve) => (opened = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The database opens for real, then is held back until the test has let "11 s" pass on fake timers.
    const building = buildApp(
      loadConfig({
        DATA_DIR: 'memory://',
        PUBLIC_URL,
        LOG_LEVEL: 'silent',
        ...(database ? { DATABASE_URL: database.url } : {}),
      }),
      {
        contract: getContract(),
        openDb: async (...args) => {
          const db = await createDb(...args);
          opened();
          await gate;
          return db;
        },
      },
    );
    await slow;
    mock.timers.enable({ apis: ['setTimeout'] });
    let app: Awaited<typeof building> | undefined;
    try {
      mock.timers.tick(FASTIFY_DEFAULT_PLUGIN_TIMEOUT_MS + 1_000);
      release();
      app = await building;
      const ready = app.ready();
      mock.timers.tick(FASTIFY_DEFAULT_PLUGIN_TIMEOUT_MS + 1_000);
      await ready;
      const response = await app.inject({ method: 'GET', url: '/api/get-pricing?schedule=yearly' });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().data.pro.price, 63600, response.body);
    } finally {
      mock.timers.reset();
      await app?.close();
      await database?.drop();
    }
  });
});
