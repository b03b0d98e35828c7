// Renders the public pages (src/shared/prerender.ts) to HTML in every language, with the prerender
// bundle that `webpack --mode production` builds (src/web/prerender.tsx), into dist/web/prerendered.
// Each file is dist/web/index.html with the page's markup in #root, its styles in <head>, and the state
// it was rendered from, which the browser hydrates from (src/web/main.tsx), and the preloads of its route.
// Every page, and index.html with the preloads of each route (for a query no page was drawn for), is written
// precompressed (scripts/lib/html-pages.ts). Part of `npm run build`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EARLY_INPUT_SCRIPT } from '../src/shared/early-input.js';
import { LOCALES } from '../src/shared/locale.js';
import {
  GOOGLE_SIGN_IN,
  PRERENDER_STATE_ID,
  PRERENDERED_PRICING_FILE,
  PRERENDERED_PATHS,
  prerenderedFile,
  prerenderedVariants,
} from '../src/shared/prerender.js';
import type { PrerenderData, PrerenderedPage } from '../src/web/prerender.js';
import { seededPricing } from '../src/shared/plan-catalogue.js';
import {
  chunkPreloader,
  routePreloads,
  withPreloads,
  writePage,
  writeRouteShells,
} from './lib/html-pages.js';
import { firstScreenChunks, ROUTE_CHUNKS } from '../src/shared/route-chunks.js';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'dist/web');
const { prerender } = createRequire(import.meta.url)(path.join(root, 'dist/prerender/prerender.cjs')) as {
  prerender: (path: string, locale: string, google: string, data: PrerenderData) => Promise<PrerenderedPage>;
};

/** JSON inside a <script> element: '<' escaped so no value can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// html-webpack-plugin minifies: attributes lose their quotes.
const EMPTY_ROOT = /<div id="?root"?><\/div>/;
const HTML_LANG = /<html lang="?en"?>/;
const SCRIPT = /<script\b[^>]*\bsrc="?([^"\s>]+)"?[^>]*><\/script>/g;

/**
 * index.html with its scripts run by the after-paint entry (src/web/after-paint.ts), which runs them once
 * the page has painted; preloaded, so they download as early as before.
 */
function prerenderTemplate(): string {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  if (!EMPTY_ROOT.test(html) || !HTML_LANG.test(html)) {
    throw new Error('dist/web/index.html has no <html lang=en> or no empty #root');
  }
  const graph = JSON.parse(readFileSync(`${webDir}-stats.json`, 'utf8')) as {
    entrypoints: Record<string, { assets: { name: string }[] } | undefined>;
  };
  const afterPaint = graph.entrypoints['after-paint']?.assets.find((asset) => asset.name.endsWith('.js'));
  if (!afterPaint) throw new Error('The build has no after-paint entry (webpack.config.js)');
  const scripts = [...html.matchAll(SCRIPT)].map((match) => match[1]!);
  const preloads = scripts.map((src) => `<link rel="preload" as="script" href="${src}">`).join('');
  return html
    .replace(SCRIPT, '')
    .replace(
      '</head>',
      () =>
        `${preloads}<script defer src="/${afterPaint.name}" data-scripts="${scripts.join(' ')}"></script></head>`,
    );
}

const template = prerenderTemplate();
// /pricing shows the prices of the catalogue as seeded; the server sends these pages only while its
// catalogue answers the same (src/server/http/web.ts), so it reads what they were drawn with.
mkdirSync(path.join(webDir, 'prerendered'), { recursive: true });
const data: PrerenderData = { yearlyPricing: seededPricing('yearly') };
writeFileSync(path.join(webDir, PRERENDERED_PRICING_FILE), JSON.stringify(data.yearlyPricing));
const preload = chunkPreloader(webDir);

let written = 0;
for (const locale of LOCALES) {
  for (const google of GOOGLE_SIGN_IN) {
    for (const page of PRERENDERED_PATHS) {
      for (const { variant, query } of prerenderedVariants(page)) {
        const { html, styles, title, state } = await prerender(
          `${page}${query ? `?${query}` : ''}`,
          locale,
          google,
          data,
        );
        const document = withPreloads(
          template
            .replace(HTML_LANG, () => `<html lang="${locale}">`)
            .replace(/<title>[^<]*<\/title>/, (tag) => (title ? `<title>${escapeHtml(title)}</title>` : tag))
            .replace('</head>', () => `${styles}</head>`)
            .replace(
              EMPTY_ROOT,
              // inert, so that with JavaScript off no form is sent natively; the capture script right after
              // it makes the page usable before its first paint and keeps what is typed and clicked until
              // the app has hydrated (src/shared/early-input.ts).
              () =>
                `<div id="root" inert>${html}</div><script>${EARLY_INPUT_SCRIPT}</script>` +
                `<script type="application/json" id="${PRERENDER_STATE_ID}">${scriptJson({ locale, state })}</script>`,
            ),
          // The route's chunks and what its first screen draws from others (the Google button...).
          preload([...(ROUTE_CHUNKS[page] ?? []), ...firstScreenChunks(page, locale, google)]),
        );
        writePage(webDir, prerenderedFile(page, locale, google, variant), document);
        written += 1;
      }
    }
  }
}
const shells = writeRouteShells(webDir, routePreloads(webDir));
console.log(
  `Prerendered ${written} pages into ${path.relative(root, webDir)}/prerendered and ${shells} route shells, precompressed.`,
);
