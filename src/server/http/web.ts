/**
 * The built SPA from dist/web: precompressed .br/.gz siblings, immutable caching for hashed assets,
 * no-cache for index.html, and /app-config.js, which tells one build where its API is at run time.
 * /docs is the API documentation rendered from openapi.yaml at build time (scripts/build-docs.ts) into
 * dist/web/docs: self-contained, under the same Content-Security-Policy as the app.
 */
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { googleSandboxEnabled } from '../security/google-sandbox.js';

/** webpack names hashed files like main.820096dfa99171d4d4b9.js. */
const HASHED = /\.[0-9a-f]{16,}\./;

/** What the server decides at start besides Config (support/support-form.ts). */
export interface RuntimeSettings {
  /** Target of 'Need help with your billing?'; null hides the link. */
  supportFormUrl: string | null;
}

export function appConfigScript(config: Config, settings: RuntimeSettings): string {
  const value = JSON.stringify({
    apiBase: config.apiBase,
    googleClientId: config.googleClientId ?? null,
    supportFormUrl: settings.supportFormUrl,
    // The app shows its own sign-in button that opens /sandbox/google/signin instead of Google's widget.
    googleSandbox: googleSandboxEnabled(config),
  });
  // '<' escaped so the value can never close a script element if the file is ever inlined.
  return `window.__APP_CONFIG__ = ${value.replace(/</g, '\\u003c')};\n`;
}

export async function registerWeb(
  app: FastifyInstance,
  config: Config,
  settings: RuntimeSettings,
): Promise<{ hasBuild: boolean; root: string }> {
  app.get('/app-config.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(appConfigScript(config, settings)),
  );

  const root = resolve(config.webDir);
  const hasBuild = existsSync(resolve(root, 'index.html'));
  const hasDocs = hasBuild && existsSync(resolve(root, 'docs/index.html'));
  app.get('/docs', async (_request, reply) => {
    if (hasDocs) return reply.header('cache-control', 'no-cache').sendFile('docs/index.html');
    return notBuilt(reply, 'The API documentation');
  });
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      cacheControl: false,
      index: ['index.html'],
      setHeaders(res, path) {
        const name = basename(path).replace(/\.(br|gz)$/, '');
        res.setHeader(
          'cache-control',
          name === 'index.html'
            ? 'no-cache'
            : HASHED.test(name)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=300',
        );
      },
    });
  }
  return { hasBuild, root };
}

/**
 * History fallback: a GET for an app route (not the API, not a file) gets index.html when the client takes
 * HTML, which includes `*\/*` (curl, link checkers): only a missing file, such as a stale chunk a script asked
 * for, must answer 404 rather than a page.
 */
export function wantsAppShell(request: FastifyRequest, apiBase: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0]!;
  if (path === apiBase || path.startsWith(`${apiBase}/`) || path.startsWith('/sandbox/')) return false;
  if (/\.[a-z0-9]+$/i.test(path)) return false;
  const accept = request.headers.accept ?? '*/*';
  return accept.includes('text/html') || accept.includes('*/*');
}

export function sendAppShell(reply: FastifyReply, hasBuild: boolean) {
  if (hasBuild) return reply.sendFile('index.html');
  return notBuilt(reply, 'The web app');
}

function notBuilt(reply: FastifyReply, what: string) {
  return reply
    .status(503)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><title>Not built</title><p>${what} is not built yet: run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>`,
    );
}
