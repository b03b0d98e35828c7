/**
 * The reset-password answer names where to go next (data.redirect_url). The app follows it only when it is
 * a path of this app (DESIGN.md: redirects must be on an allow-list), so a tampered answer cannot send the
 * user to a look-alike site.
 */

/** The in-app path (pathname + search + hash) for `url`, or null unless it is same-origin http(s). */
export function sameOriginPath(url: string | null | undefined, currentOrigin: string): string | null {
  if (!url) return null;
  // Protocol-relative ("//evil.example") and backslash tricks resolve to another origin and are caught below.
  let parsed: URL;
  try {
    parsed = new URL(url, currentOrigin);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.origin !== new URL(currentOrigin).origin) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
