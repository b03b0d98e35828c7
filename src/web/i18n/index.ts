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
import type { MessageCode } from '../../contract/messages';

export type MessageValues = Record<string, string | number | null | undefined>;

/**
 * The server's messages in a language, by code (src/contract/messages.ts): `{name}` templates, and the
 * words of values that have their own in this language (`{ plan: { Pro: '专业版' } }`).
 */
interface ServerCodeCatalogue {
  texts: Partial<Record<MessageCode, string>>;
  words: Record<string, Record<string, string>>;
}

/** English has no catalogue of server messages: the server's own `message` is the English text. */
const NO_SERVER_CODES: ServerCodeCatalogue = { texts: {}, words: {} };

/** The active language and its catalogues (English needs none: the message is its own text). */
let active: { locale: Locale; messages: Record<string, string>; serverCodes: ServerCodeCatalogue } = {
  locale: DEFAULT_LOCALE,
  messages: {},
  serverCodes: NO_SERVER_CODES,
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
  serverCodes = NO_SERVER_CODES,
) {
  active = { locale, messages, serverCodes };
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

/** Values whose words the catalogue may have (a field's label, an organization named after its admin). */
const TRANSLATED_VALUES = new Set(['label', 'organization']);

/**
 * A server message in the active language, rendered from its code and values (never matched by its
 * English words); the English `message` as sent when the language has no text for the code (English
 * itself, or a code newer than this app). A plan name reads as the language names plans.
 */
export function serverText(said: ServerSaid): string {
  const { texts, words } = active.serverCodes;
  const template =
    said.code !== undefined && Object.prototype.hasOwnProperty.call(texts, said.code)
      ? texts[said.code as MessageCode]
      : undefined;
  if (!template) return said.message;
  const params = said.params ?? {};
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) return whole;
    const value = String(params[name]);
    const own = words[name];
    if (own && Object.prototype.hasOwnProperty.call(own, value)) return own[value]!;
    return TRANSLATED_VALUES.has(name) ? translated(value) : value;
  });
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
  activate(locale, catalogue?.messages ?? {}, catalogue?.translateStoredValue, catalogue?.serverCodes);
}

/** For tests: the given messages, synchronously. */
export function activateLocaleWith(
  locale: Locale,
  messages: Record<string, string>,
  templates?: StoredValueTranslator,
  serverCodes?: ServerCodeCatalogue,
): void {
  componentWords = null;
  activate(locale, messages, templates, serverCodes);
}
