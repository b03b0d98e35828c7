/**
 * The onboarding layout together with the imports of its pages. Because the pages are imported from this
 * chunk rather than from the main one, webpack makes each page's chunk a child of the layout's: what the
 * layout already brought (where to go next, the chosen CRM, links) is not downloaded again with every
 * page, which keeps /login and /signup under their first-load budgets (docs/performance.md#size-budgets). The first load loses
 * nothing by the order: the server preloads both chunks from the HTML (src/shared/route-chunks.ts).
 */
export { default, loader } from '../features/onboarding/OnboardingLayout';

/**
 * A page whose first screen draws chunks of its own (the Google button) is shown, and hydrated, once they
 * have run: with them, not with the boxes that hold their places. One that fails leaves its box to the page.
 */
const withFirstScreen = async <Page extends { firstScreen?: () => Promise<unknown> }>(page: Page) => {
  await page.firstScreen?.().catch(() => undefined);
  return page;
};

export const onboardingPages = {
  signup: () =>
    import(/* webpackChunkName: "signup" */ '../features/auth/pages/SignupPage').then(withFirstScreen),
  login: () =>
    import(/* webpackChunkName: "login" */ '../features/auth/pages/LoginPage').then(withFirstScreen),
  'forgot-password': () =>
    import(/* webpackChunkName: "forgot-password" */ '../features/auth/pages/ForgotPasswordPage'),
  'reset-password': () =>
    import(/* webpackChunkName: "reset-password" */ '../features/auth/pages/ResetPasswordPage'),
  logout: () => import(/* webpackChunkName: "logout" */ '../features/auth/pages/LogoutPage'),
  auth: () => import(/* webpackChunkName: "auth-router" */ '../features/onboarding/pages/AuthRouterPage'),
  install: () => import(/* webpackChunkName: "install" */ '../features/onboarding/pages/InstallPage'),
  installed: () => import(/* webpackChunkName: "installed" */ '../features/onboarding/pages/InstalledPage'),
  welcome: () => import(/* webpackChunkName: "welcome" */ '../features/onboarding/pages/WelcomePage'),
  complete: () => import(/* webpackChunkName: "complete" */ '../features/onboarding/pages/CompletePage'),
  uninstalled: () =>
    import(/* webpackChunkName: "uninstalled" */ '../features/onboarding/pages/UninstalledPage'),
  'accept-invitation': () =>
    import(/* webpackChunkName: "accept-invitation" */ '../features/onboarding/pages/AcceptInvitationPage'),
  // docs/product.md#invitation-links: where an organization's invitation link leads.
  'join/:token': () =>
    import(/* webpackChunkName: "join-link" */ '../features/onboarding/pages/JoinLinkPage'),
  connect: () => import(/* webpackChunkName: "connect" */ '../features/connection/pages/ConnectPage'),
  callback: () => import(/* webpackChunkName: "callback" */ '../features/connection/pages/CallbackPage'),
  // docs/product.md#single-sign-on: where the identity provider sends the browser back.
  'sso/callback': () =>
    import(/* webpackChunkName: "sso-callback" */ '../features/auth/pages/SsoCallbackPage'),
  'connect-api-key': () =>
    import(/* webpackChunkName: "connect-api-key" */ '../features/connection/pages/ConnectApiKeyPage'),
  connected: () => import(/* webpackChunkName: "connected" */ '../features/connection/pages/ConnectedPage'),
  // Linked from the footer of the public pages.
  terms: () => import(/* webpackChunkName: "terms" */ '../features/legal/pages/TermsPage'),
  privacy: () => import(/* webpackChunkName: "privacy" */ '../features/legal/pages/PrivacyPage'),
};
