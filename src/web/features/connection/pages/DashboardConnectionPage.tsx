import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { selectUser } from '../../../entities/session';
import { connectionAttention, useChosenSoftware } from '../../../entities/crm';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/use-document-title';
import ConnectMethods from '../components/ConnectMethods';
import ConnectionCard from '../components/ConnectionCard';
import ReconnectCrm from '../components/ReconnectCrm';
import LoadingState from '../../../components/LoadingState';
import SoftwareLogo from '../components/SoftwareLogo';
import ChooseSoftware from '../components/ChooseSoftware';
import { useExtensionConnection } from '../hooks/use-extension-connection';
import ConnectionHeading from '../components/ConnectionHeading';
import ErrorAlert from '../../../components/ErrorAlert';
import { t, translated } from '../../../i18n';
import { dashboardPaths } from '../../../lib/paths';

const AUTH_METHOD_LABEL = { oauth: 'OAuth Authentication', 'api key': 'API Key' } as const;

/**
 * /dashboard/connection (docs/product.md#dashboard-connection); a connection the CRM no longer accepts needs
 * attention first (docs/product.md#connection-health).
 */
export default function DashboardConnectionPage() {
  useDocumentTitle('CRM Connection');
  const user = useAppSelector(selectUser);
  const { software, isLoading: softwareLoading } = useChosenSoftware();
  const connection = useExtensionConnection(software?.slug);
  const checking = connection.status === 'waiting' || connection.status === 'verifying';
  const attention = user ? connectionAttention(user) : null;

  return (
    <ConnectionCard>
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} alignItems="center">
          {software ? <SoftwareLogo name={software.software} logoUrl={software.logo_url} size={48} /> : null}
          <ConnectionHeading>{t('CRM Connection')}</ConnectionHeading>
        </Stack>
        {software && attention ? (
          <ReconnectCrm
            software={software}
            role={user?.role}
            memberCount={user?.organization?.member_count}
            byAdmin={attention === 'ask-admin'}
          />
        ) : checking || softwareLoading ? (
          <LoadingState text="Checking your connection..." />
        ) : connection.status === 'connected' && connection.authType ? (
          <Stack spacing={2} alignItems="flex-start">
            <Chip color="success" label={t('Connected')} />
            <Typography>
              {software
                ? t('{software} is connected with', { software: software.software })
                : t('Connected with')}{' '}
              <strong>{translated(AUTH_METHOD_LABEL[connection.authType])}</strong>.
            </Typography>
            <Button component={RouterLink} to={dashboardPaths.disconnect} variant="outlined" color="error">
              {t('Disconnect')}
            </Button>
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Chip label={t('Not connected')} sx={{ alignSelf: 'flex-start' }} />
            <ErrorAlert error={connection.errorText} />
            {software ? (
              <ConnectMethods
                software={software}
                variant="dashboard"
                role={user?.role}
                memberCount={user?.organization?.member_count}
              />
            ) : (
              <ChooseSoftware notFoundText="Software not found." />
            )}
          </Stack>
        )}
      </Stack>
    </ConnectionCard>
  );
}
