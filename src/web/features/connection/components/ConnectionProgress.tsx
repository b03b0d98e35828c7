import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { Link as RouterLink } from 'react-router-dom';

/** Spec §4 "Connection screen states": connecting, then testing, then success or error. */
export type ConnectionStatus = 'connecting' | 'testing' | 'success' | 'error';

export interface ConnectionProgressProps {
  status: ConnectionStatus;
  /** What went wrong, under the 'Connection Error.' heading. */
  errorText?: string | null;
  /** Where 'Try again' leads: the OAuth or the API key screen, whichever was tried. */
  tryAgainHref: string;
  /** Said under 'Successfully connected.' (where the automatic redirect goes). */
  successHint?: string;
}

export default function ConnectionProgress({
  status,
  errorText,
  tryAgainHref,
  successHint,
}: ConnectionProgressProps) {
  if (status === 'error') {
    return (
      <Stack spacing={2} alignItems="center" textAlign="center">
        <ErrorOutline color="error" sx={{ fontSize: 56 }} aria-hidden />
        <Typography component="h1" variant="h5">
          Connection Error.
        </Typography>
        {errorText ? (
          <Alert severity="error" sx={{ width: '100%', textAlign: 'left' }}>
            {errorText}
          </Alert>
        ) : null}
        <Button component={RouterLink} to={tryAgainHref} variant="contained">
          Try again
        </Button>
      </Stack>
    );
  }
  if (status === 'success') {
    return (
      <Stack spacing={2} alignItems="center" textAlign="center" role="status">
        <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} aria-hidden />
        <Typography component="h1" variant="h5">
          Successfully connected.
        </Typography>
        {successHint ? <Typography color="text.secondary">{successHint}</Typography> : null}
      </Stack>
    );
  }
  return (
    <Stack spacing={2} alignItems="center" textAlign="center" role="status" aria-busy>
      <CircularProgress aria-label={status === 'testing' ? 'Testing connection' : 'Connecting'} />
      <Typography component="h1" variant="h5">
        {status === 'testing' ? 'Testing connection.' : 'Connecting...'}
      </Typography>
    </Stack>
  );
}
