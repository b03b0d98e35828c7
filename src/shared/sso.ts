/**
 * What someone types to sign in with SSO (docs/product.md#single-sign-on). Pure: no Node or browser imports.
 */
import { domainOf, domainRefusal, normalizeDomain } from './company-domain.js';

/**
 * The company domain of what someone typed to sign in with SSO: an address's domain, or a bare domain
 * (`acme.com`, `@acme.com`); null when it is neither.
 */
export function ssoDomainOf(input: string): string | null {
  const value = input.trim();
  const domain = value.includes('@') && !value.startsWith('@') ? domainOf(value) : normalizeDomain(value);
  return domainRefusal(domain) === 'domain_invalid' ? null : domain;
}
