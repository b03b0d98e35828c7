/**
 * What the user reads when the CRM sends them back to /callback with an OAuth error (RFC 6749 §4.1.2.1,
 * plus the OpenID Connect codes some CRMs use). A code is a word for machines: each known one gets a
 * sentence, any other the generic one. The provider's `error_description` is never shown: anyone can put
 * any text in a link to /callback, and it would appear on our page as if we said it.
 */

export const UNKNOWN_OAUTH_ERROR = 'Your CRM could not complete the connection. Please try again.';

const TEXTS: Record<string, string> = {
  access_denied:
    'The connection was cancelled: access to your CRM was not approved. Connect again and approve the access to continue.',
  login_required: 'Please sign in to your CRM in the window that opens, then approve the access.',
  consent_required: 'Please approve the access in the window that opens to connect your CRM.',
  interaction_required: 'Please sign in to your CRM and approve the access in the window that opens.',
  invalid_request: 'Your CRM could not read the connection request. Please try again.',
  invalid_scope: 'Your CRM refused the permissions the extension needs. Please contact support.',
  unauthorized_client: 'Your CRM does not allow this app to connect yet. Please contact support.',
  unsupported_response_type: 'Your CRM does not allow this app to connect yet. Please contact support.',
  server_error: 'Your CRM had a problem on its side. Please try again in a moment.',
  temporarily_unavailable: 'Your CRM is busy right now. Please try again in a few minutes.',
};

/** The sentence for an OAuth error code of the callback URL (null or unknown: the generic sentence). */
export function oauthErrorText(code: string | null | undefined): string {
  const key = code?.trim().toLowerCase();
  return (key && Object.hasOwn(TEXTS, key) ? TEXTS[key] : undefined) ?? UNKNOWN_OAUTH_ERROR;
}
