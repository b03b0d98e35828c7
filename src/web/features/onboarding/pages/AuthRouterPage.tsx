/**
 * /auth (docs/product.md#local-flags-and-the-auth-route): the entry the extension opens, with the params software, reauth, clear and
 * installed. It applies them to local storage (and the server flag when signed in), then forwards:
 * reauth=true to /login (which logs out), otherwise along the onboarding order.
 */
import { replace } from 'react-router-dom';
import { userApi } from '../../../api/endpoints/user';
import type { EntryLoader } from '../../../app/route-entry';
import LoadingState from '../../../components/LoadingState';
import { useDocumentTitle } from '../../../components/use-document-title';
import { loadChosenSoftware } from '../../../entities/crm';
import { sessionSettled } from '../../../entities/session';
import { nextScreenFromStorage } from '../../../lib/next-screen';
import { publicPaths } from '../../../lib/paths';
import { removeItem, setFlag, setItem, storageKeys } from '../../../lib/storage';

export interface AuthParams {
  software: string | null;
  reauth: boolean;
  clear: boolean;
  installed: boolean;
}

export function readAuthParams(params: URLSearchParams): AuthParams {
  return {
    software: params.get('software')?.trim() || null,
    reauth: params.get('reauth') === 'true',
    clear: params.get('clear') === 'true',
    installed: params.get('installed') === 'true',
  };
}

/** Applies the params to local storage, clear first so `clear=true&software=x` keeps the new CRM. */
export function applyAuthParams({ software, clear, installed }: AuthParams): void {
  if (clear) {
    removeItem(storageKeys.hasInstalled);
    removeItem(storageKeys.hasOnboarded);
    removeItem(storageKeys.software);
  }
  if (software) setItem(storageKeys.software, software);
  if (installed) setFlag(storageKeys.hasInstalled, true);
}

/**
 * Applies the params on entry, then forwards (replacing /auth in the history): reauth=true to /login
 * (which logs out), otherwise along the onboarding order, once the chosen CRM's record is known (its
 * auth_options decide between /connected and /complete).
 */
export const loader = (async ({ store, url }) => {
  const params = readAuthParams(url.searchParams);
  applyAuthParams(params);
  if (params.reauth) return replace(`${publicPaths.login}?reauth=true`);
  const user = await sessionSettled(store);
  if (params.installed && user) {
    void store
      .dispatch(userApi.endpoints.setUserBoolean.initiate({ key: 'has_installed', value: true }))
      .unwrap()
      .catch((error: unknown) => console.error('Failed to set user boolean', error));
  }
  const software = user ? await store.dispatch(loadChosenSoftware(user)) : null;
  return replace(nextScreenFromStorage(user, software?.auth_options));
}) satisfies EntryLoader;

/** Shown only while the chunk of the next page loads. */
export default function AuthRouterPage() {
  useDocumentTitle('Redirecting');
  return <LoadingState text="Redirecting..." />;
}
