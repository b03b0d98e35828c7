/**
 * The wrapper of the public onboarding pages (docs/product.md#public-routes): it waits for the current user and the chosen
 * CRM, shows the banner, the four-step progress bar with the current step, and on the pages that win the
 * visitor over (signup, login, install) the marketing copy and the trusted-by strip; signing in again
 * after a session ended (/login?reauth=true) shows neither bar nor marketing.
 */
import Box from '@mui/material/Box';
import PageWidth from '../../components/PageWidth';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { selectLoading, selectSoftware, selectUser, sessionSettled } from '../../entities/session';
import { useChosenSoftware } from '../../entities/crm';
import { useAppSelector } from '../../app/hooks';
import { useAppConfig } from '../../app/config';
import { useDrawnAhead, useHydrated } from '../../components/use-hydrated';
import type { EntryLoader } from '../../app/route-entry';
import Banner from '../../components/Banner';
import LoadingState from '../../components/LoadingState';
import ProgressSteps from './components/ProgressSteps';
import PublicFooter from '../../components/PublicFooter';
import TrustedBy from './components/TrustedBy';
import { captureUtm } from '../../lib/utm';
import { hasStoredCredentials, readStoredCredentials } from '../../lib/next-screen';
import { getFlag, getItem, storageKeys } from '../../lib/storage';
import { progressFor } from './lib/steps';
import { MAIN_CONTENT_ID } from '../../components/SkipLink';
import { t, translated } from '../../i18n';
import { publicPaths } from '../../lib/paths';

export const PRODUCT_NAME = 'CRM Sync';
export const MARKETING_HEADLINE = 'Save 4 hours a week';
export const MARKETING_TEXT = 'Sync prospects from social networks into your CRM in one click.';

/** Pages where the marketing copy and the trusted-by strip belong (before the visitor is won over). */
const MARKETING_PATHS = new Set<string>([
  publicPaths.signup,
  publicPaths.login,
  publicPaths.install,
  publicPaths.welcome,
]);

/**
 * The first page waits for the initial load with its chunks (the router shows 'Loading...'), so it appears
 * whole: drawn at once with the layout's own 'Loading...' in place of the page, the page's arrival would
 * push the marketing copy and the footer down (a layout shift), now that preloaded chunks can come first.
 * A prerendered page is whole already: it is hydrated at once and follows the session once it is known
 * (a signed-in visitor is sent on then), so nothing typed on it waits for get-user
 * (docs/performance.md#input-before-hydration).
 */
export const loader: EntryLoader = async ({ store, prerendered }) => {
  if (!prerendered) await sessionSettled(store);
  return null;
};

export default function OnboardingLayout() {
  const { pathname, search } = useLocation();
  const appConfig = useAppConfig();
  const userLoading = useAppSelector(selectLoading);
  const software = useAppSelector(selectSoftware);
  const { isLoading: softwareLoading } = useChosenSoftware();
  const user = useAppSelector(selectUser);
  // Local storage is read at each render (the layout renders again on every navigation, after a page
  // changed a flag), once hydrated: the prerendered page was drawn without it.
  const stored = useHydrated();
  // Signing in again after a session ended is no onboarding: a plain page, without bar or marketing.
  const signingInAgain =
    pathname === publicPaths.login && new URLSearchParams(search).get('reauth') === 'true';
  const progress = signingInAgain
    ? null
    : progressFor(pathname, {
        installed: (stored && getFlag(storageKeys.hasInstalled)) || Boolean(user?.has_installed),
        signedIn: user !== null,
        connected:
          (stored && hasStoredCredentials(readStoredCredentials(getItem))) || Boolean(user?.connection_id),
        onboarded: (stored && getFlag(storageKeys.hasOnboarded)) || Boolean(user?.has_onboarded),
      });
  // The CRM lookup holds back only the first page: a later change of CRM (the signup picker, /auth) must
  // not unmount the page that made it.
  const [settled, setSettled] = useState(false);
  // A prerendered page being hydrated (the first render reads the state it was drawn from) stays on screen
  // while the initial load runs: the visitor may be typing in it (see the loader).
  const drawnAhead = useDrawnAhead();
  const waiting = !drawnAhead && (userLoading || (softwareLoading && !settled));
  useEffect(() => {
    if (!waiting) setSettled(true);
  }, [waiting]);

  // Campaign parameters may arrive on any public page (docs/product.md#kept-in-the-browser, UTM set); main.tsx captures the landing URL.
  useEffect(() => {
    captureUtm(search);
  }, [search]);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, sm: 4 } }}>
      <PageWidth maxWidth="sm" sx={{ px: { xs: 1.5, sm: 3 } }}>
        <Stack spacing={{ xs: 2, sm: 3 }}>
          <Banner
            appName={software?.app ?? PRODUCT_NAME}
            softwareName={software?.software ?? null}
            logoUrl={software?.logo_url ?? null}
            small="phone"
          />
          {progress ? <ProgressSteps current={progress.current} completed={progress.completed} /> : null}
          {/* Drawn as <Paper variant="outlined"> is, without Paper's elevations (docs/performance.md#size-budgets). */}
          <Box
            component="main"
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            className="MuiPaper-root MuiPaper-outlined MuiPaper-rounded"
            sx={(theme) => ({
              bgcolor: 'background.paper',
              color: 'text.primary',
              transition: theme.transitions.create('box-shadow'),
              borderRadius: `${theme.shape.borderRadius}px`,
              border: `1px solid ${theme.palette.divider}`,
              p: { xs: 2, sm: 4 },
            })}
          >
            {waiting ? <LoadingState /> : <Outlet />}
          </Box>
          {MARKETING_PATHS.has(pathname) && !signingInAgain ? (
            <Stack component="aside" spacing={1.5} aria-label={t('Why CRM Sync')}>
              <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
                {translated(MARKETING_HEADLINE)}
              </Typography>
              <Typography color="text.secondary">{translated(MARKETING_TEXT)}</Typography>
              <TrustedBy />
            </Stack>
          ) : null}
          <PublicFooter supportFormUrl={appConfig.supportFormUrl} />
        </Stack>
      </PageWidth>
    </Box>
  );
}
