/**
 * The languages of the UI (docs/product.md#languages) and how one is chosen, in one place for the browser and the server
 * (which reads the same cookie to serve a page in the visitor's language).
 *
 * Only Simplified Chinese is translated: a Traditional Chinese reader (zh-TW, zh-HK, zh-MO, zh-Hant) is
 * better served by English than by the other script, so those tags do not match and the next preferred
 * language, or English, is used.
 */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The remembered choice of the Settings switch; a cookie so the server can read it too. */
export const LOCALE_COOKIE = 'locale';

/** What each language is called in itself (the switch lists them so). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The UI language for one BCP 47 tag, or null when we have none for it. */
function localeOfTag(tag: string): Locale | null {
  const parts = tag.trim().toLowerCase().replace(/_/g, '-').split('-');
  if (parts[0] === 'en') return 'en';
  if (parts[0] !== 'zh') return null;
  if (parts.includes('hant') || parts.some((part) => ['tw', 'hk', 'mo'].includes(part))) return null;
  return 'zh-CN';
}

/** The remembered choice when there is one, else the first preferred language we have, else English. */
export function pickLocale(saved: string | null | undefined, preferred: readonly string[]): Locale {
  if (isLocale(saved)) return saved;
  for (const tag of preferred) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The tags of an Accept-Language header, best first (for the server). */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}
