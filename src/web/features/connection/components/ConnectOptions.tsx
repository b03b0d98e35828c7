import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';

export interface ConnectOptionsProps {
  /** auth_options is oauth or either. */
  showOAuth: boolean;
  /** auth_options is api key or either. */
  showApiKey: boolean;
  apiKeyHref: string;
  onOAuth: () => void;
  onApiKey?: () => void;
  oauthDisabled?: boolean;
}

/** 'Connect with OAuth' and 'Connect with API Key', each offered per the CRM's auth_options (docs/product.md#dashboard-connection). */
export default function ConnectOptions({
  showOAuth,
  showApiKey,
  apiKeyHref,
  onOAuth,
  onApiKey,
  oauthDisabled = false,
}: ConnectOptionsProps) {
  return (
    // Side by side from the small breakpoint on, equally wide, each label on one line.
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ '& > *': { flex: { sm: '1 1 0' }, whiteSpace: 'nowrap' } }}
    >
      {showOAuth ? (
        <Button variant="contained" size="large" onClick={onOAuth} disabled={oauthDisabled}>
          {t('Connect with OAuth')}
        </Button>
      ) : null}
      {showApiKey ? (
        <Button component={RouterLink} to={apiKeyHref} variant="outlined" size="large" onClick={onApiKey}>
          {t('Connect with API Key')}
        </Button>
      ) : null}
    </Stack>
  );
}
