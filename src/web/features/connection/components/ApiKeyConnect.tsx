import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Navigate, type To } from 'react-router-dom';
import { credentialsFragment } from '../lib/connection-data';
import { markAppFragment } from '../../../lib/app-fragment';
import { setAuthAttempt, storeApiKeys } from '../lib/connection-storage';
import { apiKeyFields } from '../lib/software-connection';
import { selectUser } from '../../../entities/session';
import { useChosenSoftware } from '../../../entities/crm';
import { useAppSelector } from '../../../app/hooks';
import ApiKeyForm, { type ApiKeyValues } from './ApiKeyForm';
import ConnectionCard from './ConnectionCard';
import ConnectionHeading from './ConnectionHeading';
import LoadingState from '../../../components/LoadingState';
import SignInFirst from './SignInFirst';
import SoftwareNotFound from './SoftwareNotFound';
import { t } from '../../../i18n';
import { dashboardPaths, publicPaths } from '../../../lib/paths';

const ROUTES = {
  public: { back: publicPaths.connect, backLabel: 'Back', connected: publicPaths.connected },
  dashboard: { back: dashboardPaths.connection, backLabel: 'Back', connected: dashboardPaths.connected },
} as const;

/**
 * The API key form of /connect-api-key and /dashboard/connect/api-key (docs/product.md#api-key-form). The keys are kept
 * in local storage; the dashboard also hands them to /dashboard/connected in the URL fragment.
 */
export default function ApiKeyConnect({ variant }: { variant: 'public' | 'dashboard' }) {
  const { software, isLoading } = useChosenSoftware();
  const user = useAppSelector(selectUser);
  const [next, setNext] = useState<To | null>(null);
  const routes = ROUTES[variant];

  const handleSubmit = (values: ApiKeyValues) => {
    storeApiKeys(values);
    setAuthAttempt('api key');
    // Navigating after the render rather than inside the submit event: React 19 treats a transition
    // started during a submit as a form action and snapshots the form's FormData.
    setNext(
      variant === 'dashboard'
        ? { pathname: routes.connected, hash: markAppFragment(credentialsFragment(values)) }
        : routes.connected,
    );
  };

  if (next) return <Navigate to={next} />;

  return (
    <ConnectionCard variant={variant}>
      {isLoading ? (
        <LoadingState />
      ) : !software ? (
        // The form brings its own h1; the screens shown instead of it need one too (WCAG 1.3.1).
        <Stack spacing={3}>
          <ConnectionHeading>{t('Connect API key')}</ConnectionHeading>
          <SoftwareNotFound text="Software not found." backHref={routes.back} backLabel={routes.backLabel} />
        </Stack>
      ) : variant === 'public' && !user ? (
        <Stack spacing={3}>
          <ConnectionHeading>{t('Connect to {software}', { software: software.software })}</ConnectionHeading>
          <SignInFirst />
        </Stack>
      ) : (
        <ApiKeyForm
          softwareName={software.software}
          logoUrl={software.logo_url}
          fields={apiKeyFields(software)}
          createApiKeyUrl={software.create_api_key_url}
          createApiKeyGifUrl={software.create_api_key_gif_url}
          onSubmit={handleSubmit}
        />
      )}
    </ConnectionCard>
  );
}
