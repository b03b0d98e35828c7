/**
 * @jest-environment node
 */
/**
 * docs/product.md#languages: every message of the UI has its Simplified Chinese text with the same placeholders, and the
 * areas already translated hold no English text outside a message. The same holds for the pages the
 * server renders itself (/support, the sandbox pages), and for the labels the server makes from stored data that the SPA
 * shows (a session's device and place, the coupon's name, audit details, seat counts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { lineDescription, packLineDescription } from '../../../src/server/domain/billing/quote';
import { pagesZhCN } from '../../../src/server/http/page-catalogue.zh-CN';
import { describeDevice, describePlace } from '../../../src/server/security/devices';
import { AUDIT_DETAIL_KEYS, AUDIT_DETAIL_WORDS, auditDetailsText } from '../../../src/shared/audit-events';
import { PLAN_NAMES, SEAT_PLAN_KEYS } from '../../../src/shared/plans';
import { seatOptionLabel } from '../../../src/shared/seats';
import { deviceLabel } from '../../../src/web/features/settings/lib/session-labels';
import { activateLocaleWith, serverText, translated } from '../../../src/web/i18n';
import { templateTranslator } from '../../../src/web/i18n/server-templates';
import { messages, renderServerCode, translateStoredValue } from '../../../src/web/i18n/zh-CN';
import { planNames } from '../../../src/web/i18n/zh-CN/server-codes';
import { storedValueTemplates } from '../../../src/web/i18n/zh-CN/stored-values';

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
  // Names read aloud count as much as texts shown: '5 out of 5 stars' starts with a digit, an image has alt.
  /\b(?:label|placeholder|helperText|aria-label|title|alt)="((?=[^"]*[A-Za-z]{2})[A-Za-z0-9][^"]*)"/g,
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

/**
 * The server's own pages in the visitor's language: the files that write their words with page-i18n.ts
 * (pageText(), pageLanguage() or a PageText handed to them).
 */
const serverRoot = path.resolve(__dirname, '../../../src/server');
const PAGE_FILES = sourceFiles(serverRoot).filter(
  (file) =>
    !file.endsWith('page-i18n.ts') &&
    /\b(?:pageText|pageLanguage)\(|\bPageText\b/.test(readFileSync(file, 'utf8')),
);
const pageMessages = new Map<string, string>();
for (const file of PAGE_FILES) {
  for (const message of messagesIn(readFileSync(file, 'utf8'))) {
    if (!pageMessages.has(message)) pageMessages.set(message, path.relative(serverRoot, file));
  }
}

test('the server-rendered pages have messages (the scan works)', () => {
  expect(PAGE_FILES.map((file) => path.relative(serverRoot, file))).toEqual(
    expect.arrayContaining([
      path.join('support', 'support-page.ts'),
      path.join('http', 'html.ts'),
      path.join('http', 'form-pages.ts'),
      path.join('sandbox', 'billing-words.ts'),
      // The sandbox pages a visitor meets on a local or sandbox deployment.
      ...['checkout-page.ts', 'portal-page.ts', 'crm-pages.ts', 'google-page.ts', 'mail-page.ts'].map(
        (file) => path.join('sandbox', file),
      ),
    ]),
  );
  expect(pageMessages.get('Billing support')).toBe(path.join('support', 'support-page.ts'));
  expect(pageMessages.get('SANDBOX')).toBe(path.join('http', 'html.ts'));
  expect(pageMessages.get('Total due today: {amount}')).toBe(path.join('sandbox', 'checkout-page.ts'));
});

test.each([...pageMessages.entries()])('server page message %j (%s) has its Chinese text', (message) => {
  const chinese = pagesZhCN[message];
  expect(chinese).toEqual(expect.stringMatching(/[\p{Script=Han}]/u));
  expect(placeholders(chinese!)).toEqual(placeholders(message));
});

test.each(PAGE_FILES.map((file) => path.relative(serverRoot, file)))(
  'the server page %s shows no English outside a message',
  (file) => {
    const source = readFileSync(path.join(serverRoot, file), 'utf8');
    const raw: string[] = [];
    for (const pattern of RAW_TEXT) {
      for (const match of source.matchAll(pattern)) {
        raw.push(`${file}:${source.slice(0, match.index).split('\n').length} ${match[1]}`);
      }
    }
    expect(raw).toEqual([]);
  },
);

/** The labels the server makes from stored data, as the SPA receives them. */
const seededCoupons = [
  ...readFileSync(path.join(serverRoot, 'db', 'seed.ts'), 'utf8').matchAll(
    /insertInto\('coupons'\)[\s\S]*?\bname: '([^']+)'/g,
  ),
].map((match) => match[1]!);
/** The name an organization is created with, as domain/organizations.ts writes it, for an admin named Ada Admin. */
const defaultOrganizationNames = [
  ...readFileSync(path.join(serverRoot, 'domain', 'organizations.ts'), 'utf8').matchAll(
    /name: `\$\{current\.name\}([^`]*)`/g,
  ),
].map((match) => `Ada Admin${match[1]!}`);
/** The API key fields of the seeded CRM records: their labels, and the placeholders that are words. */
const seededKeyFields = [
  ...readFileSync(path.join(serverRoot, 'db', 'seed.ts'), 'utf8').matchAll(
    /\{ label: '([^']+)', placeholder: '([^']+)' \}/g,
  ),
].flatMap((match) => [match[1]!, match[2]!].filter((text) => / /.test(text)));
const seededPacks = [
  ...readFileSync(path.join(serverRoot, 'db', 'seed.ts'), 'utf8').matchAll(
    /\{ slug: 'credits-\d+', name: '([^']+)'/g,
  ),
].map((match) => match[1]!);
const STORED_LABELS: [string, string][] = [
  ...[
    null,
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1',
    'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    // Browsers much used in China, whose names have a Chinese form.
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2d) NetType/WIFI Language/zh_CN',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/94.0.4606.71 Safari/537.36 Core/1.94.218.400 QQBrowser/12.1.5496.400',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.198 Safari/537.36 SE 2.X MetaSr 1.0',
    'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/63.0.3239.132 Safari/537.36 QIHU 360SE',
    'Mozilla/5.0 (Linux; U; Android 10; zh-CN) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/15.3.6.1186 Mobile Safari/537.36',
  ].map((agent): [string, string] => ['device', describeDevice(agent)]),
  ...[null, 'not-an-address', '127.0.0.1', '192.168.1.20', '203.0.113.7'].map((ip): [string, string] => [
    'place',
    describePlace(ip),
  ]),
  ...seededCoupons.map((name): [string, string] => ['coupon', name]),
  ['product option', PLAN_NAMES.free],
  ...SEAT_PLAN_KEYS.flatMap((plan) =>
    [0, 1, 2].map((count): [string, string] => ['product option', seatOptionLabel(plan, count)]),
  ),
  ...AUDIT_DETAIL_KEYS.map((key): [string, string] => ['audit detail', key]),
  ...AUDIT_DETAIL_WORDS.map((word): [string, string] => ['audit detail', word]),
  ...defaultOrganizationNames.map((name): [string, string] => ['organization', name]),
  ...seededKeyFields.map((text): [string, string] => ['API key field', text]),
  // What an invoice bought (the billing page's invoice list and the receipt).
  ...SEAT_PLAN_KEYS.flatMap((plan) =>
    (['plan', 'seat'] as const).flatMap((what) =>
      (['monthly', 'yearly'] as const).map((interval): [string, string] => [
        'invoice item',
        lineDescription(PLAN_NAMES[plan], what, interval),
      ]),
    ),
  ),
  ...seededPacks.map((name): [string, string] => ['invoice item', packLineDescription(name)]),
];

/** English words left in a Chinese text, but for names (browsers, systems, brands) kept as they are. */
function englishLeft(text: string): string[] {
  const names =
    /\b(?:Demo CRM|Copper|HubSpot|Pipedrive|Salesforce|Zoho|Chrome|Edge|Firefox|Opera|Safari|QQ|UC|iOS|Android|ChromeOS|Windows|macOS|Linux|Google|OAuth|API|CRM)\b/g;
  return text.replace(names, '').match(/[A-Za-z]{2,}/g) ?? [];
}

describe('labels made from stored data read in Chinese', () => {
  beforeAll(() => activateLocaleWith('zh-CN', messages, translateStoredValue, renderServerCode));
  afterAll(() => activateLocaleWith('en', {}));

  test('every label template translates one of them (none is left unused)', () => {
    for (const [english, chinese] of Object.entries(storedValueTemplates)) {
      const alone = templateTranslator({ [english]: chinese }, { plan: planNames, label: messages });
      expect([english, STORED_LABELS.some(([, label]) => alone(label) !== undefined)]).toEqual([
        english,
        true,
      ]);
    }
  });

  test('the scan finds them', () => {
    expect(seededCoupons).toContain('Launch offer: 30% off');
    expect(seededPacks).toContain('2,000 credits');
    expect(STORED_LABELS.map(([, label]) => label)).toEqual(
      expect.arrayContaining([
        'Chrome on Linux',
        'This computer',
        'Unknown device',
        'Pro (2 seats available)',
        'QQ Browser on Windows',
        "Ada Admin's organization",
        'Demo CRM API key',
        'Your Copper API key',
        'WeChat on iOS',
      ]),
    );
  });

  test.each(STORED_LABELS)('%s %j', (kind, label) => {
    const shown = kind === 'device' ? deviceLabel(label) : translated(label);
    expect(shown).toMatch(/[\p{Script=Han}]/u);
    // The admin's name in an organization's first name is a name, kept as typed.
    expect(englishLeft(shown.replace('Ada Admin', ''))).toEqual([]);
  });

  test('an organization under its first name reads in Chinese, alone and in a server message', () => {
    expect(translated("Ada Admin's organization")).toBe('Ada Admin 的组织');
    const joined = (organization: string) =>
      serverText({
        message: `You joined ${organization}.`,
        code: 'joined_organization',
        params: { organization },
      });
    expect(joined("Ada Admin's organization")).toBe('您已加入 Ada Admin 的组织。');
    expect(joined('Acme')).toBe('您已加入 Acme。');
  });

  test('an audit entry’s details read in Chinese on the Audit page, in English in the CSV', () => {
    const details = { method: 'password', role: 'member', from: 'Free', to: 'Pro', crm: 'Demo CRM' };
    expect(auditDetailsText(details, translated)).toBe(
      '方式: 密码; 角色: 成员; 原值: 免费版; 新值: 专业版; CRM 系统: Demo CRM',
    );
    expect(auditDetailsText(details)).toBe(
      'method: password; role: member; from: Free; to: Pro; crm: Demo CRM',
    );
  });
});
