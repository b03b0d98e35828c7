import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useConnectionVerification } from '../hooks/use-connection-verification';
import { selectSoftware } from '../../../app/appSlice';
import { useAppSelector } from '../../../app/hooks';
import ConnectionCard from './ConnectionCard';
import ConnectionConfirm from './ConnectionConfirm';
import ConnectionProgress from './ConnectionProgress';

/** Spec §9: after 'Successfully connected.' the next screen follows 3 seconds later. */
export const SUCCESS_REDIRECT_MS = 3000;

const ROUTES = {
  public: {
    success: '/complete',
    oauth: '/connect',
    apiKey: '/connect-api-key',
    hint: 'Finishing your setup...',
  },
  dashboard: {
    success: '/dashboard/connection',
    oauth: '/dashboard/connection',
    apiKey: '/dashboard/connect/api-key',
    hint: 'Taking you back to your CRM connection...',
  },
} as const;

/** The /connected and /dashboard/connected screens: verify, then move on or offer to try again. */
export default function ConnectionVerifier({ variant }: { variant: 'public' | 'dashboard' }) {
  const navigate = useNavigate();
  const { status, errorText, authType, signInRequired, connect } = useConnectionVerification();
  const softwareName = useAppSelector(selectSoftware)?.software ?? null;
  const routes = ROUTES[variant];

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => navigate(routes.success), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, navigate, routes.success]);

  return (
    <ConnectionCard variant={variant}>
      {status === 'confirm' ? (
        <ConnectionConfirm
          softwareName={softwareName}
          onConnect={() => connect?.()}
          cancelHref={routes.oauth}
        />
      ) : (
        <ConnectionProgress
          status={status}
          errorText={errorText}
          tryAgainHref={authType === 'api key' ? routes.apiKey : routes.oauth}
          successHint={routes.hint}
          signInHref={signInRequired ? '/login' : undefined}
        />
      )}
    </ConnectionCard>
  );
}
