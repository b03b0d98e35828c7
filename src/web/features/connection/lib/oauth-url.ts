/**
 * The CRM's OAuth authorize URL (docs/product.md#software-the-crm-record: `oauth_auth_url` holds the placeholders `{client_id}` and
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
 * Appends `state=<value>` to the authorize URL (before any fragment), keeping a relative URL relative;
 * an existing state parameter of the template is replaced.
 */
export function withOAuthState(url: string, state: string): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = base.indexOf('?');
  const path = queryAt === -1 ? base : base.slice(0, queryAt);
  const query = (queryAt === -1 ? '' : base.slice(queryAt + 1))
    .split('&')
    .filter((part) => part !== '' && !part.startsWith('state='));
  query.push(`state=${encodeURIComponent(state)}`);
  return `${path}?${query.join('&')}${hash}`;
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
