/** The language of this browser's UI: the remembered choice (cookie), else the browser's languages. */
import { LOCALE_COOKIE, pickLocale, type Locale } from '../../shared/locale';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function savedLocale(): string | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${LOCALE_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(LOCALE_COOKIE.length + 1)) : null;
}

function browserLanguages(): readonly string[] {
  if (navigator.languages && navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

export function browserLocale(): Locale {
  return pickLocale(savedLocale(), browserLanguages());
}

/** Remembers the choice for a year (the server reads it too) and shows the app in it. */
export function chooseLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
  window.location.reload();
}
