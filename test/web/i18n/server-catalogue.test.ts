/**
 * @jest-environment node
 */
/**
 * Every message the server can show a user has its Chinese: an exact text in zh-CN/server.ts, or, for a
 * message with values, a template there that translates it. The messages are read from the server's
 * source (server-messages.ts); a template literal is tried with every choice of its literal words and
 * a sample for each value, so a new `${domain} is verified.` without its Chinese fails here.
 */
import { activateLocaleWith, translated } from '../../../src/web/i18n';
import { templateTranslator } from '../../../src/web/i18n/server-templates';
import { messages, serverTemplates, translateServerMessage } from '../../../src/web/i18n/zh-CN';
import { serverMessages, type Samples } from './server-messages';

/** What a value holds where its wording changes the message (its choices are what the server sends). */
const samples: Samples = (expression) => {
  if (/^PLAN_NAMES\b/.test(expression)) return ['Free', 'Standard', 'Pro'];
  return {
    where: ['request body', 'query string'],
    "plural(Number(params.limit), 'character')": ['8 characters', '1 character'],
    "plural(Number(params.limit), 'item')": ['500 items', '1 item'],
    expected: [
      'a CRM identifier such as demo-crm (lowercase letters, digits and hyphens)',
      'Free, Standard or Pro',
    ],
    "TYPE_NAMES[types[0] ?? '']": [
      'text',
      'a whole number',
      'a number',
      'true or false',
      'a list',
      'an object',
    ],
    'checked.error': ['Data centre must be one of eu or com.'],
  }[expression];
};

const found = serverMessages(samples);
const exact = [...new Map(found.flatMap((m) => (m.kind === 'exact' ? [[m.text, m.where]] : []))).entries()];
const examples = [
  ...new Map(
    found.flatMap((m) => (m.kind === 'template' ? m.examples.map((example) => [example, m.where]) : [])),
  ).entries(),
];

const HAN = /[\p{Script=Han}]/u;

beforeAll(() => activateLocaleWith('zh-CN', messages, translateServerMessage));
afterAll(() => activateLocaleWith('en', {}));

test('the scan finds the server messages, with values and without', () => {
  expect(exact.map(([text]) => text)).toEqual(
    expect.arrayContaining([
      'Saved.',
      'The admin role cannot be changed.',
      'Bad request.',
      // A default parameter (domain/errors.ts), a text of src/shared, a refusal a function returns.
      'You are not allowed to do this.',
      'Please pick a stronger password (it must have 8+ characters and include 1+ lowercase, 1+ uppercase, 1+ digit, 1+ symbol).',
      'Enter a domain name such as acme.com.',
    ]),
  );
  expect(examples.map(([text]) => text)).toEqual(
    expect.arrayContaining([
      '‹domain› is verified.',
      '‹name(to)› already holds a Pro seat.',
      '‹sent.length› invitations sent, ‹refused.length› refused.',
      'Monthly cap set for ‹updated.length› members.',
      'You reached your monthly cap of ‹cap› credits. Ask your organization admin to raise it.',
      '‹label› must be at least 8 characters long.',
    ]),
  );
  expect(examples.length).toBeGreaterThan(60);
});

test.each(exact)('%j (%s) has its Chinese text', (text) => {
  expect(messages[text]).toEqual(expect.stringMatching(HAN));
});

test.each(examples)('%j (%s) reads in Chinese with its values', (example) => {
  const chinese = translated(example);
  expect(chinese).toEqual(expect.stringMatching(HAN));
  // The values are kept, except those with words of their own (a plan name).
  const kept = [...example.matchAll(/‹[^›]*›/g)].map((match) => match[0]);
  for (const value of kept) expect(chinese).toContain(value);
});

test.each(Object.entries(serverTemplates.templates))(
  'the template %j keeps its placeholders and matches a message the server sends',
  (english, chinese) => {
    const names = (text: string) => [...new Set(text.match(/\{\w+\}/g))].sort();
    expect(names(chinese)).toEqual(names(english));
    expect(chinese).toEqual(expect.stringMatching(HAN));
    const alone = templateTranslator({ [english]: chinese });
    expect(examples.filter(([example]) => alone(example) !== undefined)).not.toEqual([]);
  },
);

test("a field's name reads in Chinese where the catalogue has it; a plan name always does", () => {
  expect(translated('New password must be at least 8 characters long.')).toBe('新密码 长度至少为 8 个字符。');
  expect(translated('Grace already holds a Pro seat.')).toBe('Grace 已拥有专业版席位。');
  expect(translated('acme.com is verified.')).toBe('acme.com 已验证。');
});
