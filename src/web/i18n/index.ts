/**
 * The UI's words in English and Simplified Chinese (issue 14), through Lingui: ICU messages with plural
 * rules (`{count, plural, one {# member} other {# members}}`) and values (`Edit {name}`).
 *
 * The English text is the message id: components stay readable, English needs no catalogue, and the
 * spec's quoted texts are unchanged by construction. Chinese lives in catalogues per area
 * (`zh-CN/<area>.ts`), downloaded only when Chinese is active, before the first render (so a page is
 * never shown half in English). A test fails when a message lacks its Chinese text.
 *
 * `t()` reads the active language at call time: call it while rendering, never at import time.
 * Switching the language reloads the page (settings-language.ts), so no component waits on a context.
 */
import { i18n } from '@lingui/core';
import { compileMessage } from './compile-message';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locale';

i18n.setMessagesCompiler(compileMessage);
i18n.loadAndActivate({ locale: DEFAULT_LOCALE, messages: {} });

export type MessageValues = Record<string, string | number | null | undefined>;

/** The text of `message` (English, an ICU message) in the active language. */
export function t(message: string, values?: MessageValues): string {
  return i18n._(message, values as Record<string, unknown> | undefined);
}

/**
 * A text that travels as data (a spec text in an error, a notice, a page title, a server message): its
 * translation when the catalogue has one, else the text itself, never parsed as a message (a server's
 * words may hold braces).
 */
export function translated(text: string): string {
  return Object.prototype.hasOwnProperty.call(i18n.messages, text) ? i18n._(text) : text;
}

/** Marks an English text as a message where it is defined, for `t()` to translate where it is shown. */
export function msg<const M extends string>(message: M): M {
  return message;
}

export function activeLocale(): Locale {
  return i18n.locale as Locale;
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
  i18n.loadAndActivate({ locale, messages: catalogue?.messages ?? {} });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** For tests: the given messages, synchronously. */
export function activateLocaleWith(locale: Locale, messages: Record<string, string>): void {
  componentWords = null;
  i18n.loadAndActivate({ locale, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
