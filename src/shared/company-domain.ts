/**
 * Company domain (docs/product.md#verifying-a-domain): which email domains an organization may verify as its own. Free-mail
 * providers are refused (anyone can have an address there), and this is the one list of them.
 * Pure: no Node or browser imports.
 */
import { normalizeEmail } from './email.js';

const FREE_MAIL_DOMAINS: readonly string[] = [
  '163.com',
  '126.com',
  'aol.com',
  'fastmail.com',
  'gmail.com',
  'gmx.com',
  'gmx.de',
  'googlemail.com',
  'hotmail.com',
  'icloud.com',
  'live.com',
  'mac.com',
  'mail.com',
  'mail.ru',
  'me.com',
  'msn.com',
  'outlook.com',
  'pm.me',
  'proton.me',
  'protonmail.com',
  'qq.com',
  'sina.com',
  'tutanota.com',
  'web.de',
  'yahoo.com',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
];

export const FREE_MAIL_REFUSED =
  'Free email providers such as gmail.com or outlook.com cannot be verified: use your company domain.';
export const NOT_A_DOMAIN = 'Enter a domain name such as acme.com.';

/** Trimmed, lower case, without a leading "@" or "www.". */
export function normalizeDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
}

/** The domain of an address, lower case ('' when there is none). */
export function domainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : normalizeDomain(normalizeEmail(email).slice(at + 1));
}

/** A real domain name: dot-separated labels of letters, digits and inner hyphens, ending in a letter TLD. */
function isDomainName(domain: string): boolean {
  return domain.length <= 253 && /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain);
}

/** Free-mail providers and their subdomains (mail.yahoo.com). */
function isFreeMailDomain(domain: string): boolean {
  const d = normalizeDomain(domain);
  return FREE_MAIL_DOMAINS.some((free) => d === free || d.endsWith(`.${free}`));
}

/** Why a domain cannot be verified, by its message code (FREE_MAIL_REFUSED, NOT_A_DOMAIN), or null when it can. */
export function domainRefusal(domain: string): 'domain_invalid' | 'domain_free_mail' | null {
  const d = normalizeDomain(domain);
  if (!isDomainName(d)) return 'domain_invalid';
  if (isFreeMailDomain(d)) return 'domain_free_mail';
  return null;
}

/** Requests to join expire after this many days. */
export const JOIN_REQUEST_DAYS = 7;

/** The prompt a signup at a verified domain sees (docs/product.md#requests-to-join). */
export const JOIN_PROMPT = 'Your company already uses CRM Sync: request to join';
