import { Suspense, useEffect } from 'react';
import { Await, useLocation, useNavigate } from 'react-router-dom';
import { useEntryData, type EntryLoader } from '../../../app/route-entry';
import { checkConnection, type Verification } from '../lib/verify-connection';
import ConnectionCard from './ConnectionCard';
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

type Variant = keyof typeof ROUTES;

/** The entry work of /connected and /dashboard/connected: the check of the new connection. */
export const verifierLoader = (({ store, url }) => checkConnection(store, url.hash)) satisfies EntryLoader;

/** The /connected and /dashboard/connected screens: verify, then move on or offer to try again. */
export default function ConnectionVerifier({ variant }: { variant: Variant }) {
  const { testing, verification } = useEntryData<typeof verifierLoader>();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const routes = ROUTES[variant];

  // Keys and tokens of the fragment do not stay in the address bar (nor in the browser history).
  useEffect(() => {
    if (hash) void navigate({ pathname, search }, { replace: true });
  }, [hash, navigate, pathname, search]);

  const progress = (status: 'connecting' | 'testing') => (
    <ConnectionProgress status={status} tryAgainHref={routes.oauth} />
  );
  return (
    <ConnectionCard variant={variant}>
      <Suspense fallback={progress('connecting')}>
        <Await resolve={testing}>
          <Suspense fallback={progress('testing')}>
            <Await resolve={verification}>
              {(result: Verification) => <Outcome result={result} variant={variant} />}
            </Await>
          </Suspense>
        </Await>
      </Suspense>
    </ConnectionCard>
  );
}

function Outcome({ result, variant }: { result: Verification; variant: Variant }) {
  const navigate = useNavigate();
  const routes = ROUTES[variant];
  const { status, errorText, authType, signInRequired } = result;

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => void navigate(routes.success), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, navigate, routes.success]);

  return (
    <ConnectionProgress
      status={status}
      errorText={errorText}
      tryAgainHref={authType === 'api key' ? routes.apiKey : routes.oauth}
      successHint={routes.hint}
      signInHref={signInRequired ? '/login' : undefined}
    />
  );
}
