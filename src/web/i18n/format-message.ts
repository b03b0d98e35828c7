/**
 * Formats a compiled message (compile-message.ts) with its values in a language: what Lingui's runtime
 * does for the forms our messages use. Lingui's runtime cost about 4 KB gzipped in every first load
 * (docs/performance.md#size-budgets) for three of its features; a test formats every catalogue message with both and requires the
 * same text.
 */
import type { CompiledCases, CompiledMessage } from './compile-message';

const formatters = new Map<string, Intl.NumberFormat | Intl.PluralRules>();

function memoized<T extends Intl.NumberFormat | Intl.PluralRules>(key: string, create: () => T): T {
  const found = formatters.get(key) as T | undefined;
  if (found) return found;
  const created = create();
  formatters.set(key, created);
  return created;
}

function formatNumber(locale: string, value: unknown, options?: Intl.NumberFormatOptions): string {
  const key = `number ${locale} ${JSON.stringify(options)}`;
  return memoized(key, () => new Intl.NumberFormat(locale, options)).format(value as number);
}

function pluralCase(locale: string, type: 'cardinal' | 'ordinal', value: number, cases: CompiledCases) {
  const rules = memoized(`${type} ${locale}`, () => new Intl.PluralRules(locale, { type }));
  const offset = cases.offset ?? 0;
  return cases[String(value)] ?? cases[rules.select(value - offset)] ?? cases.other;
}

/**
 * `\uXXXX` and `\xXX` written in a message's text stand for their characters, as in Lingui (which also
 * decodes them inside values: a name typed as `C:\x41` is shown as typed here).
 */
function decodeEscapes(text: string): string {
  return text.replace(/\\u([a-fA-F0-9]{4})|\\x([a-fA-F0-9]{2})/g, (_, unicode?: string, hex?: string) =>
    String.fromCharCode(parseInt((unicode ?? hex)!, 16)),
  );
}

/**
 * `groupNumbers`: a number in a plain `{credits}` is written with the language's grouping ('1,440'), as
 * `#` and `{credits, number}` are; the app's t() asks for it so that no count shows as '1440' beside a
 * '2,000'. Lingui leaves such a number as it is, which the comparison with Lingui keeps (the default).
 */
export function formatMessage(
  message: CompiledMessage,
  locale: string,
  values: Readonly<Record<string, unknown>> = {},
  { groupNumbers = false }: { groupNumbers?: boolean } = {},
): string {
  /** `count` is the number a `#` stands for, inside a plural's (not a nested select's) case. */
  const format = (parts: CompiledMessage | undefined, count?: number): string => {
    let text = '';
    for (const part of parts ?? []) {
      if (typeof part === 'string') {
        text += part === '#' && count !== undefined ? formatNumber(locale, count) : decodeEscapes(part);
        continue;
      }
      const [name, type, style] = part;
      const value = values[name];
      let shown: unknown = value;
      if (type === 'plural' || type === 'selectordinal') {
        const cases = style as CompiledCases;
        const number = value as number;
        const chosen = pluralCase(locale, type === 'plural' ? 'cardinal' : 'ordinal', number, cases);
        shown = format(chosen as CompiledMessage | undefined, number - (cases.offset ?? 0));
      } else if (type === 'select') {
        const cases = style as CompiledCases;
        shown = format((cases[String(value)] ?? cases.other) as CompiledMessage | undefined);
      } else if (type === 'number') {
        shown = formatNumber(locale, value, { style: style as Intl.NumberFormatOptions['style'] });
      } else if (groupNumbers && typeof value === 'number' && Number.isFinite(value)) {
        shown = formatNumber(locale, value);
      }
      if (shown !== null && shown !== undefined) text += String(shown);
    }
    return text;
  };
  return format(message);
}
