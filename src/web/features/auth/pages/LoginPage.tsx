/**
 * /login (docs/product.md#logging-in): Google sign-in or email and password. `reauth=true` ends the session first and
 * says why, with the address of the account that was signed in (or `email=`) filled in; it is what a
 * full-page load finds where the app would ask in a dialog (the extension's /auth?reauth=true); a visitor who arrives signed in goes to /dashboard; after a login the onboarding order decides.
 */
import Alert from '../../../components/LazyAlert';
import TextLink from '../../../components/TextLink';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Await, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import {
  useGoogleAuthMutation,
  useLoginMutation,
  useVerifyTwoFactorMutation,
} from '../../../api/endpoints/auth';
import type { User } from '../../../api/contract-types';
import { errorStatus, serverMessage } from '../../../api/errors';
import { policyEnding, returnPathAfterReauth } from '../../../api/session-expiry';
import { logOut, selectUser, sessionSettled } from '../../../entities/session';
import { useAppSelector } from '../../../app/hooks';
import { useEntryData, type EntryLoader } from '../../../app/route-entry';
import LoadingState from '../../../components/LoadingState';
import { useDocumentTitle } from '../../../components/use-document-title';
import { getItem, storageKeys } from '../../../lib/storage';
import EmailField from '../components/EmailField';
import FormSubmit from '../components/FormSubmit';
import GoogleSection, { GOOGLE_WIDGET_ERROR, loadGoogleButton } from '../components/GoogleSection';

import PasswordField from '../components/PasswordField';
import SsoSignIn from '../components/SsoSignIn';
import type { TwoFactorCodeFormProps } from '../components/TwoFactorCodeForm';
import { useContinueOnboarding } from '../hooks/use-continue-onboarding';
import { failureMessage } from '../lib/failure';
import { onboardingFields, onboardingFieldsUsed } from '../lib/onboarding-fields';
import { msg, serverText, t } from '../../../i18n';
import { dashboardPaths, publicPaths } from '../../../lib/paths';

const SESSION_EXPIRED = msg('Session expired, please login again.');

// The code step only follows a right password of an account with two-factor sign-in: its form loads when a
// sign-in starts, not with the page (docs/performance.md#size-budgets).
const loadCodeForm = () =>
  import(/* webpackChunkName: "two-factor-code" */ '../components/TwoFactorCodeForm');
const TwoFactorCodeForm = lazy(loadCodeForm);

/** The code step, its form shown once loaded. */
function CodeStep(props: TwoFactorCodeFormProps) {
  return (
    <Suspense fallback={<LoadingState />}>
      <TwoFactorCodeForm {...props} />
    </Suspense>
  );
}

/** A sign-in with the password starts: the form does not leave the page, and the code step starts loading. */
function startSignIn(event: FormEvent<HTMLFormElement>) {
  event.preventDefault();
  void loadCodeForm().catch(() => undefined); // A head start only: the step loads it again if needed.
}

/**
 * `reauth=true` ends the session on entry and resolves with the address to sign in again: `email=`, else
 * that of the user who was signed in (read once the initial load has said who, before the logout forgets
 * them). The form waits for that.
 */
/** The Google button is on the first screen (app/onboarding-chunk.ts). */
export const firstScreen = loadGoogleButton;

export const loader = (({ store, url }) => ({
  signedOut:
    url.searchParams.get('reauth') === 'true'
      ? sessionSettled(store).then(async (user) => {
          await logOut(store.dispatch);
          return url.searchParams.get('email') ?? user?.email ?? '';
        })
      : null,
})) satisfies EntryLoader;

/**
 * Google login fallbacks (docs/product.md#authentication-texts): an answer without a message is 'Google login failed', an answer that
 * signs nobody in is 'Google auth failed', no answer at all is 'An error occurred during Google login'.
 */
function googleLoginMessage(error: unknown): string {
  if (error instanceof MissingUserError) return 'Google auth failed';
  const message = serverMessage(error);
  if (message) return message;
  return errorStatus(error) === undefined ? 'An error occurred during Google login' : 'Google login failed';
}

class MissingUserError extends Error {}

/**
 * Whether /login signs out first (`reauth=true`) and what it says then: why the organization's policy ended the session when it did (app/AppFrame.tsx
 * passes the server's words; docs/product.md#session-and-network-policies), else the plain expiry.
 */
function useReauth(params: URLSearchParams): { reauth: boolean; notice: string } {
  const location = useLocation() as { state?: { sessionEndedBy?: unknown } | null };
  const endedBy = policyEnding(location.state?.sessionEndedBy);
  return {
    reauth: params.get('reauth') === 'true',
    notice: endedBy ? serverText(endedBy) : t(SESSION_EXPIRED),
  };
}

export default function LoginPage() {
  useDocumentTitle('Login');
  const [params] = useSearchParams();
  const { reauth, notice: reauthNotice } = useReauth(params);
  // The page a session ended on (DashboardGuard): signing in again returns there. Read when signing in
  // (the page is also rendered without a window, prerender.tsx).
  const returnTo = () => returnPathAfterReauth(params.get('next'), window.location.origin);
  const user = useAppSelector(selectUser);
  // What the visitor typed; until then, the address the reauth entry resolved with.
  const [typedEmail, setEmail] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const begin = () => {
    setFormError(null);
    setSigningIn(true);
  };
  const fail = (message: string) => {
    setSigningIn(false);
    setFormError(message);
  };
  // Set when this page signs someone in: the onboarding order decides where they go, not the redirect below.
  const [signingIn, setSigningIn] = useState(false);
  const [login, { isLoading: loggingIn }] = useLoginMutation();
  // Two-factor sign-in: the password was right and the code is next.
  const [codeStep, setCodeStep] = useState(false);
  const [code, setCode] = useState('');
  const [verifyTwoFactor, { isLoading: verifying }] = useVerifyTwoFactorMutation();
  const { signedOut } = useEntryData<typeof loader>();
  const continueOnboarding = useContinueOnboarding();
  const { logInWithGoogle, googleBusy } = useGoogleLogin({
    begin,
    signedIn: (user) => continueOnboarding(user, user.software?.slug, returnTo()),
    failed: (message) => fail(message),
  });

  if (user && !reauth && !signingIn) return <Navigate to={dashboardPaths.overview} replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    startSignIn(event);
    // As shown: typed, or filled in by the reauth entry.
    const email = (event.currentTarget.elements.namedItem('email') as HTMLInputElement | null)?.value ?? '';
    begin();
    try {
      const result = await login({
        email: email.trim(),
        password,
        software: getItem(storageKeys.software),
      }).unwrap();
      if ('two_factor_required' in result) {
        setSigningIn(false);
        setCodeStep(true);
        return;
      }
      await continueOnboarding(result.user, result.software?.slug ?? result.user.software?.slug, returnTo());
    } catch (error) {
      fail(failureMessage(error, 'Login failed', 'Login failed'));
    }
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    begin();
    try {
      const result = await verifyTwoFactor({ code: code.trim() }).unwrap();
      await continueOnboarding(result.user, result.software?.slug ?? result.user.software?.slug, returnTo());
    } catch (error) {
      setSigningIn(false);
      // An expired or exhausted sign-in starts over with the password.
      if (errorStatus(error) === 401) {
        setCodeStep(false);
        setCode('');
      }
      setFormError(failureMessage(error, 'Login failed', 'Login failed'));
    }
  }

  const form = (prefilledEmail = '') =>
    codeStep ? (
      <CodeStep
        code={code}
        onCodeChange={setCode}
        onSubmit={(event) => void submitCode(event)}
        verifying={verifying}
        error={formError}
      />
    ) : (
      <>
        <GoogleSection
          context="login"
          busy={googleBusy}
          onCredential={(token) => void logInWithGoogle(token)}
          onError={() => setFormError(GOOGLE_WIDGET_ERROR)}
        />
        <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} aria-label={t('Log in')}>
          <EmailField value={typedEmail ?? prefilledEmail} onChange={setEmail} />
          <PasswordField value={password} onChange={setPassword} autoComplete="current-password" />
          <FormSubmit error={formError} disabled={loggingIn || googleBusy}>
            {loggingIn ? t('Logging in...') : t('Log in')}
          </FormSubmit>
        </Stack>
        <LoginLinks returnTo={returnTo} busy={loggingIn || googleBusy} />
      </>
    );

  return (
    <Stack spacing={2.5}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('Log in')}
      </Typography>
      {reauth ? <Alert severity="warning">{reauthNotice}</Alert> : null}
      {signedOut ? (
        <Suspense fallback={<LoadingState text="Signing you out..." />}>
          <Await resolve={signedOut}>{(accountEmail: string) => form(accountEmail)}</Await>
        </Suspense>
      ) : (
        form()
      )}
    </Stack>
  );
}

/** Signing in with Google (spec: "Google login fallbacks"): the token the widget gave, then where to go. */
function useGoogleLogin(on: {
  begin: () => void;
  signedIn: (user: User) => Promise<void>;
  failed: (message: string) => void;
}) {
  const [googleAuth, { isLoading: googleBusy }] = useGoogleAuthMutation();
  const logInWithGoogle = async (token: string) => {
    on.begin();
    try {
      const result = await googleAuth({ token, type: 'login', ...onboardingFields() }).unwrap();
      if (!result.user) throw new MissingUserError();
      onboardingFieldsUsed();
      await on.signedIn(result.user);
    } catch (error) {
      on.failed(googleLoginMessage(error));
    }
  };
  return { logInWithGoogle, googleBusy };
}

/** Below the form: single sign-on (docs/product.md#single-sign-on), the forgotten password, the signup. */
function LoginLinks({ returnTo, busy }: { returnTo: () => string | null; busy: boolean }) {
  return (
    <>
      <SsoSignIn returnTo={returnTo} disabled={busy} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <TextLink to={publicPaths.forgotPassword} variant="body2">
          {t('Forgot password?')}
        </TextLink>
        <Typography variant="body2">
          {t('No account?')} <TextLink to={publicPaths.signup}>{t('Sign up')}</TextLink>
        </Typography>
      </Stack>
    </>
  );
}
