// Helpers for browser tests: Debian's Chromium driven by playwright-core, against the real server on a
// free port with a fresh in-memory database.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { runWebBuild, webBuildState } from '../../scripts/lib/web-build';

const root = path.resolve(import.meta.dirname, '../..');
const webDir = path.join(root, 'dist/web');

export interface RunningApp {
  /** Origin of the app, without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Builds the SPA if needed, then starts the reference server with a fresh in-memory database. */
export async function startApp(env: NodeJS.ProcessEnv = {}): Promise<RunningApp> {
  if (webBuildState(webDir) !== null) runWebBuild({ quiet: true });
  // The port is chosen before start so the server knows its public URL (links, CSRF origin check).
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await buildApp(
    loadConfig({
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      DATA_DIR: 'memory://',
    }),
  );
  await app.listen({ host: '127.0.0.1', port });
  return {
    url,
    async close() {
      await app.close();
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
