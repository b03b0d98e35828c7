/**
 * /sso/callback (docs/product.md#single-sign-on): where the identity provider sends the browser back. Its
 * entry work finishes the sign-in (lib/single-sign-on.ts); the page shows that it is working, then goes on,
 * or back to /login with the reason.
 */
import { Suspense } from 'react';
import { Await, Navigate } from 'react-router-dom';
import { useEntryData, type EntryLoader } from '../../../app/route-entry';
import LoadingState from '../../../components/LoadingState';
import { useDocumentTitle } from '../../../components/use-document-title';
import { publicPaths } from '../../../lib/paths';
import { finishSingleSignOn, type SsoCallbackOutcome } from '../lib/single-sign-on';

export const loader = (({ store, url }) => ({
  outcome: finishSingleSignOn(store, url.searchParams),
})) satisfies EntryLoader;

export default function SsoCallbackPage() {
  useDocumentTitle('Signing in');
  const { outcome } = useEntryData<typeof loader>();
  return (
    <Suspense fallback={<LoadingState text="Signing you in..." />}>
      <Await resolve={outcome}>
        {(settled: SsoCallbackOutcome) =>
          settled.kind === 'go' ? (
            <Navigate to={settled.to} replace />
          ) : (
            <Navigate to={publicPaths.login} replace state={{ ssoRefusal: settled.text }} />
          )
        }
      </Await>
    </Suspense>
  );
}
