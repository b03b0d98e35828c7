/** docs/product.md#languages: which language the UI speaks. */
import { acceptLanguageTags, pickLocale } from '../../../src/shared/locale';
import { activateLocaleWith } from '../../../src/web/i18n';
import { formatMoney, formatNumber } from '../../../src/web/i18n/format';

describe('pickLocale', () => {
  test.each([
    [null, ['zh-CN'], 'zh-CN'],
    [null, ['zh'], 'zh-CN'],
    [null, ['zh-SG'], 'zh-CN'],
    [null, ['zh-Hans-CN'], 'zh-CN'],
    [null, ['zh-TW'], 'en'],
    [null, ['zh-HK', 'zh-CN'], 'zh-CN'],
    [null, ['zh-Hant'], 'en'],
    [null, ['fr-FR', 'zh-CN'], 'zh-CN'],
    [null, ['de'], 'en'],
    [null, [], 'en'],
    ['en', ['zh-CN'], 'en'],
    ['zh-CN', ['en-US'], 'zh-CN'],
    ['klingon', ['zh-CN'], 'zh-CN'],
  ])('saved %j, browser %j -> %s', (saved, preferred, expected) => {
    expect(pickLocale(saved, preferred)).toBe(expected);
  });
});

test('Accept-Language tags by preference', () => {
  expect(acceptLanguageTags('en;q=0.5, zh-CN, zh;q=0.8, *;q=0.1')).toEqual(['zh-CN', 'zh', 'en']);
  expect(acceptLanguageTags('')).toEqual([]);
});

describe('formatting follows the language', () => {
  afterEach(() => activateLocaleWith('en', {}));

  test('English keeps what the product always showed', () => {
    expect(formatMoney(39)).toBe('$39');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatNumber(10000)).toBe('10,000');
  });

  test('Chinese', () => {
    activateLocaleWith('zh-CN', {});
    expect(formatMoney(39)).toBe('US$39');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
