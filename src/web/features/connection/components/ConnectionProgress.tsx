import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { Link as RouterLink } from 'react-router-dom';
import ConnectionHeading from './ConnectionHeading';
import { t, translated } from '../../../i18n';
import { CONNECTION_ERROR_HINTS } from '../lib/oauth-callback';

/** docs/product.md#connection-screen-states: connecting, then testing, then success or error. */
type ConnectionStatus = 'connecting' | 'testing' | 'success' | 'error';

export interface ConnectionProgressProps {
  status: ConnectionStatus;
  /** What went wrong, under the 'Connection Error.' heading. */
  errorText?: string | null;
  /** Where 'Try again' leads: the OAuth or the API key screen, whichever was tried. */
  tryAgainHref: string;
  /** Said under 'Successfully connected.' (where the automatic redirect goes). */
  successHint?: string;
  /** Offered first after an error because nobody is signed in: where to log in. */
  signInHref?: string;
}

export default function ConnectionProgress({
  status,
  errorText,
  tryAgainHref,
  successHint,
  signInHref,
}: ConnectionProgressProps) {
  if (status === 'error') {
    return (
      <Stack spacing={2} alignItems="center" textAlign="center">
        <ErrorOutline color="error" sx={{ fontSize: 56 }} aria-hidden />
        <ConnectionHeading>{t('Connection Error.')}</ConnectionHeading>
        {errorText ? (
          <Alert severity="error" sx={{ width: '100%', textAlign: 'left' }}>
            {translated(errorText)}
            {CONNECTION_ERROR_HINTS[errorText] ? (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {t(CONNECTION_ERROR_HINTS[errorText])}
              </Typography>
            ) : null}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={2}>
          {signInHref ? (
            <Button component={RouterLink} to={signInHref} variant="contained">
              {t('Log in')}
            </Button>
          ) : null}
          <Button component={RouterLink} to={tryAgainHref} variant={signInHref ? 'outlined' : 'contained'}>
            {t('Try again')}
          </Button>
        </Stack>
      </Stack>
    );
  }
  if (status === 'success') {
    return (
      <Stack spacing={2} alignItems="center" textAlign="center" role="status">
        <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} aria-hidden />
        <ConnectionHeading>{t('Successfully connected.')}</ConnectionHeading>
        {successHint ? <Typography color="text.secondary">{translated(successHint)}</Typography> : null}
      </Stack>
    );
  }
  return (
    <Stack spacing={2} alignItems="center" textAlign="center" role="status" aria-busy>
      <CircularProgress aria-label={status === 'testing' ? t('Testing connection') : t('Connecting')} />
      <ConnectionHeading>
        {status === 'testing' ? t('Testing connection.') : t('Connecting...')}
      </ConnectionHeading>
    </Stack>
  );
}
