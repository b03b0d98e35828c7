// Development: the reference server (restarts on change) and webpack-dev-server with hot reload, which
// proxies /api, /org-subscription, /sandbox, /support and /app-config.js to the server. Open http://localhost:8080.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.API_PORT ?? '3000';

const children = new Map<string, ChildProcess>();
let stopping = false;

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`[dev] ${name} exited (${signal ?? `code ${code}`}); stopping.`);
      stop(code ?? 1);
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
}

function stop(code: number, signal: NodeJS.Signals = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  if (children.size === 0) process.exit(code);
  for (const child of children.values()) child.kill(signal);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => stop(0, signal));
}

if (existsSync(path.join(root, 'src/server/main.ts'))) {
  start('server', bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    PORT: apiPort,
    // The browser sees the dev server's origin: links in mails, redirects and the CSRF check use it.
    PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:8080',
  });
} else {
  console.warn('[dev] src/server/main.ts does not exist yet: starting the web dev server only.');
}
start('web', bin('webpack'), ['serve', '--mode', 'development'], { API_PORT: apiPort });
