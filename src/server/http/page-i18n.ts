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
