/** docs/product.md#accessibility: a dashboard page whose chunk cannot be downloaded fails inside the shell; the sidebar stays. */
import { screen } from '@testing-library/react';
import { aUser } from '../msw/fixtures';
import { mockApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

jest.mock('../../../src/web/features/audit/pages/AuditPage', () => {
  const error = new Error('Loading chunk audit failed.');
  error.name = 'ChunkLoadError';
  throw error;
});

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

test('keeps the sidebar and offers a reload in the content area', async () => {
  // The route starts the page's query beside its chunk (app/route-data.ts): it is asked all the same.
  server.use(
    mockApi('listAuditEvents', { error: false, data: { events: [], total: 0, page: 1, page_size: 25 } }),
  );
  renderApp('/dashboard/audit', { preloadedState: signedIn(aUser({ role: 'admin' })) });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Organization' })).toBeInTheDocument();
  expect(screen.getByTestId('dashboard-sidebar')).toBeInTheDocument();
});
