/**
 * Organization settings > Single sign-on (docs/product.md#single-sign-on): the organization's connection to
 * its identity provider, what to paste there, and a test sign-in. Admins only; needs the company domain
 * verified by DNS, whose addresses are the ones that sign in.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Schemas } from '../../../api/contract-types';
import {
  useDeleteSsoConnectionMutation,
  useGetSsoConnectionQuery,
  useTestSsoConnectionMutation,
} from '../../../api/endpoints/sso';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { serverText, t } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { dashboardPaths } from '../../../lib/paths';
import { leaveAppTo } from '../../../lib/safe-redirect';
import { rememberSsoReturn } from '../../../lib/sso-return';
import { SSO_DELETE_FAILED, SSO_LOAD_FAILED, SSO_TEST_FAILED } from '../lib/errors';
import { ConfirmDialog } from './ConfirmDialog';
import { RequireSsoSwitch } from './RequireSsoSwitch';
import { ProviderValues, SsoConnectionForm } from './SsoConnectionForm';

type Connection = Schemas['SsoConnection'];

export function SingleSignOnSettings({ onDone }: { onDone: (message: string) => void }) {
  const settings = useGetSsoConnectionQuery();
  const [editing, setEditing] = useState(false);
  if (settings.isLoading) return <LoadingState shape="form" />;
  if (settings.isError || !settings.data) {
    return (
      <ErrorAlert
        error={withDetail(SSO_LOAD_FAILED, settings.error)}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  const data = settings.data.data;
  const saved = (message: string) => {
    setEditing(false);
    onDone(message);
  };
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        {t(
          'People with an address at your company domain sign in through your identity provider (Okta, Entra ID, Google Workspace...). A first sign-in makes them a Free member.',
        )}
      </Typography>
      {data.domain === null ? (
        <Alert severity="info">
          {t('Verify your company domain by DNS first: only addresses at that domain can sign in with SSO.')}
        </Alert>
      ) : (
        <>
          <Typography>
            {t('People with an address at {domain} can sign in with SSO.', { domain: data.domain })}
          </Typography>
          {data.connection && !editing ? (
            <>
              <ProviderValues settings={data} protocol={data.connection.protocol} />
              <ConnectionSummary
                connection={data.connection}
                onEdit={() => setEditing(true)}
                onDone={onDone}
              />
              <RequireSsoSwitch
                domain={data.domain}
                required={data.require_sso}
                tested={data.connection.tested_at !== null}
                onDone={onDone}
              />
            </>
          ) : (
            <>
              {!data.connection && <Typography>{t('No single sign-on connection yet.')}</Typography>}
              <SsoConnectionForm
                connection={data.connection}
                settings={data}
                onSaved={saved}
                onCancel={data.connection ? () => setEditing(false) : undefined}
              />
            </>
          )}
        </>
      )}
    </Stack>
  );
}

function ConnectionSummary({
  connection,
  onEdit,
  onDone,
}: {
  connection: Connection;
  onEdit: () => void;
  onDone: (message: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<ErrorText | null>(null);
  const [remove, removing] = useDeleteSsoConnectionMutation();
  const [test, testing] = useTestSsoConnectionMutation();
  const [leaving, setLeaving] = useState(false);

  const startTest = async () => {
    setError(null);
    try {
      const { redirect_url: url } = await test().unwrap();
      setLeaving(true);
      // The test comes back here, with its result (features/auth/lib/single-sign-on.ts).
      rememberSsoReturn(dashboardPaths.organization);
      leaveAppTo(url);
    } catch (failure) {
      setError(withDetail(SSO_TEST_FAILED, failure));
    }
  };
  const confirmDelete = async () => {
    setError(null);
    try {
      const answer = await remove().unwrap();
      setConfirming(false);
      onDone(serverText(answer));
    } catch (failure) {
      setConfirming(false);
      setError(withDetail(SSO_DELETE_FAILED, failure));
    }
  };
  const oidc = connection.protocol === 'oidc';
  return (
    <Stack component="section" spacing={1} aria-label={t('Single sign-on connection')}>
      <Typography>
        {oidc
          ? t('OpenID Connect: {issuer}, client ID {client}.', {
              issuer: connection.issuer ?? '',
              client: connection.client_id ?? '',
            })
          : t('SAML: the identity provider’s metadata is saved.')}
      </Typography>
      <Typography role="status" color={connection.tested_at ? 'success.main' : 'text.secondary'}>
        {connection.tested_at
          ? t('Last test worked on {date}.', { date: formatDateTime(connection.tested_at) })
          : t('Not tested yet.')}
      </Typography>
      {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {/* Either protocol: the switch below waits for a test (docs/product.md#require-sso). */}
        <Button variant="contained" disabled={testing.isLoading || leaving} onClick={() => void startTest()}>
          {testing.isLoading || leaving ? t('Opening your identity provider...') : t('Test connection')}
        </Button>
        <Button variant="outlined" onClick={onEdit}>
          {t('Edit')}
        </Button>
        <Button color="error" onClick={() => setConfirming(true)}>
          {t('Delete')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('Delete the single sign-on connection?')}
        confirmLabel={t('Delete')}
        busyLabel={t('Deleting...')}
        busy={removing.isLoading}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
      >
        {t('Your people will sign in with their passwords (or Google) again. Sessions already started stay.')}
      </ConfirmDialog>
    </Stack>
  );
}
