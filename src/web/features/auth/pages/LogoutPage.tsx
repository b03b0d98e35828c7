/**
 * /logout (docs/product.md#local-flags-and-the-auth-route): end the session, clear local storage except the chosen CRM, reset the API cache and
 * the shared user, then go to /login.
 */
import { Suspense } from 'react';
import { Await, Navigate } from 'react-router-dom';
import { useEntryData, type EntryLoader } from '../../../app/route-entry';
import LoadingState from '../../../components/LoadingState';
import { useDocumentTitle } from '../../../components/use-document-title';
import { logOut } from '../../../entities/session';
import { publicPaths } from '../../../lib/paths';

export const loader = (({ store }) => ({ loggedOut: logOut(store.dispatch) })) satisfies EntryLoader;

export default function LogoutPage() {
  useDocumentTitle('Logging out');
  const { loggedOut } = useEntryData<typeof loader>();
  return (
    <Suspense fallback={<LoadingState text="Logging out..." />}>
      <Await resolve={loggedOut}>
        <Navigate to={publicPaths.login} replace />
      </Await>
    </Suspense>
  );
}
