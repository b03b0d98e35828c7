import { cleanup, screen, within } from '@testing-library/react';
import { aSoftware, aUser } from '../msw/fixtures';
import { mockGetUser, mockSoftware, nothingToJoin, spyOnApi, heldAnswer } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn, signedOut } from '../utils/render';
import { resetBrowserState, stubForeignPages } from './helpers';

stubForeignPages();

beforeEach(resetBrowserState);

// Warm the lazily loaded chunks, so the loading state is seen while the calls (not the imports) are slow.
beforeAll(async () => {
  await import('../../../src/web/features/onboarding/OnboardingLayout');
  await import('../../../src/web/features/onboarding/pages/InstallPage');
});

const hubspot = aSoftware({
  slug: 'hubspot',
  software: 'HubSpot',
  app: 'HubSpot Sync',
  auth_options: 'oauth',
});

test("waits for the current user and the user's CRM, then shows the banner and the page", async () => {
  // Asked on the side: may this user without organization join their company's?
  server.use(nothingToJoin());
  const answer = heldAnswer();
  server.use(mockGetUser(aUser(), { until: answer.until }), mockSoftware(aSoftware()));
  renderApp('/install');
  // The router's fallback, then the layout's own: either may be the one found, and be replaced at once.
  await screen.findAllByText('Loading...');
  answer.release();
  expect(await screen.findByRole('heading', { level: 1, name: 'Install the extension' })).toBeInTheDocument();
  expect(screen.getByText('Demo CRM Sync')).toBeInTheDocument();
  expect(screen.getByText('Chrome Extension for Demo CRM.')).toBeInTheDocument();
});

test("a visitor's CRM comes from local storage (get-software) before the page shows", async () => {
  window.localStorage.setItem('software', 'hubspot');
  const answer = heldAnswer();
  const lookup = spyOnApi('getSoftware', { error: false, data: hubspot }, { until: answer.until });
  server.use(lookup.handler);
  const { store } = renderApp('/install', { preloadedState: signedOut() });
  // The router's fallback, then the layout's own: either may be the one found, and be replaced at once.
  await screen.findAllByText('Loading...');
  answer.release();
  expect(await screen.findByRole('link', { name: 'Add to Chrome' })).toBeInTheDocument();
  expect(screen.getByText('Chrome Extension for HubSpot.')).toBeInTheDocument();
  expect(lookup.requests[0].url.searchParams.get('software')).toBe('hubspot');
  expect(store.getState().app.software?.slug).toBe('hubspot');
});

test('a failed CRM lookup leaves the CRM unknown and still shows the page', async () => {
  window.localStorage.setItem('software', 'gone');
  server.use(mockSoftware(404));
  const { store } = renderApp('/install', { preloadedState: signedOut() });
  expect(await screen.findByRole('heading', { level: 1, name: 'Install the extension' })).toBeInTheDocument();
  expect(screen.getByText('CRM Sync')).toBeInTheDocument();
  expect(screen.queryByText(/Chrome Extension for/)).not.toBeInTheDocument();
  expect(store.getState().app.software).toBeNull();
});

test.each([
  ['/install', 'Install'],
  // The page says the extension is installed: the visitor is on to signing up.
  ['/installed', 'Signup'],
  ['/forgot-password', 'Signup'],
  ['/complete', 'Finish'],
])('%s marks the %s step of the progress bar', async (path, step) => {
  server.use(mockSoftware(aSoftware()));
  renderApp(path, { preloadedState: signedOut() });
  const progress = await screen.findByRole('navigation', { name: 'Onboarding progress' });
  expect(progress).toHaveTextContent(/Install.*Signup.*Connect.*Finish/);
  expect(progress.querySelector('[aria-current="step"]')).toHaveTextContent(step);
});

test('the bar reads what the visitor has done, not the steps before the page (docs/product.md#progress-bar)', async () => {
  renderApp('/forgot-password', { preloadedState: signedOut() });
  const progress = await screen.findByRole('navigation', { name: 'Onboarding progress' });
  expect(progress).not.toHaveTextContent('(done)');
  cleanup();
  window.localStorage.setItem('has_installed', 'true');
  renderApp('/login', { preloadedState: signedOut() });
  const installed = await screen.findByRole('navigation', { name: 'Onboarding progress' });
  expect(within(installed).getByText(/^Install/)).toHaveTextContent('Install (done)');
  expect(within(installed).getByText(/^Signup/)).not.toHaveTextContent('(done)');
});

test('every public page has a footer with terms, privacy and support', async () => {
  window.__APP_CONFIG__ = { supportFormUrl: 'https://support.example/form' };
  const { user, router } = renderApp('/forgot-password', { preloadedState: signedOut() });
  const footer = await screen.findByRole('contentinfo');
  expect(within(footer).getByRole('link', { name: 'Support' })).toHaveAttribute(
    'href',
    'https://support.example/form',
  );
  expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  await user.click(within(footer).getByRole('link', { name: 'Terms' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/terms');
  expect(document.title).toBe('Terms of service');
  // The legal pages are outside the onboarding flow: no progress bar, the footer stays.
  expect(screen.queryByRole('navigation', { name: 'Onboarding progress' })).not.toBeInTheDocument();
  await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacy' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
  delete window.__APP_CONFIG__;
});

test('the footer leaves Support out when the server has no support form anybody reads', async () => {
  renderApp('/forgot-password', { preloadedState: signedOut() });
  const footer = await screen.findByRole('contentinfo');
  expect(within(footer).getByRole('link', { name: 'Terms' })).toBeInTheDocument();
  expect(within(footer).queryByRole('link', { name: 'Support' })).not.toBeInTheDocument();
});

test('pages outside the four steps show no progress bar', async () => {
  server.use(mockSoftware(aSoftware()));
  renderApp('/uninstalled', { preloadedState: signedOut() });
  await screen.findByRole('heading', { level: 1, name: 'The extension was uninstalled' });
  expect(screen.queryByRole('navigation', { name: 'Onboarding progress' })).not.toBeInTheDocument();
});

test('marketing copy and the trusted-by strip appear where visitors decide, not on the last step', async () => {
  // Asked on the side: may this user without organization join their company's?
  server.use(nothingToJoin());
  renderApp('/install', { preloadedState: signedIn(aUser(), aSoftware()) });
  await screen.findByRole('heading', { level: 1, name: 'Install the extension' });
  expect(screen.getByText('Save 4 hours a week')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeInTheDocument();
  expect(screen.getAllByTestId('trusted-avatar')).toHaveLength(4);
});
