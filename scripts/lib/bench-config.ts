// The configuration of a server a benchmark starts in its own process on 127.0.0.1 (bench:credits, the sync
// log pages of `npm run bench`).
import { loadConfig } from '../../src/server/config.js';
import { freePort } from './free-port.js';

/** A free port on 127.0.0.1 and the configuration of a server there, with `env` added. */
export async function serverOn(env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: String(port),
    // The public URL must match the port: it is the origin the CSRF check accepts.
    PUBLIC_URL: url,
    // Logging every request would be a large part of what is measured.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...env,
  });
  return { port, url, config };
}
