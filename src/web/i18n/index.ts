/**
 * The UI's words in English and Simplified Chinese (docs/product.md#languages): ICU messages with plural rules
 * (`{count, plural, one {# member} other {# members}}`) and values (`Edit {name}`), compiled and formatted
 * as Lingui does (compile-message.ts, format-message.ts; tests compare both with Lingui's own).
 *
 * The English text is the message id: components stay readable, English needs no catalogue, and the
 * spec's quoted texts are unchanged by construction. Chinese lives in catalogues per area
 * (`zh-CN/<area>.ts`), downloaded only when Chinese is active, before the first render (so a page is
 * never shown half in English). A test fails when a message lacks its Chinese text.
 *
 * `t()` reads the active language at call time: call it while rendering, never at import time.
 * Switching the language reloads the page (settings-language.ts), so no component waits on a context.
 */
import { compileMessage, type CompiledMessage } from './compile-message';
import { formatMessage } from './format-message';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locale';

export type MessageValues = Record<string, string | number | null | undefined>;

/**
 * Renders a server message by its code in a language (the language's chunk brings it: zh-CN/server-codes.ts),
 * or answers undefined when that language has no text for the code. English has none: the server's own
 * `message` is the English text.
 */
type ServerCodeRenderer = (said: ServerSaid, translate: (text: string) => string) => string | undefined;
const noServerCodes: ServerCodeRenderer = () => undefined;

/** The active language and its catalogue (English needs none: the message is its own text). */
let active: { locale: Locale; messages: Record<string, string>; byCode: ServerCodeRenderer } = {
  locale: DEFAULT_LOCALE,
  messages: {},
  byCode: noServerCodes,
};
/** Compiled messages of the active language, by id. */
let compiled = new Map<string, CompiledMessage>();
/** A translation of labels made from stored data that carry values (server-templates.ts, in the language's chunk). */
export type StoredValueTranslator = (text: string) => string | undefined;
const noTemplates: StoredValueTranslator = () => undefined;
let byTemplate = noTemplates;

function activate(
  locale: Locale,
  messages: Record<string, string>,
  templates = noTemplates,
  byCode = noServerCodes,
) {
  active = { locale, messages, byCode };
  compiled = new Map();
  byTemplate = templates;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * The text of `message` (English, an ICU message) in the active language. Numbers among `values` are
 * written with the language's grouping ('1,440'), wherever they stand in the message.
 */
export function t(message: string, values?: MessageValues): string {
  let parts = compiled.get(message);
  if (!parts) {
    // An empty translation falls back to the English, as in Lingui.
    parts = compileMessage(active.messages[message] || message);
    compiled.set(message, parts);
  }
  return formatMessage(parts, active.locale, values, { groupNumbers: true });
}

/**
 * A text that travels as data (a spec text in an error, a notice, a page title, a label made from stored
 * data): its translation when the catalogue has one, else that of the template it matches (a seat count:
 * `Standard (3 seats)`), else the text itself, never parsed as a message (stored words may hold braces).
 * A server message is shown by its code instead: serverText().
 */
export function translated(text: string): string {
  if (Object.prototype.hasOwnProperty.call(active.messages, text)) return t(text);
  return byTemplate(text) ?? text;
}

/** What the server said: an answer's or an error envelope's `message`, with its `code` and `params`. */
export interface ServerSaid {
  message: string;
  code?: string | undefined;
  params?: Record<string, string | number> | undefined;
}

/**
 * A server message in the active language, rendered from its code and values (never matched by its
 * English words); the English `message` as sent when the language has no text for the code (English
 * itself, or a code newer than this app).
 */
export function serverText(said: ServerSaid): string {
  return active.byCode(said, translated) ?? said.message;
}

/** Marks an English text as a message where it is defined, for `t()` to translate where it is shown. */
export function msg<const M extends string>(message: M): M {
  return message;
}

export function activeLocale(): Locale {
  return active.locale;
}

/** The BCP 47 tag for Intl formatters and `<html lang>`. */
export function intlTag(locale: Locale = activeLocale()): string {
  return locale;
}

/** MUI's own words (pagination, close buttons...) for the active language; null for English. */
let componentWords: object | null = null;

export function componentLocale(): object | null {
  return componentWords;
}

/** Makes `locale` active, downloading its catalogue first; sets `<html lang>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  const catalogue =
    locale === 'zh-CN' ? await import(/* webpackChunkName: "locale-zh-CN" */ './zh-CN') : null;
  componentWords = catalogue?.muiLocale ?? null;
  activate(locale, catalogue?.messages ?? {}, catalogue?.translateStoredValue, catalogue?.renderServerCode);
}

/** For tests: the given messages, synchronously. */
export function activateLocaleWith(
  locale: Locale,
  messages: Record<string, string>,
  templates?: StoredValueTranslator,
  byCode?: ServerCodeRenderer,
): void {
  componentWords = null;
  activate(locale, messages, templates, byCode);
}
