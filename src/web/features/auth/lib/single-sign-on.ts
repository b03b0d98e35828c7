/**
 * docs/product.md#single-sign-on in the browser. "Sign in with SSO" leaves for the identity provider; the
 * page the user signed in from is kept in this tab's session storage meanwhile (the provider's pages are
 * in between). The provider sends the browser back to /sso/callback (SAML's by way of the server's
 * /sso/saml/acs, which puts what it concluded in the query), whose entry work posts the query to finish-sso: signed in, the user goes on as after any login; a test of the connection
 * returns to the Organization page with its result; a refusal is shown on /login, by its code (to someone
 * still signed in, an admin whose test failed, as a notice where they started).
 */
import { ssoApi } from '../../../api/endpoints/sso';
import { errorMessage } from '../../../api/errors';
import type { AppStore } from '../../../app/store';
import { notify } from '../../../components/feedback/notices';
import { msg, serverText, t } from '../../../i18n';
import { dashboardPaths } from '../../../lib/paths';
import { screenAfterSignIn } from '../hooks/use-continue-onboarding';
import { sessionSettled } from '../../../entities/session';
import { takeSsoReturn } from '../../../lib/sso-return';

/** Shown when /sso/callback is opened without a sign-in to finish. */
export const NO_SSO_SIGN_IN = msg(
  'There is no sign-in with SSO to finish here. Start one with "Sign in with SSO".',
);
const SSO_FAILED = msg('Single sign-on failed. Please try again.');

export type SsoCallbackOutcome =
  /** Signed in, or a test that ended: go there. */
  | { kind: 'go'; to: string }
  /** Not signed in: /login says why. */
  | { kind: 'refused'; text: string };

const optional = (params: URLSearchParams, name: string, max: number) => {
  const value = params.get(name);
  return value ? { [name]: value.slice(0, max) } : {};
};

/** The entry work of /sso/callback: runs once (a state works once). */
export async function finishSingleSignOn(
  store: AppStore,
  params: URLSearchParams,
): Promise<SsoCallbackOutcome> {
  const state = params.get('state');
  // SAML's answer was posted to the server's /sso/saml/acs, which sends the browser here with what it concluded.
  const samlOutcome = params.get('saml_outcome');
  if (!state && !samlOutcome) return { kind: 'refused', text: t(NO_SSO_SIGN_IN) };
  let answer;
  try {
    answer = await store
      .dispatch(
        ssoApi.endpoints.finishSso.initiate({
          ...(state ? { state: state.slice(0, 512) } : {}),
          ...optional(params, 'saml_outcome', 4096),
          ...optional(params, 'code', 4096),
          ...optional(params, 'iss', 2048),
          ...optional(params, 'error', 200),
          ...optional(params, 'error_description', 2000),
        }),
      )
      .unwrap();
  } catch (error) {
    const text = errorMessage(error, t(SSO_FAILED));
    // /login sends a signed-in visitor on to the dashboard: the sentence goes with them instead.
    if (await sessionSettled(store)) {
      store.dispatch(notify(text, 'error'));
      return { kind: 'go', to: takeSsoReturn() ?? dashboardPaths.overview };
    }
    return { kind: 'refused', text };
  }
  if (answer.outcome === 'tested') {
    store.dispatch(notify(serverText(answer), 'success'));
    return { kind: 'go', to: takeSsoReturn() ?? dashboardPaths.organization };
  }
  const to = await screenAfterSignIn(store.dispatch, answer.user, answer.software?.slug, takeSsoReturn());
  return { kind: 'go', to };
}
