/**
 * @jest-environment node
 */
/**
 * Issue 14: every message of the UI has its Simplified Chinese text with the same placeholders, and the
 * areas already translated hold no English text outside a message.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { messages } from '../../../src/web/i18n/zh-CN';

const webRoot = path.resolve(__dirname, '../../../src/web');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes(`i18n${path.sep}zh-CN`))
    .map((file) => path.join(dir, file));
}

/** The string literals passed to t() and msg() (quoted with ' " or a backtick without ${}). */
function messagesIn(source: string): string[] {
  const found: string[] = [];
  // t('...') and msg('...'), and the texts that travel as data to a place that translates them: page
  // titles (useDocumentTitle) and the words of a loading state (text="...").
  const pattern =
    /(?:\b(?:t|msg|useDocumentTitle)\(\s*|\btext=)(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`([^`$]*)`)/g;
  for (const match of source.matchAll(pattern)) {
    const raw = match[1] ?? match[2] ?? match[3] ?? '';
    found.push(raw.replace(/\\(['"\\])/g, '$1'));
  }
  return found;
}

/** The argument names of an ICU message: `{name}`, `{count, plural, ...}`. */
function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]!))].sort();
}

const used = new Map<string, string>();
for (const file of sourceFiles(webRoot)) {
  for (const message of messagesIn(readFileSync(file, 'utf8'))) {
    if (!used.has(message)) used.set(message, path.relative(webRoot, file));
  }
}

test('the UI has messages (the scan works)', () => {
  expect(used.size).toBeGreaterThan(30);
  expect(used.get('Skip to main content')).toBe(path.join('components', 'SkipLink.tsx'));
});

test.each([...used.entries()])('%j (%s) has its Chinese text', (message) => {
  const chinese = messages[message];
  // Chinese characters, or at least Chinese punctuation ('{action}：{plan}').
  expect(chinese).toEqual(expect.stringMatching(/[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u));
  expect(placeholders(chinese!)).toEqual(placeholders(message));
});

test.each(Object.entries(messages))('the Chinese of %j keeps its placeholders', (english, chinese) => {
  expect(placeholders(chinese)).toEqual(placeholders(english));
});

/** Every area of the UI is translated: none may show English outside a message. */
const TRANSLATED = readdirSync(webRoot, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'i18n')
  .flatMap((entry) =>
    entry.name === 'features'
      ? readdirSync(path.join(webRoot, 'features')).map((feature) => path.join('features', feature))
      : [entry.name],
  );

const RAW_TEXT = [
  /<[A-Za-z][^<>]*>\s*([A-Za-z][A-Za-z ,.'!?-]{2,})\s*<\//g,
  /\b(?:label|placeholder|helperText|aria-label|title)="([A-Za-z][^"]*)"/g,
];

test.each(TRANSLATED)('%s shows no English outside a message', (area) => {
  const files = sourceFiles(path.join(webRoot, area));
  const raw: string[] = [];
  for (const file of files.filter((name) => name.endsWith('.tsx'))) {
    const source = readFileSync(file, 'utf8');
    for (const pattern of RAW_TEXT) {
      for (const match of source.matchAll(pattern)) {
        const line = source.slice(0, match.index).split('\n').length;
        raw.push(`${path.relative(webRoot, file)}:${line} ${match[1]}`);
      }
    }
  }
  expect(raw).toEqual([]);
});
