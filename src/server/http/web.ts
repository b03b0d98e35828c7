/**
 * The built SPA from dist/web: precompressed .br/.gz siblings, immutable caching for hashed assets,
 * no-cache for index.html, the prerendered pages and route shells as the build wrote and precompressed them
 * (scripts/lib/html-pages.ts), and /app-config.js, which tells one build where its API is at run time.
 * /docs is the API documentation rendered from openapi.yaml at build time (scripts/build-docs.ts) into
 * dist/web/docs (English) and dist/web/docs/zh-CN (Chinese): self-contained, under the same
 * Content-Security-Policy as the app, in the visitor's language.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
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
  routeShellFile,
  PRERENDERED_PRICING_FILE,
} from '../../shared/prerender.js';
import { ROUTE_CHUNKS } from '../../shared/route-chunks.js';
import type { Config } from '../config.js';
import { googleSandboxEnabled } from '../security/google-sandbox.js';

/** The page whose prerender shows the catalogue's prices (src/shared/prerender.ts). */
const PRICING_PATH = '/pricing';

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

/** What the pages of the build show of the catalogue, as the server answers it now. */
interface CatalogueNow {
  /** get-pricing's yearly answer. */
  yearlyPricing: () => Promise<unknown>;
}

export async function registerWeb(
  app: FastifyInstance,
  config: Config,
  settings: RuntimeSettings,
  catalogue: CatalogueNow,
): Promise<{
  hasBuild: boolean;
  root: string;
  shells: Map<string, BuiltPage>;
  prerendered: Map<string, BuiltPage>;
  pricesCurrent: () => Promise<boolean>;
}> {
  app.get('/app-config.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(appConfigScript(config, settings)),
  );

  const root = resolve(config.webDir);
  const hasBuild = existsSync(resolve(root, 'index.html'));
  const shells = hasBuild ? routeShells(root) : new Map<string, BuiltPage>();
  const google = googleSignIn({
    googleClientId: config.googleClientId,
    googleSandbox: googleSandboxEnabled(config),
  });
  const prerendered = hasBuild ? prerenderedPages(root, google) : new Map<string, BuiltPage>();
  // The prices the prerendered /pricing shows (scripts/prerender.ts): it is sent while the catalogue
  // answers the same (an operator may have edited the plans since the build); otherwise the page is drawn
  // in the browser from get-pricing.
  const drawnPricing = hasBuild ? readJson(resolve(root, PRERENDERED_PRICING_FILE)) : undefined;
  const pricesCurrent = async () => {
    if (drawnPricing === undefined) return false;
    try {
      return isDeepStrictEqual(await catalogue.yearlyPricing(), drawnPricing);
    } catch {
      // The database is down: the browser asks, and says so if it still cannot answer.
      return false;
    }
  };
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
      .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
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
        // A file may be sent as its .br or .gz sibling: a cache must not give one client's to another.
        if (res.getHeader('vary') === undefined) res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  const web = { hasBuild, root, shells, prerendered, pricesCurrent };
  routeBuiltPages(app, web, config.apiBase);
  return web;
}

/**
 * A route for each path whose page the build wrote (route shells and prerendered pages), answering as the
 * not-found handler does (the page, or a 404 to a non-HTML ask): through the static files' wildcard,
 * every request for /login first looked for a file named `login` and for `login/index.html` (two failed
 * stats, about 0.1 ms of CPU per request, more than half of what serving the page cost) before the
 * not-found handler sent the page.
 */
function routeBuiltPages(app: FastifyInstance, web: Web, apiBase: string) {
  if (!web.hasBuild) return;
  for (const path of new Set<string>([...web.shells.keys(), ...PRERENDERED_PATHS])) {
    app.get(path, (request, reply) =>
      wantsAppShell(request, apiBase) ? sendAppShell(reply, web, request) : reply.callNotFound(),
    );
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

export type Web = Awaited<ReturnType<typeof registerWeb>>;

/**
 * An HTML page of the build in the bytes the server sends: as written and precompressed beside it
 * (scripts/lib/html-pages.ts), read once at start.
 */
interface BuiltPage {
  identity: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
}

function readBuiltPage(file: string): BuiltPage | undefined {
  if (!existsSync(file)) return undefined;
  const sibling = (extension: string) =>
    existsSync(`${file}.${extension}`) ? readFileSync(`${file}.${extension}`) : undefined;
  return { identity: readFileSync(file), br: sibling('br'), gzip: sibling('gz') };
}

/** index.html with the preloads of each route of ROUTE_CHUNKS, as the build wrote it. */
function routeShells(root: string): Map<string, BuiltPage> {
  const shells = new Map<string, BuiltPage>();
  for (const path of Object.keys(ROUTE_CHUNKS)) {
    const page = readBuiltPage(resolve(root, routeShellFile(path)));
    if (page) shells.set(path, page);
  }
  return shells;
}

/** The prerendered pages of the build (scripts/prerender.ts) with the Google button this deployment shows. */
function prerenderedPages(root: string, google: GoogleSignIn): Map<string, BuiltPage> {
  const pages = new Map<string, BuiltPage>();
  for (const locale of LOCALES) {
    for (const path of PRERENDERED_PATHS) {
      for (const { variant } of prerenderedVariants(path)) {
        const page = readBuiltPage(resolve(root, prerenderedFile(path, locale, google, variant)));
        if (page) pages.set(pageKey(locale, path, variant), page);
      }
    }
  }
  return pages;
}

function pageKey(locale: Locale, path: string, variant: string): string {
  return `${locale} ${path}@${variant}`;
}

/**
 * The precompressed encoding of `page` that an Accept-Encoding header takes, brotli first; null for the
 * page as written. `*` takes any; `;q=0` refuses one.
 */
function pageEncoding(header: string | undefined, page: BuiltPage): 'br' | 'gzip' | null {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((item) => item.trim());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  const takes = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (page.br && takes('br')) return 'br';
  if (page.gzip && (takes('gzip') || takes('x-gzip'))) return 'gzip';
  return null;
}

/**
 * Sends a page of the build as the build compressed it: no compression per request (@fastify/compress
 * leaves an answer that carries Content-Encoding alone). Answers differ by encoding and by `vary`.
 */
function sendBuiltPage(
  reply: FastifyReply,
  request: FastifyRequest,
  page: BuiltPage,
  vary: readonly string[],
) {
  const encoding = pageEncoding(request.headers['accept-encoding'], page);
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', [...vary, 'Accept-Encoding'].join(', '));
  if (encoding === null) return reply.send(page.identity);
  return reply.header('content-encoding', encoding).send(page[encoding]);
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

export async function sendAppShell(reply: FastifyReply, web: Web, request: FastifyRequest) {
  const [rawPath, search = ''] = request.url.split('?');
  const path = rawPath!.replace(/(.)\/+$/, '$1');
  const variant = isPrerenderedPath(path) ? prerenderedVariant(path, search) : null;
  const drawn =
    variant === null ? undefined : web.prerendered.get(pageKey(requestLocale(request), path, variant));
  const page =
    drawn !== undefined && path === PRICING_PATH && !(await web.pricesCurrent()) ? undefined : drawn;
  // The page depends on the visitor's language: the locale cookie, else Accept-Language.
  if (page !== undefined) return sendBuiltPage(reply, request, page, ['Cookie', 'Accept-Language']);
  const shell = web.shells.get(path);
  if (shell !== undefined) return sendBuiltPage(reply, request, shell, []);
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
