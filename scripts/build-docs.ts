// Part of `npm run build` (after webpack, which empties dist/web): renders the API documentation served at
// /docs from openapi.yaml with Redocly's `build-docs` (Redoc), self-contained: Redoc's code is bundled
// (`--inlineBundle`, nothing from Redocly's CDN), the template loads no web font, and telemetry is off.
// The HTML's inline scripts are moved to hashed files next to it, so the page works under the app's
// Content-Security-Policy, which allows no inline script. Before Redoc sees the contract, the guides and
// samples of scripts/lib/api-docs-content.ts are added to it. It is built twice, in English (docs/) and in
// Chinese (docs/zh-CN/, for a zh-CN visitor: src/server/http/web.ts), by two Redocly processes at once, so
// the second language costs little build time on a machine with two cores.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { docsContract, type Contract, type DocsLocale } from './lib/api-docs-content.js';
import { REDOC_LABELS, REDOC_TEXTS } from './lib/api-docs.zh-CN.js';
import { precompress } from './lib/html-pages.js';

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
 *
 * The dialog also closed whenever Redoc's router rendered a new location: a click in the side menu is
 * rendered late on a slow machine (after a dialog opened meanwhile, whose click React renders first), and
 * the dialog closed under the reader's typing. Nothing in the dialog navigates without closing it (a result
 * closes it, as do Escape, Cancel and a click beside it), so it no longer watches the location.
 */
export function searchWhenReady(code: string): string {
  // The dialog component: ({ onClose, search, isReady }); its message reads `query ? running ? Searching
  // : results or No results : hint`.
  const ready = /function \w+\(\{onClose:\w+,search:\w+,isReady:(\w+)\}\)/g;
  const message =
    /children:(\w+)\?(\w+)\?(\(0,\w+\.jsx\)\(\w+,\{"data-testid":`search-message`,children:`Searching\.\.\.`\}\))/g;
  const idle = /window\.requestIdleCallback\((\w+)\);/g;
  // The dialog's open state: ... return useEffect(onClose, [location]), { isOpen, onOpen, onClose }.
  const closeOnNavigation =
    /return\(0,\w+\.useEffect\)\((\w+),\[\w+\]\),(\{isOpen:\w+,onOpen:\w+,onClose:\1\})/g;
  const isReady = [...code.matchAll(ready)];
  if (
    isReady.length !== 1 ||
    [...code.matchAll(message)].length !== 1 ||
    [...code.matchAll(idle)].length !== 1 ||
    [...code.matchAll(closeOnNavigation)].length !== 1
  )
    throw new Error("Redoc's search code changed: update searchWhenReady in scripts/build-docs.ts");
  return code
    .replace(
      message,
      (_whole, query: string, running: string, searching: string) =>
        `children:${query}?${running}||!${isReady[0]![1]}?${searching}`,
    )
    .replace(idle, (_whole, callback: string) => `window.requestIdleCallback(${callback},{timeout:1e3});`)
    .replace(closeOnNavigation, (_whole, _close: string, state: string) => `return${state}`);
}

/**
 * Redoc in Chinese: its translate(key, English) answers the Chinese of REDOC_LABELS, and the words it
 * writes without translate() are replaced. Stops when Redoc's code no longer has what is replaced.
 */
export function chineseRedoc(code: string): string {
  const stub = 'translate:(e,t)=>(typeof t==`string`?t:t?.defaultValue)||e||``';
  if (code.split(stub).length !== 2)
    throw new Error("Redoc's translate() changed: update chineseRedoc in scripts/build-docs.ts");
  let page = code.replace(
    stub,
    () =>
      `translate:(e,t)=>(((l)=>Object.hasOwn(l,e)?l[e]:void 0)(${JSON.stringify(REDOC_LABELS).replace(/</g, '\\u003c')})??(typeof t==\`string\`?t:t?.defaultValue))||e||\`\``,
  );
  for (const [english, chinese] of REDOC_TEXTS) {
    if (!page.includes(english))
      throw new Error(
        `Redoc no longer writes ${english}: update REDOC_TEXTS in scripts/lib/api-docs.zh-CN.ts`,
      );
    page = page.replaceAll(english, () => chinese);
  }
  return page;
}

interface Variant {
  locale: DocsLocale;
  /** Where its index.html goes, under the docs directory ('' for English). */
  folder: string;
  title: string;
  guides: { authentication: string; changelog: string };
  /** The template's words (scripts/docs-template.hbs). */
  template: { lang: string; menuLabel: string; searchLabel: string; searchPlaceholder: string };
}

const VARIANTS: Variant[] = [
  {
    locale: 'en',
    folder: '',
    title: 'CRM-sync API',
    guides: { authentication: 'docs/api-authentication.md', changelog: 'docs/api-changelog.md' },
    template: {
      lang: 'en',
      menuLabel: 'API sections',
      searchLabel: 'Search the API reference',
      searchPlaceholder: 'Search docs...',
    },
  },
  {
    locale: 'zh-CN',
    folder: 'zh-CN',
    title: 'CRM-sync API 参考文档',
    guides: {
      authentication: 'docs/api-authentication.zh-CN.md',
      changelog: 'docs/api-changelog.zh-CN.md',
    },
    template: {
      lang: 'zh-CN',
      menuLabel: 'API 目录',
      searchLabel: '搜索 API 参考文档',
      searchPlaceholder: '搜索文档…',
    },
  },
];

/** Runs Redocly's build-docs on `contract` into `output`; resolves when it is done. */
function redocly(contract: string, output: string, variant: Variant): Promise<void> {
  const args = [
    'build-docs',
    contract,
    '--inlineBundle',
    `--output=${output}`,
    `--template=${path.join(root, 'scripts/docs-template.hbs')}`,
    `--title=${variant.title}`,
    ...Object.entries(variant.template).map(([name, value]) => `--templateOptions.${name}=${value}`),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/redocly'), args, {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) =>
      status === 0 ? resolve() : reject(new Error(`redocly build-docs failed (${variant.locale}):\n${said}`)),
    );
  });
}

/**
 * Renders openapi.yaml into `outDir` (emptied first): index.html (English), zh-CN/index.html (Chinese)
 * and their scripts, redoc.<hash>.js and page.<hash>.js, beside the English page.
 */
export async function buildDocs(
  outDir = DOCS_DIR,
): Promise<Record<DocsLocale, { html: string; scripts: string[] }>> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'api-docs-'));
  try {
    const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
    const source = parse(read('openapi.yaml'), { maxAliasCount: -1 }) as Contract;
    const outputs = await Promise.all(
      VARIANTS.map(async (variant) => {
        const output = path.join(scratch, `docs.${variant.locale}.html`);
        const contract = path.join(scratch, `openapi.${variant.locale}.json`);
        const guides = {
          authentication: read(variant.guides.authentication),
          changelog: read(variant.guides.changelog),
        };
        writeFileSync(contract, JSON.stringify(docsContract(source, guides, variant.locale)));
        await redocly(contract, output, variant);
        return { variant, html: readFileSync(output, 'utf8') };
      }),
    );

    rmSync(outDir, { recursive: true, force: true });
    const built = {} as Record<DocsLocale, { html: string; scripts: string[] }>;
    for (const { variant, html: rendered } of outputs) {
      const patched = searchWhenReady(offline(rendered));
      const { html, scripts } = externalizeScripts(
        variant.locale === 'zh-CN' ? chineseRedoc(patched) : patched,
        (code) => {
          const hash = createHash('sha256').update(code).digest('hex').slice(0, 20);
          return `/docs/${code.length > 100_000 ? 'redoc' : 'page'}.${hash}.js`;
        },
      );
      mkdirSync(path.join(outDir, variant.folder), { recursive: true });
      for (const { src, code } of scripts) writeFileSync(path.join(outDir, path.basename(src)), code);
      writeFileSync(path.join(outDir, variant.folder, 'index.html'), html);
      built[variant.locale] = { html, scripts: scripts.map(({ src }) => src) };
    }
    return built;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const built = await buildDocs();
  // Sent as they are, not compressed on every request (scripts/lib/html-pages.ts).
  for (const { scripts } of Object.values(built)) {
    for (const src of scripts) precompress(path.join(DOCS_DIR, path.basename(src)));
  }
  for (const variant of VARIANTS) precompress(path.join(DOCS_DIR, variant.folder, 'index.html'));
  for (const [locale, { scripts }] of Object.entries(built))
    console.log(`API docs (${locale}): ${path.relative(root, DOCS_DIR)} with ${scripts.join(', ')}`);
}
