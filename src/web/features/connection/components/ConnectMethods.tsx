import Stack from '@mui/material/Stack';
import type { Software } from '../../../api/contract-types';
import { useOAuthConnect } from '../hooks/use-oauth-connect';
import { setAuthAttempt } from '../lib/connection-storage';
import {
  needsPreconnect,
  offersApiKey,
  offersOAuth,
  showsOrganizationChoice,
} from '../lib/software-connection';
import ConnectOptions from './ConnectOptions';
import PreconnectForm from './PreconnectForm';
import OAuthWindowNotice from './OAuthWindowNotice';
import ErrorAlert from '../../../components/ErrorAlert';
import { dashboardPaths, publicPaths } from '../../../lib/paths';

export interface ConnectMethodsProps {
  software: Software;
  /** The dashboard offers the organization-wide choice; the public /connect page does not. */
  variant: 'public' | 'dashboard';
  role?: string | null;
  memberCount?: number | null;
}

const API_KEY_ROUTE = { public: publicPaths.connectApiKey, dashboard: dashboardPaths.connectApiKey } as const;
/** Where this tab goes once the OAuth window reports a connection. */
const CONNECTED_ROUTE = { public: publicPaths.connected, dashboard: dashboardPaths.connected } as const;

/**
 * The ways to connect this CRM (docs/product.md#crm-connection): OAuth (through the pre-connect form when the CRM
 * has preconnect fields or the organization choice applies) and/or API keys, per auth_options.
 */
export default function ConnectMethods({ software, variant, role, memberCount }: ConnectMethodsProps) {
  const oauth = useOAuthConnect(software, CONNECTED_ROUTE[variant]);
  const context = { allowOrganizationChoice: variant === 'dashboard', role, memberCount };
  const withOAuth = offersOAuth(software);
  const withForm = withOAuth && needsPreconnect(software, context);

  return (
    <Stack spacing={3}>
      {withForm ? (
        <PreconnectForm
          fields={software.preconnect_fields}
          showOrganizationChoice={showsOrganizationChoice(context)}
          submitting={oauth.submitting}
          errorText={oauth.errorText}
          onSubmit={(values) => void oauth.submitPreconnect(values)}
        />
      ) : null}
      <ConnectOptions
        showOAuth={withOAuth && !withForm}
        showApiKey={offersApiKey(software)}
        apiKeyHref={API_KEY_ROUTE[variant]}
        onOAuth={oauth.openOAuth}
        onApiKey={() => setAuthAttempt('api key')}
      />
      {!withForm && <ErrorAlert error={oauth.errorText} />}
      {oauth.opened ? <OAuthWindowNotice softwareName={software.software} /> : null}
    </Stack>
  );
}
