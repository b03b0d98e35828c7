import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { selectUser } from '../../../entities/session';
import { useChosenSoftware } from '../../../entities/crm';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/use-document-title';
import ConnectionCard from '../components/ConnectionCard';
import LoadingState from '../../../components/LoadingState';
import { hasApiKey, hasOAuthToken } from '../lib/connection-data';
import { readStoredCredentials } from '../lib/connection-storage';
import ConnectionHeading from '../components/ConnectionHeading';
import { t, translated } from '../../../i18n';
import { dashboardPaths } from '../../../lib/paths';

function storedCredentialsText(): string {
  const stored = readStoredCredentials();
  if (hasOAuthToken(stored)) return 'Yes (OAuth)';
  if (hasApiKey(stored)) return 'Yes (API key)';
  return 'No';
}

/**
 * /dashboard/connection/status: a static summary. The spec does not show its content, so it shows what
 * the app knows without asking the extension: the CRM, whether this browser holds credentials, and
 * whether the account has a saved connection.
 */
export default function ConnectionStatusPage() {
  useDocumentTitle('Connection status');
  const user = useAppSelector(selectUser);
  const { software, isLoading } = useChosenSoftware();
  const [credentials] = useState(storedCredentialsText);

  const rows: [string, string][] = [
    ['CRM', software?.software ?? 'No CRM chosen'],
    ['Credentials stored in this browser', credentials],
    ['Connection saved on your account', user?.connection_id ? 'Yes' : 'No'],
  ];
  if (user?.connection_id && user.connection_id !== user.personal_connection_id) {
    rows.push(['Connection shared by', 'Your organization']);
  }

  return (
    <ConnectionCard>
      <Stack spacing={3} alignItems="flex-start">
        <ConnectionHeading>{t('Connection status')}</ConnectionHeading>
        {isLoading ? (
          <LoadingState />
        ) : (
          <Stack component="dl" spacing={1.5} sx={{ m: 0, width: '100%' }}>
            {rows.map(([term, value]) => (
              <Stack key={term} direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
                <Typography component="dt" color="text.secondary" sx={{ minWidth: { sm: 260 } }}>
                  {translated(term)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
                  {translated(value)}
                </Typography>
              </Stack>
            ))}
          </Stack>
        )}
        <Button component={RouterLink} to={dashboardPaths.connection} variant="outlined">
          {t('Manage connection')}
        </Button>
      </Stack>
    </ConnectionCard>
  );
}
