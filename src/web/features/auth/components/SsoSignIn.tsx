/**
 * "Sign in with SSO" on /login (docs/product.md#single-sign-on): a button that opens its form, loaded then
 * with single sign-on's endpoints, so the login page's first load carries only the button
 * (docs/performance.md#size-budgets). A sign-in the identity provider sent back refused comes back to
 * /login with its sentence (/sso/callback hands it over): the form opens with it. The "Sign in again"
 * dialog offers it too (ReauthDialog.tsx), with the account's address filled in and a word of its own.
 */
import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { loadable } from '../../../components/loadable';
import LoadingState from '../../../components/LoadingState';
import { t } from '../../../i18n';
import type { SsoSignInFormProps } from './SsoSignInForm';

const form = loadable(() => import(/* webpackChunkName: "sso-sign-in" */ './SsoSignInForm'));
const SsoSignInForm = form.Component;

/** The sentence of a refused single sign-on that /sso/callback handed over (lib/single-sign-on.ts). */
function useRefusal(): string | null {
  const location = useLocation() as { state?: { ssoRefusal?: unknown } | null };
  const refusal = location.state?.ssoRefusal;
  return typeof refusal === 'string' && refusal ? refusal : null;
}

export default function SsoSignIn(props: Omit<SsoSignInFormProps, 'refusal'>) {
  const refusal = useRefusal();
  const [open, setOpen] = useState(refusal !== null);
  if (!open) {
    return (
      <Button
        variant="outlined"
        size="large"
        disabled={props.disabled}
        // The form's code starts downloading at the first sign of interest.
        onPointerEnter={() => void form.load().catch(() => undefined)}
        onClick={() => setOpen(true)}
      >
        {t('Sign in with SSO')}
      </Button>
    );
  }
  return (
    <Suspense fallback={<LoadingState />}>
      <SsoSignInForm {...props} refusal={refusal} />
    </Suspense>
  );
}
