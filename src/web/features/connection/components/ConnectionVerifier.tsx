import { Suspense, useEffect, useState } from 'react';
import { Await, useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { useEntryData, type EntryLoader } from '../../../app/route-entry';
import { selectSoftware } from '../../../entities/session';
import {
  enterConnection,
  type ConnectionCheck,
  type ConnectionEntry,
  type Verification,
} from '../lib/verify-connection';
import ConnectionCard from './ConnectionCard';
import ConnectionConfirm from './ConnectionConfirm';
import ConnectionProgress from './ConnectionProgress';
import { dashboardPaths, publicPaths } from '../../../lib/paths';

/** docs/product.md#connection-screen-states: after 'Successfully connected.' the next screen follows 3 seconds later. */
const SUCCESS_REDIRECT_MS = 3000;

const ROUTES = {
  public: {
    success: publicPaths.complete,
    oauth: publicPaths.connect,
    apiKey: publicPaths.connectApiKey,
    hint: 'Finishing your setup...',
  },
  dashboard: {
    success: dashboardPaths.connection,
    oauth: dashboardPaths.connection,
    apiKey: dashboardPaths.connectApiKey,
    hint: 'Taking you back to your CRM connection...',
  },
} as const;

type Variant = keyof typeof ROUTES;

/** The entry work of /connected and /dashboard/connected: the check of the new connection, or the question. */
export const verifierLoader = (({ store, url }) => enterConnection(store, url.hash)) satisfies EntryLoader;

/** The /connected and /dashboard/connected screens: verify, then move on or offer to try again. */
export default function ConnectionVerifier({ variant }: { variant: Variant }) {
  const entry = useEntryData<typeof verifierLoader>();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const routes = ROUTES[variant];
  const softwareName = useAppSelector(selectSoftware)?.software ?? null;
  // The entry the user said Connect to (a later entry of the page asks again).
  const [confirmed, setConfirmed] = useState<ConnectionEntry | null>(null);

  // Keys and tokens of the fragment do not stay in the address bar (nor in the browser history).
  useEffect(() => {
    if (hash) void navigate({ pathname, search }, { replace: true });
  }, [hash, navigate, pathname, search]);

  let content;
  if (entry.kind === 'check' || confirmed === entry) {
    content = <Checking check={entry.kind === 'check' ? entry.check : entry.connect()} variant={variant} />;
  } else {
    content = (
      <Suspense fallback={<Progress status="connecting" variant={variant} />}>
        <Await resolve={entry.ready}>
          <ConnectionConfirm
            softwareName={softwareName}
            cancelHref={routes.oauth}
            onConnect={() => {
              entry.connect();
              setConfirmed(entry);
            }}
          />
        </Await>
      </Suspense>
    );
  }
  return <ConnectionCard variant={variant}>{content}</ConnectionCard>;
}

function Progress({ status, variant }: { status: 'connecting' | 'testing'; variant: Variant }) {
  return <ConnectionProgress status={status} tryAgainHref={ROUTES[variant].oauth} />;
}

/** 'Connecting...' until the user and CRM are known, 'Testing connection.' during the call, the outcome. */
function Checking({ check, variant }: { check: ConnectionCheck; variant: Variant }) {
  return (
    <Suspense fallback={<Progress status="connecting" variant={variant} />}>
      <Await resolve={check.testing}>
        <Suspense fallback={<Progress status="testing" variant={variant} />}>
          <Await resolve={check.verification}>
            {(result: Verification) => <Outcome result={result} variant={variant} />}
          </Await>
        </Suspense>
      </Await>
    </Suspense>
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
      signInHref={signInRequired ? publicPaths.login : undefined}
    />
  );
}
