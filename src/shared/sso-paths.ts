/**
 * Single sign-on's addresses on this server (docs/product.md#single-sign-on), shared by the server and the
 * SPA's route table. Pure, and imports nothing: the SPA's entry carries it.
 */

/** The SPA page the identity provider sends the browser back to: the OpenID Connect redirect URI. */
export const SSO_CALLBACK_PATH = '/sso/callback';
/** The service provider's SAML metadata; its URL is also the entity ID. */
export const SAML_METADATA_PATH = '/sso/saml/metadata';
/** Where a SAML identity provider will post its answers (the sign-in is not available yet). */
export const SAML_ACS_PATH = '/sso/saml/acs';
