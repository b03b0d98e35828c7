/**
 * @jest-environment node
 */
/** Server messages with values read through translated templates (src/web/i18n/server-templates.ts). */
import { activateLocaleWith, translated } from '../../../src/web/i18n';
import { templateTranslator } from '../../../src/web/i18n/server-templates';

const words = { plan: { Free: '免费版', Standard: '标准版', Pro: '专业版' } };

const translate = templateTranslator(
  {
    '{domain} is verified.': '{domain} 已验证。',
    '{member} already holds a {plan} seat.': '{member} 已拥有{plan}席位。',
    'Your address is not at {domain}: enter an address at {domain} to send the code to.':
      '您的地址不属于 {domain}：请输入 {domain} 下的地址以接收验证码。',
    '{label} must be at least {limit}.': '{label} 不能小于 {limit}。',
    '{label} must be at least {count} characters long.': '{label} 长度至少为 {count} 个字符。',
  },
  words,
);

test('the values of a message go into its translation', () => {
  expect(translate('acme.com is verified.')).toBe('acme.com 已验证。');
  expect(
    translate('Your address is not at acme.com: enter an address at acme.com to send the code to.'),
  ).toBe('您的地址不属于 acme.com：请输入 acme.com 下的地址以接收验证码。');
});

test('a value may hold any characters: regex syntax, braces, dollars, newlines', () => {
  for (const value of ['a.b*c+?(x)|[y]^$', '{domain}', '$& $1 $$', 'two\nlines', '中文.com']) {
    expect(translate(`${value} is verified.`)).toBe(`${value} 已验证。`);
  }
});

test('the template text matches only itself: its dots are no wildcards, and the whole message must match', () => {
  expect(translate('acme.com is verifiedX')).toBeUndefined();
  expect(translate('acme.com is verified. Really.')).toBeUndefined();
  expect(translate(' is verified.')).toBeUndefined();
  expect(translate('Saved.')).toBeUndefined();
});

test('a plan name takes its Chinese name; other values stay as sent, even a member called Pro', () => {
  expect(translate('Grace Hopper already holds a Pro seat.')).toBe('Grace Hopper 已拥有专业版席位。');
  expect(translate('Pro already holds a Standard seat.')).toBe('Pro 已拥有标准版席位。');
  expect(translate('Grace already holds a Platinum seat.')).toBe('Grace 已拥有Platinum席位。');
});

test('the most specific template wins over a looser one that matches too', () => {
  expect(translate('Password must be at least 8 characters long.')).toBe('Password 长度至少为 8 个字符。');
  expect(translate('Monthly cap must be at least 0.')).toBe('Monthly cap 不能小于 0。');
});

describe('translated()', () => {
  afterEach(() => activateLocaleWith('en', {}));

  test('an exact translation wins over a template; a text matching nothing stays as it is', () => {
    activateLocaleWith(
      'zh-CN',
      { 'example.com is verified.': '示例域名已验证。' },
      templateTranslator({ '{domain} is verified.': '{domain} 已验证。' }),
    );
    expect(translated('example.com is verified.')).toBe('示例域名已验证。');
    expect(translated('acme.com is verified.')).toBe('acme.com 已验证。');
    expect(translated('Something {odd} happened.')).toBe('Something {odd} happened.');
  });

  test('English has no templates: the server text shows as sent', () => {
    activateLocaleWith('en', {});
    expect(translated('acme.com is verified.')).toBe('acme.com is verified.');
  });
});
