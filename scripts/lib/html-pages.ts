/**
 * The HTML the server sends for app routes, written by the build (scripts/prerender.ts) in its final bytes
 * and precompressed beside it, so the server sends files as they are instead of compressing a page on every
 * request (docs/performance.md#precompressed-html): the prerendered pages and, for the routes of
 * ROUTE_CHUNKS that have none, index.html with the route's preloads (the route shells).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROUTE_CHUNKS } from '../../src/shared/route-chunks.js';
import { routeShellFile } from '../../src/shared/prerender.js';

/** Writes `<file>.br` and `<file>.gz` beside `file`, each at its format's best compression. */
export function precompress(file: string): void {
  const input = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(input, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(input, { level: constants.Z_BEST_COMPRESSION }));
}

/** Writes `html` to `file` (relative to `webDir`) with its precompressed siblings. */
export function writePage(webDir: string, file: string, html: string): void {
  const target = path.join(webDir, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, html);
  precompress(target);
}

interface ChunkGraph {
  entrypoints: Record<string, { assets: { name: string }[] }>;
  namedChunkGroups: Record<string, { assets: { name: string }[] } | undefined>;
}

/**
 * The `<link rel="preload">` tags of named lazy chunks (`webpackChunkName`), shared split chunks included,
 * so the browser fetches them with the entry instead of once the entry has run and asked. From the chunk
 * graph the production build writes beside the web directory (`<webDir>-stats.json`); none without it.
 */
export function chunkPreloader(webDir: string): (chunks: readonly string[]) => string {
  const statsFile = `${webDir}-stats.json`;
  if (!existsSync(statsFile)) return () => '';
  const graph = JSON.parse(readFileSync(statsFile, 'utf8')) as ChunkGraph;
  const inEntry = new Set(Object.values(graph.entrypoints).flatMap((e) => e.assets.map((a) => a.name)));
  return (chunks) => {
    const files = new Set(
      chunks.flatMap((chunk) => graph.namedChunkGroups[chunk]?.assets.map((a) => a.name) ?? []),
    );
    return [...files]
      .filter((file) => file.endsWith('.js') && !inEntry.has(file) && existsSync(path.join(webDir, file)))
      .map((file) => `<link rel="preload" as="script" href="/${encodeURI(file)}">`)
      .join('');
  };
}

/** The preload tags of each route of ROUTE_CHUNKS that has some. */
export function routePreloads(webDir: string): Map<string, string> {
  const preload = chunkPreloader(webDir);
  const links = new Map<string, string>();
  for (const [route, chunks] of Object.entries(ROUTE_CHUNKS)) {
    const tags = preload(chunks);
    if (tags) links.set(route, tags);
  }
  return links;
}

/** `html` with `tags` at the end of its head. */
export function withPreloads(html: string, tags: string | undefined): string {
  return tags ? html.replace('</head>', () => `${tags}</head>`) : html;
}

/** Writes index.html with its preloads for each route that has some; returns how many. */
export function writeRouteShells(webDir: string, preloads: Map<string, string>): number {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  for (const [route, tags] of preloads) writePage(webDir, routeShellFile(route), withPreloads(html, tags));
  return preloads.size;
}
