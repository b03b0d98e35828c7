/**
 * DESIGN.md: redirects the app follows (checkout URL, billing portal, the reset-password answer...) must be
 * on an allow-list. A payment URL is followed when it is same-origin (the sandbox provider pages live on the
 * app's own server) or its origin is allow-listed (the real payment provider); an in-app redirect (the
 * reset-password answer's data.redirect_url) only when it is same-origin, so a tampered answer cannot send
 * the user to a look-alike site. Pure: the current origin is passed in.
 */

/** Origins of the Stripe adapter's hosted pages (checkout and customer portal). */
export const PAYMENT_PROVIDER_ORIGINS: readonly string[] = [
  'https://checkout.stripe.com',
  'https://billing.stripe.com',
];

/**
 * The absolute URL to follow, or null when `url` must not be followed (unparsable, another scheme than
 * http(s), or an origin that is neither `currentOrigin` nor allow-listed). Relative URLs resolve
 * against `currentOrigin`.
 */
export function safeRedirectUrl(
  url: string | null | undefined,
  currentOrigin: string,
  allowedOrigins: readonly string[] = PAYMENT_PROVIDER_ORIGINS,
): string | null {
  const parsed = parseHttpUrl(url, currentOrigin);
  if (!parsed) return null;
  if (isSameOrigin(parsed, currentOrigin)) return parsed.href;
  // Allow-listed origins must be HTTPS: an http:// look-alike would be open to tampering.
  if (parsed.protocol === 'https:' && allowedOrigins.includes(parsed.origin)) return parsed.href;
  return null;
}

/**
 * The in-app path (pathname + search + hash) for `url`, or null unless it is same-origin http(s): the
 * stricter rule for redirects that must never leave the app (no allow-listed origins).
 */
export function sameOriginPath(url: string | null | undefined, currentOrigin: string): string | null {
  const parsed = parseHttpUrl(url, currentOrigin);
  if (!parsed || !isSameOrigin(parsed, currentOrigin)) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/**
 * `url` resolved against `currentOrigin`, or null when it is empty, unparsable or not http(s).
 * Protocol-relative ("//evil.example") and backslash tricks resolve to another origin, which the callers'
 * origin checks refuse.
 */
function parseHttpUrl(url: string | null | undefined, currentOrigin: string): URL | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, currentOrigin);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  return parsed;
}

function isSameOrigin(parsed: URL, currentOrigin: string): boolean {
  return parsed.origin === new URL(currentOrigin).origin;
}

/**
 * Leaves the app for `url` (a checkout page). Kept here, apart from the pages, so tests can replace
 * the navigation, which jsdom does not implement.
 */
export function leaveAppTo(url: string): void {
  window.location.assign(url);
}

/**
 * Opens `url` (the billing portal) in a new tab, cut off from this page. Returns false when the browser
 * blocked the tab, so the caller can offer a link instead.
 */
export function openInNewTab(url: string): boolean {
  const tab = window.open(url, '_blank');
  if (!tab) return false;
  // Same effect as rel="noopener": the provider's page cannot script or redirect this one.
  tab.opener = null;
  return true;
}
