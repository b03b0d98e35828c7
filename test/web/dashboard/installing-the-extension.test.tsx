import { screen } from '@testing-library/react';
import { aSoftware } from '../msw/fixtures';
import { mockSoftware, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// docs/product.md#install-extension-page: the link of the software saved in local storage under `software`.

afterEach(() => localStorage.clear());

test('links to the store page of the software saved in local storage, in a new tab', async () => {
  localStorage.setItem('software', 'pipedrive');
  const lookup = spyOnApi('getSoftware', {
    error: false,
    data: aSoftware({
      slug: 'pipedrive',
      software: 'Pipedrive',
      app: 'Pipedrive Sync',
      chrome_extension_url: 'https://store.example/pipedrive-sync',
    }),
  });
  server.use(lookup.handler);
  renderApp('/dashboard/install-extension', { preloadedState: signedIn() });

  const link = await screen.findByRole('link', { name: 'Install Pipedrive Sync' });
  expect(link).toHaveAttribute('href', 'https://store.example/pipedrive-sync');
  expect(link).toHaveAttribute('target', '_blank');
  expect(lookup.requests[0].url.searchParams.get('software')).toBe('pipedrive');
  expect(document.title).toBe('Install extension');
});

test("says 'Software not found.' when the lookup fails", async () => {
  localStorage.setItem('software', 'unknown-crm');
  server.use(mockSoftware(404));
  renderApp('/dashboard/install-extension', { preloadedState: signedIn() });
  expect(await screen.findByText('Software not found.')).toBeInTheDocument();
});

test('asks to choose a CRM first when none is saved (and looks nothing up)', async () => {
  renderApp('/dashboard/install-extension', { preloadedState: signedIn() });
  expect(await screen.findByText(/No CRM selected yet/)).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /^Install / })).not.toBeInTheDocument();
});

test('says so when the software has no store link', async () => {
  localStorage.setItem('software', 'demo-crm');
  server.use(mockSoftware(aSoftware({ chrome_extension_url: null })));
  renderApp('/dashboard/install-extension', { preloadedState: signedIn() });
  expect(await screen.findByText(/is not available in the store yet/)).toBeInTheDocument();
});
