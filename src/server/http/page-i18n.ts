/**
 * The language of the server-rendered pages (the /support form): the visitor's, by the rule the SPA
 * applies (the Settings switch's cookie, else Accept-Language), so a Chinese user who follows 'Need help
 * with your billing?' out of the SPA reads the form in Chinese too. The Chinese lives in
 * page-catalogue.zh-CN.ts; a test fails when a text of these pages lacks it.
 */
import type { FastifyRequest } from 'fastify';
import { acceptLanguageTags, LOCALE_COOKIE, pickLocale, type Locale } from '../../shared/locale.js';
import { pagesZhCN } from './page-catalogue.zh-CN.js';

/** The UI language of a request, by the rule the browser applies (src/web/i18n/browser-locale.ts). */
export function requestLocale(request: FastifyRequest): Locale {
  const saved = request.cookies?.[LOCALE_COOKIE] ?? null;
  return pickLocale(saved, acceptLanguageTags(request.headers['accept-language']));
}

const CATALOGUES: Record<Locale, Record<string, string>> = { en: {}, 'zh-CN': pagesZhCN };

type PageValues = Record<string, string | number>;

/**
 * The text of an English message (`{name}` placeholders, as in the SPA's messages) in `locale`: its
 * translation when the catalogue has one, else the English. Numbers are written the language's way.
 */
export type PageText = (message: string, values?: PageValues) => string;

export function pageText(locale: Locale): PageText {
  const catalogue = CATALOGUES[locale];
  const numbers = new Intl.NumberFormat(locale);
  return (message, values = {}) =>
    (catalogue[message] || message).replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = values[name];
      if (value === undefined) return whole;
      return typeof value === 'number' ? numbers.format(value) : value;
    });
}

/** How a server page writes money and moments in one language. */
interface PageFormats {
  /** Cents as dollars: '$1,260.00' (en) or 'US$1,260.00' (zh-CN), as the SPA writes money. */
  money: (cents: number) => string;
  /** A day: 'Nov 27, 2026' (en) or '2026-11-27' (zh-CN, numeric as Chinese business tools write it). */
  date: (when: Date | string | number) => string;
  /**
   * A day and its 24-hour time in UTC, said so (the server does not know the visitor's time zone):
   * 'Nov 27, 2026 05:49 UTC' or '2026-11-27 05:49 UTC'.
   */
  dateTime: (when: Date | string | number) => string;
}

function pageFormats(locale: Locale): PageFormats {
  const currency = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
  const englishDay = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const date = (when: Date | string | number) => {
    const moment = new Date(when);
    return locale === 'zh-CN' ? moment.toISOString().slice(0, 10) : englishDay.format(moment);
  };
  return {
    money: (cents) => currency.format(cents / 100),
    date,
    dateTime: (when) => `${date(when)} ${new Date(when).toISOString().slice(11, 16)} UTC`,
  };
}

/** Everything a server page needs to speak the visitor's language. */
export interface PageLanguage {
  locale: Locale;
  t: PageText;
  formats: PageFormats;
}

export function pageLanguage(request: FastifyRequest): PageLanguage {
  const locale = requestLocale(request);
  return { locale, t: pageText(locale), formats: pageFormats(locale) };
}
