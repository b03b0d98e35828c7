/**
 * /accept-invitation for someone signed in: they joined the organization by opening the invitation, were a
 * member of it already, or are signed in at another address than the invited one (they log out to sign up
 * with it; the token is kept for that signup).
 */
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { selectUser, useLogOut } from '../../../entities/session';
import { t, translated } from '../../../i18n';
import { setItem, storageKeys } from '../../../lib/storage';
import { useGoToNextScreen } from '../hooks/use-next-screen';
import StepPage from './StepPage';

export type SignedInOutcome =
  /** `message` is the server's: 'You joined {organization}.', or a notice that no paid seat was free. */
  | { kind: 'joined'; organization: string; message: string }
  | { kind: 'member'; organization: string }
  | {
      kind: 'other-address';
      organization: string;
      invited: string;
      signedInAs: string;
      token: string;
      /** The signup with the invited address. */
      to: string;
    };

export default function SignedInInvitation({ outcome }: { outcome: SignedInOutcome }) {
  const { organization } = outcome;
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

function DashboardLink() {
  return (
    <Link component={RouterLink} to="/dashboard">
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
        {t('This invitation is for {invited}, but you are signed in as {email}.', {
          invited: outcome.invited,
          email: outcome.signedInAs,
        })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" disabled={loggingOut} onClick={() => void logOutAndContinue()}>
          {t('Log out and continue')}
        </Button>
        <Button variant="outlined" component={RouterLink} to="/dashboard">
          {t('Go to dashboard')}
        </Button>
      </Stack>
    </StepPage>
  );
}
