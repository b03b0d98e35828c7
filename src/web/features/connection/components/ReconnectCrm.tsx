import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Software } from '../../../api/contract-types';
import ErrorAlert from '../../../components/ErrorAlert';
import { t } from '../../../i18n';
import { dashboardPaths } from '../../../lib/paths';
import { useOAuthConnect } from '../hooks/use-oauth-connect';
import { setAuthAttempt } from '../lib/connection-storage';
import { needsPreconnect, offersOAuth } from '../lib/software-connection';
import ConnectMethods from './ConnectMethods';
import OAuthWindowNotice from './OAuthWindowNotice';

export interface ReconnectCrmProps {
  software: Software;
  role?: string | null;
  memberCount?: number | null;
  /** The organization's shared connection, which only its admins reconnect: no button for this member. */
  byAdmin?: boolean;
}

/**
 * A connection the CRM no longer accepts (docs/product.md#connection-health): says so, and Reconnect starts
 * the normal connect flow: the OAuth window at once when nothing needs asking first, else the connect
 * options (the pre-connect form, or the API key form for a CRM without OAuth). A new connection clears the
 * status. The organization's shared connection is its admins' to reconnect: a member is told so.
 */
export default function ReconnectCrm({ software, role, memberCount, byAdmin = false }: ReconnectCrmProps) {
  const oauth = useOAuthConnect(software, dashboardPaths.connected);
  const [choosing, setChoosing] = useState(false);
  const withOAuth = offersOAuth(software);
  const asksFirst = needsPreconnect(software, { allowOrganizationChoice: true, role, memberCount });

  let action;
  if (byAdmin) {
    action = null;
  } else if (choosing) {
    action = <ConnectMethods software={software} variant="dashboard" role={role} memberCount={memberCount} />;
  } else if (!withOAuth) {
    action = (
      <Button
        component={RouterLink}
        to={dashboardPaths.connectApiKey}
        variant="contained"
        onClick={() => setAuthAttempt('api key')}
      >
        {t('Reconnect')}
      </Button>
    );
  } else {
    action = (
      <Button variant="contained" onClick={() => (asksFirst ? setChoosing(true) : oauth.openOAuth())}>
        {t('Reconnect')}
      </Button>
    );
  }

  return (
    <Stack spacing={2} alignItems="flex-start">
      <Chip color="warning" label={t('Needs attention')} />
      <Alert severity="warning">
        {byAdmin
          ? t("{software} no longer accepts your organization's connection: an admin reconnects it.", {
              software: software.software,
            })
          : t('{software} no longer accepts this connection: reconnect it to keep syncing profiles.', {
              software: software.software,
            })}
      </Alert>
      {action}
      <ErrorAlert error={oauth.errorText} />
      {oauth.opened && <OAuthWindowNotice softwareName={software.software} />}
    </Stack>
  );
}
