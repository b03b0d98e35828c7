/**
 * Shared set-up of the onboarding and auth page tests. Pages of other features that these flows land on
 * are replaced by stubs naming their module, so a test asserts where the flow went without depending on
 * (or mocking the calls of) another engineer's page.
 */
import { screen } from '@testing-library/react';
import { createElement } from 'react';

const features = '../../../src/web/features';

const foreignPages = [
  'connection/pages/ConnectPage',
  'connection/pages/CallbackPage',
  'connection/pages/ConnectApiKeyPage',
  'connection/pages/ConnectedPage',
  'dashboard/pages/OverviewPage',
  'pricing/pages/PricingPage',
];

/** Call at the top level of a test file, before any navigation (pages are loaded lazily). */
export function stubForeignPages() {
  for (const module of foreignPages) {
    jest.doMock(`${features}/${module}`, () => ({
      __esModule: true,
      default: function StubPage() {
        return createElement('h1', null, `page:${module}`);
      },
    }));
  }
  jest.doMock(`${features}/dashboard/DashboardLayout`, () => ({
    __esModule: true,
    default: function StubLayout() {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { Outlet } = require('react-router-dom') as typeof import('react-router-dom');
      return createElement(Outlet);
    },
  }));
}

/** Waits for a stubbed page of another feature. */
export async function expectStubPage(module: string) {
  expect(await screen.findByRole('heading', { level: 1, name: `page:${module}` })).toBeInTheDocument();
}

/** Local storage and the runtime config start empty in every test. */
export function resetBrowserState() {
  window.localStorage.clear();
  delete window.__APP_CONFIG__;
  delete window.google;
}
