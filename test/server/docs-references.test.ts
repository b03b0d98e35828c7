// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/**
 * Code, tests, scripts and documents cite the product's documents (`docs/product.md#invitations`) instead of
 * documents a newcomer cloning the repository lacks. A citation is only worth that if it leads somewhere:
 * every `docs/<file>.md` named, and every `#anchor` after it, must exist, anchors as GitHub makes them from
 * headings. Links between Markdown files (`[x](product.md#seats)`) are held to the same rule.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from './helpers/node-test.js';
import { PROJECT_ROOT as projectRoot } from '../../src/server/project-root.js';

/** Where citations live: the brief of the check, plus the contract, which /docs renders for integrators. */
const SCANNED = ['src', 'test', 'scripts', 'docs', 'README.md', 'openapi.yaml'];
const TEXT_FILE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|jsx|md|yaml|yml|json|hbs|html)$/;

/** GitHub's anchor of a heading: its text without Markdown, lower case, punctuation dropped, spaces as `-`. */
function headingSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images keep their text
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_](\S(?:.*?\S)?)[*_](?=$|[\s).,:;])/g, '$1$2')
    .replace(/<[^>]+>/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown file offers: its headings (repeats get -1, -2 ...) and explicit `<a id>`/`<a name>`. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark !== undefined) {
      if (fence === undefined) fence = fenceMark[0];
      else if (fenceMark[0] === fence) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = headingSlug(heading);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  }
  return anchors;
}

interface Reference {
  /** Repository-relative path of the file that cites. */
  from: string;
  line: number;
  /** Repository-relative path of the cited document. */
  target: string;
  anchor: string | undefined;
  text: string;
}

/**
 * The document citations in one file's text: `docs/<path>.md[#anchor]` anywhere (read from the project
 * folder), and in Markdown files also relative links to other Markdown files (read from the citing file).
 */
function referencesIn(from: string, text: string): Reference[] {
  const references: Reference[] = [];
  const lines = text.split('\n');
  lines.forEach((content, index) => {
    for (const match of content.matchAll(/(?<![\w.-])(docs\/[\w./-]*?\.md)(?:#([\w-]+))?/g)) {
      references.push({
        from,
        line: index + 1,
        target: match[1]!,
        anchor: match[2],
        text: match[0],
      });
    }
    if (!from.endsWith('.md')) return;
    for (const match of content.matchAll(/\[[^\]]*\]\(([^)\s#]+\.md)(?:#([^)\s]+))?\)/g)) {
      const target = match[1]!;
      if (/^[a-z]+:/i.test(target) || target.startsWith('docs/')) continue; // a URL; root-relative: above
      references.push({
        from,
        line: index + 1,
        target: path.posix.normalize(path.posix.join(path.posix.dirname(from), target)),
        anchor: match[2],
        text: match[0],
      });
    }
    // A folder's index: [decisions/](decisions/README.md) is covered above; a bare `](#anchor)` is local.
    for (const match of content.matchAll(/\[[^\]]*\]\(#([^)\s]+)\)/g)) {
      references.push({ from, line: index + 1, target: from, anchor: match[1], text: match[0] });
    }
  });
  return references;
}

/** Each reference whose document or anchor does not exist, as `file:line: text (why)`. */
function danglingReferences(
  references: Reference[],
  readDocument: (target: string) => string | undefined,
): string[] {
  const anchorCache = new Map<string, Set<string> | undefined>();
  const problems: string[] = [];
  for (const reference of references) {
    if (!anchorCache.has(reference.target)) {
      const markdown = readDocument(reference.target);
      anchorCache.set(reference.target, markdown === undefined ? undefined : anchorsOf(markdown));
    }
    const anchors = anchorCache.get(reference.target);
    const where = `${reference.from}:${reference.line}: ${reference.text}`;
    if (anchors === undefined) problems.push(`${where} (no file ${reference.target})`);
    else if (reference.anchor !== undefined && !anchors.has(reference.anchor)) {
      problems.push(`${where} (no heading with the anchor #${reference.anchor} in ${reference.target})`);
    }
  }
  return problems;
}

function filesUnder(relative: string): string[] {
  const absolute = path.join(projectRoot, relative);
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return [relative];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' || entry.name.startsWith('.')
      ? []
      : entry.isDirectory()
        ? filesUnder(path.posix.join(relative, entry.name))
        : TEXT_FILE.test(entry.name)
          ? [path.posix.join(relative, entry.name)]
          : [],
  );
}

function readRepositoryDocument(target: string): string | undefined {
  const absolute = path.join(projectRoot, target);
  return existsSync(absolute) && statSync(absolute).isFile() ? readFileSync(absolute, 'utf8') : undefined;
}

// Built from parts so that this file's own examples are not citations the repository scan checks.
const doc = (file: string, anchor?: string) => `docs/${file}.md${anchor === undefined ? '' : `#${anchor}`}`;

/**
 * A citation of a document the repository does not hold: a section of the specification the product was
 * first built from, or the number of an issue of its tracker. Built from parts, so this file passes its
 * own scan. Other section signs (`RFC 6749 §4.1`) are fine: that document is public.
 */
const OUTSIDE_CITATION = new RegExp(`\\b${'spec'}(?:ification)?(?:'s)? ${'§'}|\\b${'issue'}s? #?[0-9]`, 'i');

/** The lines of one file that cite a document the repository does not hold, as `file:line: text`. */
function outsideCitationsIn(from: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((content, index) =>
      OUTSIDE_CITATION.test(content) ? [`${from}:${index + 1}: ${content.trim()}`] : [],
    );
}

describe('references to the documents in docs/', () => {
  it('makes anchors as GitHub does from headings', () => {
    assert.equal(headingSlug('Invitations'), 'invitations');
    assert.equal(headingSlug('Sign-in and two-factor'), 'sign-in-and-two-factor');
    assert.equal(headingSlug('Company domain and join requests'), 'company-domain-and-join-requests');
    assert.equal(
      headingSlug('Every token and code is redacted in logs'),
      'every-token-and-code-is-redacted-in-logs',
    );
    assert.equal(headingSlug('0001: Credits are a ledger'), '0001-credits-are-a-ledger');
    assert.equal(headingSlug('The `/auth` route, step 1.5'), 'the-auth-route-step-15');
    assert.equal(headingSlug('Organization: members & seats'), 'organization-members--seats');
    assert.equal(headingSlug('[Seats](#seats) and *more*'), 'seats-and-more');
    assert.equal(headingSlug('snake_case stays'), 'snake_case-stays');
    assert.equal(headingSlug('邀请 (Chinese)'), '邀请-chinese');
  });

  it('numbers repeated headings and ignores headings in code blocks', () => {
    const anchors = anchorsOf(
      ['# Product', '## Texts', '## Texts', '```md', '## Not a heading', '```', '<a id="custom"></a>'].join(
        '\n',
      ),
    );
    assert.deepEqual([...anchors].sort(), ['custom', 'product', 'texts', 'texts-1']);
  });

  it('reports a missing document and a missing anchor, and accepts the ones that exist', () => {
    const documents: Record<string, string> = { [doc('product')]: '# Product\n\n## Invitations\n' };
    const code = [
      `// ${doc('product', 'invitations')}: fine`,
      `// ${doc('product')}: fine`,
      `// ${doc('product', 'nowhere')}: no such heading`,
      `// ${doc('missing', 'invitations')}: no such file`,
    ].join('\n');
    const problems = danglingReferences(referencesIn('src/x.ts', code), (target) => documents[target]);
    assert.deepEqual(problems, [
      `src/x.ts:3: ${doc('product', 'nowhere')} (no heading with the anchor #nowhere in ${doc('product')})`,
      `src/x.ts:4: ${doc('missing', 'invitations')} (no file ${doc('missing')})`,
    ]);
  });

  it('follows relative links between Markdown files and links within one', () => {
    const decision = doc('decisions/0001-x');
    const documents: Record<string, string> = {
      [decision]: '# 0001: X\n',
      [doc('product')]: '# Product\n\n## Seats\n',
    };
    const markdown = [
      '[seats](../product.md#seats) and [x](0001-x.md) and [up](#0001-x)',
      '[gone](../product.md#gone) and [site](https://example.com/a.md)',
    ].join('\n');
    const problems = danglingReferences(referencesIn(decision, markdown), (target) => documents[target]);
    assert.deepEqual(problems, [
      `${decision}:2: [gone](../product.md#gone) (no heading with the anchor #gone in ${doc('product')})`,
    ]);
  });

  it('tells a citation of the old specification or of an issue from other section signs', () => {
    const spec = ['spec', '§'].join(' ');
    const issue = ['Issue', '15'].join(' ');
    const code = [
      `// ${spec}5: the password rule`,
      `/** ${issue}: company domain */`,
      `// seats (${issue.toLowerCase()}, bulk invitations)`,
      `// the ${['specification', '§'].join(' ')}2.1 table`,
      '// RFC 6749 §4.1.2.1: the error codes of an authorization answer',
      '// an issue of the payment provider; 15 issues at most',
      `// ${doc('product', 'invitations')}`,
    ].join('\n');
    assert.deepEqual(outsideCitationsIn('src/x.ts', code), [
      `src/x.ts:1: // ${spec}5: the password rule`,
      `src/x.ts:2: /** ${issue}: company domain */`,
      `src/x.ts:3: // seats (${issue.toLowerCase()}, bulk invitations)`,
      `src/x.ts:4: // the ${['specification', '§'].join(' ')}2.1 table`,
    ]);
  });

  it('finds no citation of the old specification or of an issue in src, test, scripts, docs and the README', () => {
    const files = SCANNED.flatMap(filesUnder);
    assert.ok(files.length > 500, `only ${files.length} files scanned`);
    const citations = files.flatMap((file) =>
      outsideCitationsIn(file, readFileSync(path.join(projectRoot, file), 'utf8')),
    );
    // Cite the repository's own documents instead: `docs/product.md#<section>`, docs/decisions, ...
    assert.deepEqual(citations, []);
  });

  it('finds every document and anchor that src, test, scripts, docs and the README cite', () => {
    const references = SCANNED.flatMap(filesUnder).flatMap((file) =>
      referencesIn(file, readFileSync(path.join(projectRoot, file), 'utf8')),
    );
    // The scan sees the documents' own links, so an empty result means it looked at nothing.
    assert.ok(references.length > 50, `only ${references.length} references found`);
    assert.deepEqual(danglingReferences(references, readRepositoryDocument), []);
  });
});
