// @ts-check
/**
 * An ESLint rule: no import circle, type-only imports included. import-x/no-cycle skips `import type`, so
 * a circle of types passed it, and a circle of types is still two modules that cannot be read, moved or
 * split one without the other. This one follows every import a file states (static, `import type`,
 * `export ... from`, `import()` and `import('...')` types), relative ones only: packages never import us.
 *
 * The graph is read from disk with TypeScript's import scanner (no parse, no type checking), once per file
 * and process, again when the file changes; the file being linted counts as its editor text.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** @param {string} file */
function isSourceFile(file) {
  return (
    SOURCE_EXTENSIONS.includes(path.extname(file)) && !!statSync(file, { throwIfNoEntry: false })?.isFile()
  );
}

/**
 * The project file a relative specifier names, as Node (`./x.js` for x.ts) and the bundler (`./x`,
 * `./dir` for dir/index.ts) find it; undefined for packages and for what is no source file (CSS).
 * @param {string} fromFile
 * @param {string} specifier
 */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    base.replace(/\.([mc]?)js$/, '.$1ts'),
    base.replace(/\.jsx$/, '.tsx'),
    ...SOURCE_EXTENSIONS.map((extension) => base + extension),
    ...SOURCE_EXTENSIONS.map((extension) => path.join(base, `index${extension}`)),
  ];
  return candidates.find(isSourceFile);
}

/**
 * The specifiers of a text's imports with where each is written.
 * @param {string} text
 */
function specifiersIn(text) {
  return ts.preProcessFile(text, true, true).importedFiles;
}

/** @type {Map<string, { mtimeMs: number; imports: string[] }>} */
const onDisk = new Map();

/**
 * The project files a file on disk imports.
 * @param {string} file
 */
function importsOf(file) {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return [];
  const known = onDisk.get(file);
  if (known && known.mtimeMs === stat.mtimeMs) return known.imports;
  const imports = specifiersIn(readFileSync(file, 'utf8'))
    .map(({ fileName }) => resolveImport(file, fileName))
    .filter((target) => target !== undefined);
  const unique = [...new Set(imports)];
  onDisk.set(file, { mtimeMs: stat.mtimeMs, imports: unique });
  return unique;
}

/**
 * The way from `start` back to `file` (start first, file last), if any. `deadEnds` holds the files
 * already known not to lead back to `file`, shared by the imports of one file.
 * @param {string} start
 * @param {string} file
 * @param {Set<string>} deadEnds
 */
function wayBack(start, file, deadEnds) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const target of importsOf(next)) {
      if (target === file) {
        const way = [file];
        for (let step = /** @type {string | null} */ (next); step !== null; step = cameFrom.get(step) ?? null)
          way.unshift(step);
        return way;
      }
      if (cameFrom.has(target) || deadEnds.has(target)) continue;
      cameFrom.set(target, next);
      queue.push(target);
    }
  }
  for (const visited of cameFrom.keys()) deadEnds.add(visited);
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCircle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import circles, type-only imports included.' },
    schema: [],
    messages: { circle: 'Import circle: {{circle}}. Move what both need below both.' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    return {
      Program() {
        const { sourceCode } = context;
        const deadEnds = new Set();
        const reported = new Set();
        for (const { fileName, pos, end } of specifiersIn(sourceCode.text)) {
          const target = resolveImport(file, fileName);
          if (target === undefined || target === file || reported.has(target)) continue;
          const way = wayBack(target, file, deadEnds);
          if (!way) continue;
          reported.add(target);
          const circle = [file, ...way].map((step) => path.relative(context.cwd, step)).join(' -> ');
          context.report({
            loc: { start: sourceCode.getLocFromIndex(pos), end: sourceCode.getLocFromIndex(end) },
            messageId: 'circle',
            data: { circle },
          });
        }
      },
    };
  },
};
