/**
 * This server as a SAML service provider (docs/product.md#single-sign-on): the metadata an identity provider
 * imports (its entity ID is the metadata's own URL, its assertion consumer service /sso/saml/acs over
 * HTTP-POST), made by @node-saml/node-saml, the library SAML sign-in will use. Loaded on the first request
 * for it: most processes never serve it, and the library's XML stack costs start-up time.
 */
import type { Config } from '../config.js';
import { SAML_ACS_PATH, SAML_METADATA_PATH } from '../../shared/sso-paths.js';

export async function serviceProviderMetadata(config: Pick<Config, 'publicUrl'>): Promise<string> {
  const { generateServiceProviderMetadata } = await import('@node-saml/node-saml');
  const base = config.publicUrl.replace(/\/$/, '');
  return generateServiceProviderMetadata({
    issuer: `${base}${SAML_METADATA_PATH}`,
    callbackUrl: `${base}${SAML_ACS_PATH}`,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    wantAssertionsSigned: true,
  });
}
