// Helpers for browser tests: Debian's Chromium driven by playwright-core, against the real server
// (or, until it exists, a static server) on a free port with a fresh in-memory database.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '../..');
const webDir = path.join(root, 'dist/web');
const serverAppFile = path.join(root, 'src/server/app.ts');

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

/** Builds the SPA if needed, then starts the reference server with a fresh database. */
export async function startApp(env: NodeJS.ProcessEnv = {}): Promise<RunningApp> {
  await ensureBuild();
  // TODO(lead): once src/server/app.ts exists for good, import buildApp/loadConfig statically and
  // delete the static fallback below.
  if (!existsSync(serverAppFile)) return startStaticServer();
  return startReferenceServer(env);
}

// The shape of src/server/app.ts and src/server/config.ts this harness relies on.
interface ServerModule {
  buildApp(config: unknown): ListeningApp | Promise<ListeningApp>;
}
interface ConfigModule {
  loadConfig(env: NodeJS.ProcessEnv): unknown;
}
interface ListeningApp {
  listen(options: { host: string; port: number }): Promise<unknown>;
  close(): Promise<unknown>;
}

async function startReferenceServer(env: NodeJS.ProcessEnv): Promise<RunningApp> {
  // Imported by URL so this file typechecks while the server is still being written.
  const { buildApp } = (await import(
    new URL('../../src/server/app.ts', import.meta.url).href
  )) as ServerModule;
  const { loadConfig } = (await import(
    new URL('../../src/server/config.ts', import.meta.url).href
  )) as ConfigModule;

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

/** Serves dist/web with the history fallback and a default runtime config. */
async function startStaticServer(): Promise<RunningApp> {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.json': 'application/json',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.ico': 'image/x-icon',
    '.woff2': 'font/woff2',
  };
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (pathname === '/app-config.js') {
      response.writeHead(200, { 'content-type': types['.js'] });
      response.end(`window.__APP_CONFIG__ = ${JSON.stringify({ apiBase: '/api' })};`);
      return;
    }
    const file = path.join(webDir, path.normalize(pathname));
    const isAsset = file.startsWith(webDir + path.sep) && existsSync(file) && statSync(file).isFile();
    if (!isAsset && path.extname(pathname) !== '') {
      response.writeHead(404).end();
      return;
    }
    const target = isAsset ? file : path.join(webDir, 'index.html');
    readFile(target).then(
      (body) => {
        response.writeHead(200, {
          'content-type': types[path.extname(target)] ?? 'application/octet-stream',
        });
        response.end(body);
      },
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Runs the production build when dist/web is missing or older than the sources it is built from. */
async function ensureBuild() {
  const index = path.join(webDir, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const inputs = ['src/web', 'src/shared', 'src/contract', 'webpack.config.js', 'package-lock.json'];
  if (builtAt > 0 && inputs.every((input) => newestMtime(path.join(root, input)) <= builtAt)) return;
  try {
    await promisify(execFile)('npm', ['run', 'build'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm run build failed:\n${stdout}\n${stderr}`);
  }
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target, { recursive: true, encoding: 'utf8' })) {
    newest = Math.max(newest, statSync(path.join(target, entry)).mtimeMs);
  }
  return newest;
}
