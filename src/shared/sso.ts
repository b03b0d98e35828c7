/**
 * Single sign-on's addresses and input rule, shared by the server and the SPA
 * (docs/product.md#single-sign-on). Pure: no Node or browser imports.
 */
import { domainOf, domainRefusal, normalizeDomain } from './company-domain.js';

/** The SPA page the identity provider sends the browser back to: the OpenID Connect redirect URI. */
export const SSO_CALLBACK_PATH = '/sso/callback';
/** The service provider's SAML metadata; its URL is also the entity ID. */
export const SAML_METADATA_PATH = '/sso/saml/metadata';
/** Where a SAML identity provider will post its answers (the sign-in is not available yet). */
export const SAML_ACS_PATH = '/sso/saml/acs';

/**
 * The company domain of what someone typed to sign in with SSO: an address's domain, or a bare domain
 * (`acme.com`, `@acme.com`); null when it is neither.
 */
export function ssoDomainOf(input: string): string | null {
  const value = input.trim();
  const domain = value.includes('@') && !value.startsWith('@') ? domainOf(value) : normalizeDomain(value);
  return domainRefusal(domain) === 'domain_invalid' ? null : domain;
}
