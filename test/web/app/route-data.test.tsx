/**
 * The landing page's data starts with the initial load, before the page's chunk (app/route-data.ts), and
 * the page then finds it instead of asking again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { startRouteData } from '../../../src/web/app/route-data';
import { makeStore } from '../../../src/web/app/store';
import { aCoupon, aMember, anOrganization, aPricing, aUser } from '../msw/fixtures';
import { mockApi, mockOrganizationMembers, type RecordedRequest, noCompanyDomain } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn, signedOut } from '../utils/render';

function recorder() {
  const requests: RecordedRequest[] = [];
  return { requests, onRequest: (request: RecordedRequest) => requests.push(request) };
}

test('/pricing?coupon=...: the yearly prices and the coupon start at once, and the page asks nothing again', async () => {
  const pricing = recorder();
  const coupon = recorder();
  server.use(
    mockApi(
      'getPricing',
      (request) => ({ error: false, data: aPricing(request.url.searchParams.get('schedule') as 'yearly') }),
      pricing,
    ),
    mockApi('getCoupon', { error: false, data: aCoupon() }, coupon),
  );
  const store = makeStore(signedOut());
  startRouteData(store, new URL('http://localhost/pricing?coupon=LAUNCH30'));
  // Sent before anything renders.
  await waitFor(() => expect(pricing.requests).toHaveLength(1));
  await waitFor(() => expect(coupon.requests).toHaveLength(1));
  expect(pricing.requests[0]!.url.searchParams.get('schedule')).toBe('yearly');
  expect(pricing.requests[0]!.credentials).toBe('omit');
  expect(coupon.requests[0]!.url.searchParams.get('coupon')).toBe('LAUNCH30');

  renderApp('/pricing?coupon=LAUNCH30', { store });
  expect(
    within(await screen.findByRole('region', { name: 'Standard' })).getByText('$26'),
  ).toBeInTheDocument();
  expect(pricing.requests).toHaveLength(1);
  expect(coupon.requests).toHaveLength(1);
});

test('/dashboard/organization: the first page of members starts at once, and the page uses it', async () => {
  // Asked on the side by the Organization page: the company domain.
  server.use(noCompanyDomain());
  const admin = aUser({
    id: 'user-1',
    role: 'admin',
    organization: anOrganization({ billing_admin_id: 'user-1' }),
  });
  const members = recorder();
  server.use(
    mockOrganizationMembers(
      {
        users: [aMember({ id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' })],
        invitations: [],
      },
      members,
    ),
  );
  const store = makeStore(signedIn(admin));
  startRouteData(store, new URL('http://localhost/dashboard/organization'));
  renderApp('/dashboard/organization', { store });
  expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
  expect(members.requests).toHaveLength(1);
  expect(Object.fromEntries(members.requests[0]!.url.searchParams)).toEqual({ page: '1', per_page: '25' });
});

test('other pages start nothing of their own', () => {
  const store = makeStore(signedOut());
  // MSW fails any request no handler matches: none is sent.
  startRouteData(store, new URL('http://localhost/login'));
  startRouteData(store, new URL('http://localhost/dashboard/settings'));
  expect(store.getState().api.queries).toEqual({});
});
