import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';
import { publicPaths } from '../../../lib/paths';

/**
 * A connection belongs to an account (every CRM call needs a session), so a signed-out visitor on a
 * connection screen is sent to log in or sign up first rather than into a form that can only fail.
 */
export default function SignInFirst() {
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Alert severity="info" sx={{ width: '100%' }}>
        {t('Log in, or create your account, to connect your CRM.')}
      </Alert>
      <Stack direction="row" spacing={2}>
        <Button component={RouterLink} to={publicPaths.login} variant="contained">
          {t('Log in')}
        </Button>
        <Button component={RouterLink} to={publicPaths.signup} variant="outlined">
          {t('Sign up')}
        </Button>
      </Stack>
    </Stack>
  );
}
