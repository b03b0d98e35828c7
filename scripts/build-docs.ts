// Part of `npm run build` (after webpack, which empties dist/web): renders the API documentation served at
// /docs from openapi.yaml with Redocly's `build-docs` (Redoc), self-contained: Redoc's code is bundled
// (`--inlineBundle`, nothing from Redocly's CDN), the template loads no web font, and telemetry is off.
// The HTML's inline scripts are moved to hashed files next to it, so the page works under the app's
// Content-Security-Policy, which allows no inline script. Before Redoc sees the contract, the guides and
// samples of scripts/lib/api-docs-content.ts are added to it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { docsContract, type Contract } from './lib/api-docs-content.js';

const root = path.resolve(import.meta.dirname, '..');

/** Where the docs go by default: dist/web/docs (index.html + the script), served at /docs. */
const DOCS_DIR = path.join(root, 'dist/web/docs');

/**
 * Moves every inline script of Redoc's page (the colour-mode snippet, Redoc + the contract + the hydrate
 * call) to a file named by `fileOf`, keeping its attributes (type="module"), in the same order.
 */
export function externalizeScripts(
  html: string,
  fileOf: (code: string) => string,
): { html: string; scripts: { src: string; code: string }[] } {
  const scripts: { src: string; code: string }[] = [];
  // Redoc escapes `</script` inside its code, so the first closing tag after an opening one is its own.
  const page = html.replace(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
    (whole, attributes: string, code: string) => {
      if (/\bsrc\s*=/i.test(attributes) || code.trim() === '') return whole;
      const src = fileOf(code);
      scripts.push({ src, code });
      return `<script${attributes} src="${src}"></script>`;
    },
  );
  return { html: page, scripts };
}

/** Redoc's attribution logo, an image it loads from its CDN, as an inline picture of the same words. */
const LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16"><text x="0" y="12" font-family="sans-serif" font-size="12" fill="#0044d4">Redocly</text></svg>',
)}`;

/**
 * The page with Redoc's attribution logo, the one thing it loads from another site when showing this
 * contract, inlined (test/e2e/api-docs.test.ts checks in Chromium that nothing leaves the machine).
 */
export function offline(html: string): string {
  const page = html.replace(/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g, LOGO);
  if (page === html) throw new Error("Redoc's logo URL changed: update scripts/build-docs.ts");
  return page;
}

/**
 * Redoc's search works on an index it builds in the page after load, and builds again after a click in
 * the side menu. Until it is built, its dialog answered every query with 'No results' (and kept that
 * answer on a slow or busy machine), and the build waited for the browser to be idle, which a busy page
 * may never be. So: the dialog says 'Searching...' until the index is ready, then shows the results of
 * what was typed; and the build starts within a second whatever the page is doing.
 */
export function searchWhenReady(code: string): string {
  // The dialog component: ({ onClose, search, isReady }); its message reads `query ? running ? Searching
  // : results or No results : hint`.
  const ready = /function \w+\(\{onClose:\w+,search:\w+,isReady:(\w+)\}\)/g;
  const message =
    /children:(\w+)\?(\w+)\?(\(0,\w+\.jsx\)\(\w+,\{"data-testid":`search-message`,children:`Searching\.\.\.`\}\))/g;
  const idle = /window\.requestIdleCallback\((\w+)\);/g;
  const isReady = [...code.matchAll(ready)];
  if (
    isReady.length !== 1 ||
    [...code.matchAll(message)].length !== 1 ||
    [...code.matchAll(idle)].length !== 1
  )
    throw new Error("Redoc's search code changed: update searchWhenReady in scripts/build-docs.ts");
  return code
    .replace(
      message,
      (_whole, query: string, running: string, searching: string) =>
        `children:${query}?${running}||!${isReady[0]![1]}?${searching}`,
    )
    .replace(idle, (_whole, callback: string) => `window.requestIdleCallback(${callback},{timeout:1e3});`);
}

/** Renders openapi.yaml into `outDir` (emptied first): index.html and redoc.<hash>.js. */
export function buildDocs(outDir = DOCS_DIR): { html: string; scripts: string[] } {
  const scratch = mkdtempSync(path.join(tmpdir(), 'api-docs-'));
  try {
    const output = path.join(scratch, 'docs.html');
    const contract = path.join(scratch, 'openapi.json');
    const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
    writeFileSync(
      contract,
      JSON.stringify(
        docsContract(parse(read('openapi.yaml'), { maxAliasCount: -1 }) as Contract, {
          authentication: read('docs/api-authentication.md'),
          changelog: read('docs/api-changelog.md'),
        }),
      ),
    );
    const result = spawnSync(
      path.join(root, 'node_modules/.bin/redocly'),
      [
        'build-docs',
        contract,
        '--inlineBundle',
        `--output=${output}`,
        `--template=${path.join(root, 'scripts/docs-template.hbs')}`,
        '--title=CRM-sync API',
      ],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    if (result.status !== 0)
      throw new Error(`redocly build-docs failed:\n${result.stdout}\n${result.stderr}`);
    const { html, scripts } = externalizeScripts(
      searchWhenReady(offline(readFileSync(output, 'utf8'))),
      (code) => {
        const hash = createHash('sha256').update(code).digest('hex').slice(0, 20);
        return `/docs/${code.length > 100_000 ? 'redoc' : 'page'}.${hash}.js`;
      },
    );

    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    for (const { src, code } of scripts) writeFileSync(path.join(outDir, path.basename(src)), code);
    writeFileSync(path.join(outDir, 'index.html'), html);
    return { html, scripts: scripts.map(({ src }) => src) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { scripts } = buildDocs();
  console.log(`API docs: ${path.relative(root, DOCS_DIR)}/index.html with ${scripts.join(', ')}`);
}
