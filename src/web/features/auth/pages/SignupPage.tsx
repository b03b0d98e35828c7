/**
 * /signup (docs/product.md#signing-up): CRM picker, Google sign-in, and the name/email/password form with a live
 * strength meter. Too weak and Weak passwords are refused before any call; after the account exists the
 * visitor continues along the onboarding order (docs/product.md#onboarding-order).
 */
import TextLink from '../../../components/TextLink';
import Stack from '@mui/material/Stack';
import TextInput from '../../../components/TextInput';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { passwordStrength, SIGNUP_PASSWORD_MESSAGE } from '../../../../shared/password-strength';
import { useGoogleAuthMutation, useSignupMutation } from '../../../api/endpoints/auth';
import { selectUser } from '../../../entities/session';
import { useChooseSoftware, useChosenSoftware, CrmPicker, loadCrmSelect } from '../../../entities/crm';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notify } from '../../../components/feedback/notices';
import { useDocumentTitle } from '../../../components/use-document-title';
import LoadingState from '../../../components/LoadingState';
import EmailField from '../components/EmailField';
import FormSubmit from '../components/FormSubmit';
import GoogleSection, { GOOGLE_WIDGET_ERROR, loadGoogleButton } from '../components/GoogleSection';

import PasswordField from '../components/PasswordField';
import { useContinueOnboarding } from '../hooks/use-continue-onboarding';
import { returnPathAfterReauth } from '../../../api/session-expiry';
import { failureMessage } from '../lib/failure';
import { onboardingFields, onboardingFieldsUsed } from '../lib/onboarding-fields';
import { msg, serverText, t } from '../../../i18n';
import { useHydrated } from '../../../components/use-hydrated';
import { firstInstallOn, passwordPrefilled } from '../../../../shared/prerender';
import { joinLinkPrefix, publicPaths } from '../../../lib/paths';

export const SIGNUP_HEADING = msg('Create your account');
export const NAME_REQUIRED = 'Name is required.';
export const FIRST_INSTALL_HEADING = msg(
  'Welcome! The extension is installed. Create your account to get started.',
);

// Only a visitor who is already signed in sees it: kept out of the page's first load.
const AlreadySignedIn = lazy(
  () => import(/* webpackChunkName: "already-signed-in" */ '../components/AlreadySignedIn'),
);

/**
 * A field's text: what the visitor typed, else the query's prefill (docs/product.md#public-routes). The prerendered page is
 * drawn without the prefill (one page for every query), so it is filled in once hydrated: a text in a box
 * of the same size, nothing moves.
 */
function usePrefilled(prefill: string | null): [string, (value: string) => void] {
  const hydrated = useHydrated();
  const [typed, setTyped] = useState<string | null>(null);
  return [typed ?? (hydrated ? (prefill ?? '') : ''), setTyped];
}

/**
 * An invitation link that sent the visitor here to sign up (docs/product.md#invitation-links) is where they come back; any other
 * `next` is ignored, so a new account always goes through the onboarding order (docs/product.md#onboarding-order).
 */
function signupReturnPath(next: string | null): string | null {
  const path = returnPathAfterReauth(next, window.location.origin);
  return path?.startsWith(joinLinkPrefix) ? path : null;
}

/** The Google button and the CRM select are on the first screen (app/onboarding-chunk.ts). */
export const firstScreen = () => Promise.all([loadGoogleButton(), loadCrmSelect()]);

/** Signup's notice (a seat that was not free, an invitation to confirm the address) by its code. */
const noticeText = (answer: {
  notice?: string;
  notice_code?: string;
  notice_params?: Record<string, string | number>;
}) => serverText({ message: answer.notice!, code: answer.notice_code, params: answer.notice_params });

export default function SignupPage() {
  useDocumentTitle('Sign up');
  const [params] = useSearchParams();
  const firstInstall = firstInstallOn(params.get('first_install'));
  const [name, setName] = usePrefilled(params.get('name'));
  const [email, setEmail] = usePrefilled(params.get('email'));
  const [password, setPassword] = usePrefilled(params.get('password'));
  const [formError, setFormError] = useState<string | null>(null);
  const [signup, { isLoading: signingUp }] = useSignupMutation();
  const [googleAuth, { isLoading: googleBusy }] = useGoogleAuthMutation();
  const continueOnboarding = useContinueOnboarding();
  const dispatch = useAppDispatch();
  const busy = signingUp || googleBusy;
  const user = useAppSelector(selectUser);
  // Set while this page signs someone up: the new session must not turn the page into "already signed in".
  const [signingUpHere, setSigningUp] = useState(false);
  const { slug: chosenSlug } = useChosenSoftware();
  const chooseSoftware = useChooseSoftware();
  const returnTo = () => signupReturnPath(params.get('next'));

  if (user && !signingUpHere) {
    return (
      <Suspense fallback={<LoadingState />}>
        <AlreadySignedIn email={user.email} />
      </Suspense>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!name.trim()) {
      setFormError(NAME_REQUIRED);
      return;
    }
    const strength = passwordStrength(password);
    if (strength === 'Too weak' || strength === 'Weak') {
      setFormError(SIGNUP_PASSWORD_MESSAGE);
      return;
    }
    setSigningUp(true);
    try {
      const result = await signup({
        name: name.trim(),
        email: email.trim(),
        password,
        ...onboardingFields(),
      }).unwrap();
      onboardingFieldsUsed();
      if (result.notice) dispatch(notify(noticeText(result), 'info'));
      await continueOnboarding(result.user, result.user.software?.slug, returnTo());
    } catch (error) {
      setSigningUp(false);
      setFormError(failureMessage(error, 'Signup failed', 'Something went wrong'));
    }
  }

  async function signUpWithGoogle(token: string) {
    setFormError(null);
    setSigningUp(true);
    try {
      const result = await googleAuth({ token, type: 'signup', ...onboardingFields() }).unwrap();
      onboardingFieldsUsed();
      if (result.notice) dispatch(notify(noticeText(result), 'info'));
      await continueOnboarding(result.user, result.user.software?.slug, returnTo());
    } catch (error) {
      setSigningUp(false);
      setFormError(failureMessage(error, 'Google auth failed', 'An error occurred during Google signup'));
    }
  }

  return (
    <Stack spacing={2.5}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {firstInstall ? t(FIRST_INSTALL_HEADING) : t(SIGNUP_HEADING)}
      </Typography>
      <CrmPicker value={chosenSlug} onChoose={chooseSoftware} />
      <GoogleSection
        context="signup"
        busy={googleBusy}
        onCredential={(token) => void signUpWithGoogle(token)}
        onError={() => setFormError(GOOGLE_WIDGET_ERROR)}
      />
      <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} aria-label={t('Sign up')}>
        <TextInput
          label={t('Name')}
          name="name"
          autoComplete="name"
          required
          fullWidth
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <EmailField value={email} onChange={setEmail} />
        <PasswordField
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          strengthMeterId="signup-password-strength"
          reserveMeterSpace={passwordPrefilled(params.get('password'))}
        />
        <FormSubmit error={formError} disabled={busy}>
          {signingUp ? t('Signing up...') : t('Sign up')}
        </FormSubmit>
      </Stack>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t('Already have an account?')} <TextLink to={publicPaths.login}>{t('Log in')}</TextLink>
      </Typography>
    </Stack>
  );
}
