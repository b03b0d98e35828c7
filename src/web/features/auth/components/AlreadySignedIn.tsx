/**
 * /signup for a visitor who is signed in already: say so rather than let them make a second account
 * unawares. They continue where the onboarding order puts them, or log out here to sign up afresh
 * (an invitation they arrived with is kept for that signup).
 */
import Alert from '../../../components/LazyAlert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { selectUser, useLogOut } from '../../../entities/session';
import { useAppSelector } from '../../../app/hooks';
import { getItem, setItem, storageKeys } from '../../../lib/storage';
import { useContinueOnboarding } from '../hooks/use-continue-onboarding';
import { t } from '../../../i18n';

export default function AlreadySignedIn({ email }: { email: string }) {
  const user = useAppSelector(selectUser);
  const continueOnboarding = useContinueOnboarding();
  const [logOut, { isLoading: loggingOut }] = useLogOut();

  async function logOutToSignUp() {
    const invitation = getItem(storageKeys.invitationToken);
    await logOut();
    if (invitation) setItem(storageKeys.invitationToken, invitation);
  }

  return (
    <Stack spacing={2.5}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('You are already signed in')}
      </Typography>
      <Alert severity="info">
        {t('You are signed in as {email}. To create another account, log out first.', { email })}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" size="large" onClick={() => user && void continueOnboarding(user)}>
          {t('Continue')}
        </Button>
        <Button variant="outlined" size="large" disabled={loggingOut} onClick={() => void logOutToSignUp()}>
          {t('Log out and create a new account')}
        </Button>
      </Stack>
    </Stack>
  );
}
