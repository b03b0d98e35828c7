/**
 * @jest-environment node
 */
/**
 * docs/performance.md#size-budgets: our message formatter (kept out of Lingui's 4 KB runtime) gives what Lingui's runtime gives,
 * for every message of the catalogues in both languages with values that reach every case, and for the
 * ICU forms the compiler reads.
 */
import { setupI18n } from '@lingui/core';
import {
  compileMessage,
  type CompiledCases,
  type CompiledMessage,
} from '../../../src/web/i18n/compile-message';
import { formatMessage } from '../../../src/web/i18n/format-message';

type MessageValues = Record<string, unknown>;
import { messages } from '../../../src/web/i18n/zh-CN';
import { ICU_FORMS } from './icu-forms';

/** Lingui formatting the same compiled message in `locale`. */
function linguiFormat(message: string, locale: string, values: MessageValues): string {
  const i18n = setupI18n({ locale, messages: { [locale]: { message: compileMessage(message) } } });
  return i18n._('message', values);
}

const NUMBERS = [0, 1, 2, 3, 5, 11, 21, 1234.5];

/** Sets of values that together reach every case of every argument of `message`. */
function valueSets(message: CompiledMessage): MessageValues[] {
  const choices = new Map<string, unknown[]>();
  const walk = (parts: CompiledMessage) => {
    for (const part of parts) {
      if (typeof part === 'string') continue;
      const [name, type, style] = part;
      const known = choices.get(name) ?? [];
      if (type === 'plural' || type === 'selectordinal' || type === 'number') known.push(...NUMBERS);
      else if (type === 'select') known.push(...Object.keys(style as CompiledCases), 'unlisted');
      else known.push('Ada', null);
      choices.set(name, known);
      if (typeof style === 'object') {
        for (const [key, value] of Object.entries(style))
          if (key !== 'offset') walk(value as CompiledMessage);
      }
    }
  };
  walk(message);
  const longest = Math.max(1, ...[...choices.values()].map((values) => values.length));
  return Array.from({ length: longest }, (_, index) =>
    Object.fromEntries([...choices].map(([name, values]) => [name, values[index % values.length]])),
  );
}

describe('formatMessage', () => {
  it.each(ICU_FORMS)('formats %j as Lingui does, in English and Chinese', (message) => {
    const compiled = compileMessage(message);
    for (const locale of ['en', 'zh-CN']) {
      for (const values of valueSets(compiled)) {
        expect(formatMessage(compiled, locale, values)).toBe(linguiFormat(message, locale, values));
      }
    }
  });

  it('formats every catalogue message, English in English and Chinese in Chinese, as Lingui does', () => {
    const pairs = Object.entries(messages).flatMap(([english, chinese]) => [
      ['en', english] as const,
      ['zh-CN', chinese] as const,
    ]);
    expect(pairs.length).toBeGreaterThan(1000);
    const different = pairs.flatMap(([locale, message]) => {
      const compiled = compileMessage(message);
      return valueSets(compiled)
        .filter((values) => formatMessage(compiled, locale, values) !== linguiFormat(message, locale, values))
        .map((values) => ({ locale, message, values }));
    });
    expect(different).toEqual([]);
  });

  it('shows what the values say: plural cases, numbers in the language, missing values as nothing', () => {
    const members = compileMessage('{count, plural, one {# member} other {# members}}');
    expect(formatMessage(members, 'en', { count: 1 })).toBe('1 member');
    expect(formatMessage(members, 'en', { count: 1234 })).toBe('1,234 members');
    expect(formatMessage(compileMessage('Edit {name}'), 'en', {})).toBe('Edit ');
    // Escapes are the message's, never a value's: what someone typed is shown as typed.
    expect(formatMessage(compileMessage('Edit {name}'), 'en', { name: 'C:\\x41' })).toBe('Edit C:\\x41');
  });
});
