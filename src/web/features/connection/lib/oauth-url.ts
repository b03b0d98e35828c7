/**
 * The CRM's OAuth authorize URL (spec §3: `oauth_auth_url` holds the placeholders `{client_id}` and
 * `{redirect_uri}`).
 */

export interface OAuthUrlSource {
  oauth_auth_url: string | null;
  oauth_client_id: string | null;
  oauth_redirect_uri: string | null;
}

/**
 * Fills both placeholders, URL-encoded, everywhere they occur. `defaultRedirectUri` is used when the
 * CRM record has none (the app's own /callback). Returns null when the CRM has no authorize URL, or
 * needs a client id it does not have (the server leaves it out when that CRM's OAuth app is not
 * configured), so the caller can say so instead of opening a window the CRM would refuse.
 */
export function buildOAuthAuthorizeUrl(source: OAuthUrlSource, defaultRedirectUri = ''): string | null {
  const template = source.oauth_auth_url?.trim();
  if (!template) return null;
  const clientId = source.oauth_client_id ?? '';
  if (!clientId && template.includes('{client_id}')) return null;
  const redirectUri = source.oauth_redirect_uri || defaultRedirectUri;
  return template
    .replaceAll('{client_id}', encodeURIComponent(clientId))
    .replaceAll('{redirect_uri}', encodeURIComponent(redirectUri));
}

/**
 * Whether the app may open this authorize URL (DESIGN.md: redirects the app follows are checked): a page
 * of this app's own origin (the Demo CRM sandbox), or an https page. Anything else (javascript:, data:,
 * plain http elsewhere, unparsable) is refused, whatever the CRM record says.
 */
export function isOpenableAuthorizeUrl(url: string, currentOrigin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, currentOrigin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(currentOrigin).origin)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  return parsed.protocol === 'https:';
}
