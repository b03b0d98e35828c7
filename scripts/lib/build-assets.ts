/** The files of the production build (`npm run build`) that scripts/size-report.ts and bench.ts measure. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const WEB_DIR = path.resolve(import.meta.dirname, '../../dist/web');

/**
 * The scripts and stylesheets that index.html loads, as paths relative to the build folder: the entry
 * chunks. /app-config.js is left out: the server generates it, it is not part of the build.
 */
export function entryAssets(webDir: string): string[] {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  return [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)=["']?([^"'\s>]+)/g)]
    .map((match) => match[1]!)
    .filter((url) => url.startsWith('/') && !url.startsWith('//') && /\.(js|css)$/.test(url))
    .filter((url) => url !== '/app-config.js')
    .map((url) => url.slice(1));
}
