/**
 * /accept-invitation for someone signed in: the invitee joins with a click (the server checks seats
 * again then), a member of the organization is told so, and someone signed in at another address than the
 * invited one may log out to sign up with it (the token is kept for that signup).
 */
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ROLE_NAMES, roleOf } from '../../../../shared/permissions';
import { useAcceptInviteMutation } from '../../../api/endpoints/organization';
import { withDetail, type ErrorText } from '../../../api/errors';
import { useAppSelector } from '../../../app/hooks';
import ErrorAlert from '../../../components/ErrorAlert';
import { selectUser, useLogOut } from '../../../entities/session';
import { msg, t, translated } from '../../../i18n';
import { setItem, storageKeys } from '../../../lib/storage';
import { useGoToNextScreen } from '../hooks/use-next-screen';
import StepPage from './StepPage';
import { dashboardPaths } from '../../../lib/paths';

export const JOIN_FAILED = msg('Failed to join the organization');
const SESSION_CHANGED = msg('You signed out or changed accounts in another tab: reload this page.');

export type SignedInOutcome =
  | { kind: 'can-join'; organization: string; role: string; token: string }
  /** `message` is the server's: 'You joined {organization}.', or a notice that no paid seat was free. */
  | { kind: 'joined'; organization: string; message: string }
  | { kind: 'member'; organization: string }
  | {
      kind: 'other-address';
      organization: string;
      invited: string;
      /** Unknown when the app's session has not loaded (the server knew the cookie). */
      signedInAs: string | undefined;
      token: string;
      /** The signup with the invited address. */
      to: string;
    };

export default function SignedInInvitation({ outcome: checked }: { outcome: SignedInOutcome }) {
  // Joining here turns the checked outcome into 'joined' (or 'member', had another tab joined first).
  const [outcome, setOutcome] = useState(checked);
  const { organization } = outcome;
  if (outcome.kind === 'can-join') return <JoinOffer offer={outcome} onAnswer={setOutcome} />;
  if (outcome.kind === 'joined') {
    return (
      <StepPage title={t('Invitation accepted')}>
        <Typography role="status">{translated(outcome.message)}</Typography>
        <Onward />
      </StepPage>
    );
  }
  if (outcome.kind === 'member') {
    return (
      <StepPage title={t('Invitation to {organization}', { organization })}>
        <Typography role="status">
          {t('You are already a member of {organization}.', { organization })}
        </Typography>
        <DashboardLink />
      </StepPage>
    );
  }
  return <OtherAddress outcome={outcome} />;
}

/** The invitee joins with a click: the seat is checked then, and a refusal says why, with a retry. */
function JoinOffer({
  offer,
  onAnswer,
}: {
  offer: Extract<SignedInOutcome, { kind: 'can-join' }>;
  onAnswer: (outcome: SignedInOutcome) => void;
}) {
  const { organization } = offer;
  const [accept, { isLoading: joining }] = useAcceptInviteMutation();
  const [error, setError] = useState<ErrorText | null>(null);

  async function join() {
    setError(null);
    try {
      const { message, data } = await accept({ token: offer.token, join: true }).unwrap();
      if (data.outcome === 'joined') onAnswer({ kind: 'joined', organization, message });
      else if (data.outcome === 'member') onAnswer({ kind: 'member', organization });
      // Signed out, or in as someone else, in another tab meanwhile: nothing was joined.
      else setError({ text: JOIN_FAILED, detail: SESSION_CHANGED });
    } catch (failure) {
      setError(withDetail(JOIN_FAILED, failure));
    }
  }

  return (
    <StepPage title={t('Invitation to {organization}', { organization })}>
      <Typography>
        {t('You are invited to join {organization} as {role}.', {
          organization,
          role: t(ROLE_NAMES[roleOf(offer.role)]),
        })}
      </Typography>
      <ErrorAlert error={error} />
      <OrDashboard>
        <Button variant="contained" disabled={joining} onClick={() => void join()}>
          {joining ? t('Joining...') : t('Join {organization}', { organization })}
        </Button>
      </OrDashboard>
    </StepPage>
  );
}

/** Someone who joined mid-onboarding goes on with it (install, connect...); the others to the dashboard. */
function Onward() {
  const user = useAppSelector(selectUser);
  const goToNextScreen = useGoToNextScreen();
  if (user && !user.has_onboarded) {
    return (
      <div>
        <Button variant="contained" onClick={() => void goToNextScreen()}>
          {t('Continue')}
        </Button>
      </div>
    );
  }
  return <DashboardLink />;
}

/** The page's action, with staying signed in as it is as the way out. */
function OrDashboard({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {children}
      <Button variant="outlined" component={RouterLink} to={dashboardPaths.overview}>
        {t('Go to dashboard')}
      </Button>
    </Stack>
  );
}

function DashboardLink() {
  return (
    <Link component={RouterLink} to={dashboardPaths.overview}>
      {t('Go to dashboard')}
    </Link>
  );
}

function OtherAddress({ outcome }: { outcome: Extract<SignedInOutcome, { kind: 'other-address' }> }) {
  const navigate = useNavigate();
  const [logOut, { isLoading: loggingOut }] = useLogOut();

  async function logOutAndContinue() {
    await logOut();
    // Logging out clears the local storage: the token for the signup is kept after it.
    setItem(storageKeys.invitationToken, outcome.token);
    void navigate(outcome.to, { replace: true });
  }

  return (
    <StepPage title={t('Invitation to {organization}', { organization: outcome.organization })}>
      <Typography role="status">
        {outcome.signedInAs
          ? t('This invitation is for {invited}, but you are signed in as {email}.', {
              invited: outcome.invited,
              email: outcome.signedInAs,
            })
          : t('This invitation is for {invited}, but you are signed in with another address.', {
              invited: outcome.invited,
            })}
      </Typography>
      <OrDashboard>
        <Button variant="contained" disabled={loggingOut} onClick={() => void logOutAndContinue()}>
          {t('Log out and continue')}
        </Button>
      </OrDashboard>
    </StepPage>
  );
}
