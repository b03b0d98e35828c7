/**
 * Which of the four progress steps (Install, Signup, Connect, Finish) a public route belongs to.
 * The extension-first flow starts with the install, so the pin steps (/installed, /welcome) count as Install.
 */
const STEP_BY_PATH: Record<string, number> = {
  '/install': 0,
  '/installed': 0,
  '/welcome': 0,
  '/signup': 1,
  '/login': 1,
  '/forgot-password': 1,
  '/reset-password': 1,
  '/accept-invitation': 1,
  '/connect': 2,
  '/callback': 2,
  '/connect-api-key': 2,
  '/connected': 2,
  '/complete': 3,
};

/** The step index for `pathname`, or -1 for pages outside the flow (/auth, /logout, /uninstalled). */
export function stepForPath(pathname: string): number {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return STEP_BY_PATH[normalized] ?? -1;
}
