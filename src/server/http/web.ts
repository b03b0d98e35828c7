/**
 * The built SPA from dist/web: precompressed .br/.gz siblings, immutable caching for hashed assets,
 * no-cache for index.html, and /app-config.js, which tells one build where its API is at run time.
 * /docs is the API documentation rendered from openapi.yaml at build time (scripts/build-docs.ts) into
 * dist/web/docs (English) and dist/web/docs/zh-CN (Chinese): self-contained, under the same
 * Content-Security-Policy as the app, in the visitor's language.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES, type Locale } from '../../shared/locale.js';
import { requestLocale } from './page-i18n.js';
import {
  googleSignIn,
  prerenderedVariant,
  prerenderedVariants,
  isPrerenderedPath,
  type GoogleSignIn,
  prerenderedFile,
  PRERENDERED_PATHS,
} from '../../shared/prerender.js';
import { ROUTE_CHUNKS } from '../../shared/route-chunks.js';
import type { Config } from '../config.js';
import { googleSandboxEnabled } from '../security/google-sandbox.js';

/** webpack names hashed files like main.820096df.js (webpack.config.js). */
const HASHED = /\.[0-9a-f]{8,}\./;

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
): Promise<{
  hasBuild: boolean;
  root: string;
  shells: Map<string, string>;
  prerendered: Map<string, string>;
}> {
  app.get('/app-config.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(appConfigScript(config, settings)),
  );

  const root = resolve(config.webDir);
  const hasBuild = existsSync(resolve(root, 'index.html'));
  const links = hasBuild ? preloadLinks(root, chunkGraph(root)) : new Map<string, string>();
  const shells = hasBuild ? routeShells(root, links) : new Map<string, string>();
  const google = googleSignIn({
    googleClientId: config.googleClientId,
    googleSandbox: googleSandboxEnabled(config),
  });
  const prerendered = hasBuild ? prerenderedPages(root, links, google) : new Map<string, string>();
  const hasDocs = hasBuild && existsSync(resolve(root, 'docs/index.html'));
  // In the visitor's language, by the rule of the app and /support (the language cookie, else
  // Accept-Language): the Chinese build is docs/zh-CN/index.html (scripts/build-docs.ts).
  const docsPages: Record<Locale, string> = {
    en: 'docs/index.html',
    'zh-CN': existsSync(resolve(root, 'docs/zh-CN/index.html')) ? 'docs/zh-CN/index.html' : 'docs/index.html',
  };
  app.get('/docs', async (request, reply) => {
    if (!hasDocs) return notBuilt(reply, 'The API documentation');
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .sendFile(docsPages[requestLocale(request)]);
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
  return { hasBuild, root, shells, prerendered };
}

export type Web = Awaited<ReturnType<typeof registerWeb>>;

interface ChunkGraph {
  entrypoints: Record<string, { assets: { name: string }[] }>;
  namedChunkGroups: Record<string, { assets: { name: string }[] } | undefined>;
}

/** The chunk graph the production build writes beside the web directory (`<webDir>-stats.json`). */
function chunkGraph(root: string): ChunkGraph | null {
  const statsFile = `${root}-stats.json`;
  if (!existsSync(statsFile)) return null;
  try {
    return JSON.parse(readFileSync(statsFile, 'utf8')) as ChunkGraph;
  } catch {
    return null;
  }
}

/**
 * The `<link rel="preload">` tags of each route of ROUTE_CHUNKS: its lazy chunks, so the browser fetches
 * them with the entry instead of once the entry has run and the router asked. None without the graph.
 */
function preloadLinks(root: string, graph: ChunkGraph | null): Map<string, string> {
  const links = new Map<string, string>();
  if (!graph) return links;
  const inEntry = new Set(Object.values(graph.entrypoints).flatMap((e) => e.assets.map((a) => a.name)));
  for (const [path, chunks] of Object.entries(ROUTE_CHUNKS)) {
    const files = new Set(
      chunks.flatMap((chunk) => graph.namedChunkGroups[chunk]?.assets.map((a) => a.name) ?? []),
    );
    const tags = [...files]
      .filter((file) => file.endsWith('.js') && !inEntry.has(file) && existsSync(resolve(root, file)))
      .map((file) => `<link rel="preload" as="script" href="/${encodeURI(file)}">`)
      .join('');
    if (tags) links.set(path, tags);
  }
  return links;
}

function withPreloads(html: string, tags: string | undefined): string {
  return tags ? html.replace('</head>', () => `${tags}</head>`) : html;
}

/** index.html for each route that has preloads; the others get the plain index.html. */
function routeShells(root: string, links: Map<string, string>): Map<string, string> {
  const html = readFileSync(resolve(root, 'index.html'), 'utf8');
  return new Map([...links].map(([path, tags]) => [path, withPreloads(html, tags)]));
}

/**
 * The prerendered pages of the build (scripts/prerender.ts) with the Google button this deployment shows,
 * and their preloads, keyed by pageKey.
 */
function prerenderedPages(
  root: string,
  links: Map<string, string>,
  google: GoogleSignIn,
): Map<string, string> {
  const pages = new Map<string, string>();
  for (const locale of LOCALES) {
    for (const path of PRERENDERED_PATHS) {
      for (const { variant } of prerenderedVariants(path)) {
        const file = resolve(root, prerenderedFile(path, locale, google, variant));
        if (existsSync(file)) {
          const page = withPreloads(readFileSync(file, 'utf8'), links.get(path));
          pages.set(pageKey(locale, path, variant), page);
        }
      }
    }
  }
  return pages;
}

function pageKey(locale: Locale, path: string, variant: string): string {
  return `${locale} ${path}@${variant}`;
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

export function sendAppShell(reply: FastifyReply, web: Web, request: FastifyRequest) {
  const [rawPath, search = ''] = request.url.split('?');
  const path = rawPath!.replace(/(.)\/+$/, '$1');
  const variant = isPrerenderedPath(path) ? prerenderedVariant(path, search) : null;
  const page =
    variant === null ? undefined : web.prerendered.get(pageKey(requestLocale(request), path, variant));
  if (page !== undefined) {
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .send(page);
  }
  const shell = web.shells.get(path);
  if (shell !== undefined) {
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(shell);
  }
  if (web.hasBuild) return reply.sendFile('index.html');
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
