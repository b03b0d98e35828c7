import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { leaveAppTo, openInNewTab } from '../../../src/web/lib/safe-redirect';
import {
  aMember,
  aPaidSubscription,
  aPricing,
  anOrganization,
  anOrgSubscriptionItem,
  aSubscription,
  aUser,
  type User,
} from '../msw/fixtures';
import {
  mockApi,
  mockApiError,
  mockOrganizationMembers,
  mockPricing,
  operationUrl,
  spyOnApi,
  heldAnswer,
} from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

jest.mock('../../../src/web/lib/safe-redirect', () => ({
  ...jest.requireActual('../../../src/web/lib/safe-redirect'),
  leaveAppTo: jest.fn(),
  openInNewTab: jest.fn(() => true),
}));

const pricingBySchedule = () =>
  mockPricing((request) => aPricing(request.url.searchParams.get('schedule') as 'monthly' | 'yearly'));
const portalUrl = 'http://localhost/sandbox/portal/ps_1';
const mockPortal = (options = {}) =>
  mockApi('billingPortal', { error: false, data: { url: portalUrl } }, options);

const renderBilling = (user: User, route = '/dashboard/billing') =>
  renderApp(route, { preloadedState: signedIn(user) });
const card = (name: string) => screen.findByRole('region', { name });
const needHelp = () => screen.getByRole('link', { name: 'Need help with your billing?' });

const SUPPORT_FORM_URL = 'https://support.example/billing';
beforeEach(() => {
  window.__APP_CONFIG__ = { supportFormUrl: SUPPORT_FORM_URL };
  // Whoever manages billing also reads the invoices; tests about them answer otherwise.
  server.use(
    mockApi('getInvoices', {
      error: false,
      data: { next_invoice: null, payment_method: null, invoices: [] },
    }),
  );
});

afterEach(() => {
  delete window.__APP_CONFIG__;
  jest.mocked(leaveAppTo).mockReset();
  jest.mocked(openInNewTab).mockReset().mockReturnValue(true);
});

describe('member view', () => {
  test("shows 'My Subscription' read-only, with the note about the organization's admin", async () => {
    delete window.__APP_CONFIG__;
    renderBilling(
      aUser({
        role: 'member',
        credits: 187,
        organization: anOrganization({ billing_admin_id: 'user-9' }),
        subscription: aPaidSubscription({ stripe_product: 'Pro', stripe_interval: 'yearly' }),
      }),
    );

    const section = within(await screen.findByRole('region', { name: 'My Subscription' }));
    expect(section.getByText('Pro')).toBeInTheDocument();
    expect(section.getByText('Yearly')).toBeInTheDocument();
    expect(section.getByText('187')).toBeInTheDocument();
    expect(section.getByText("Your billing is handled by your organization's admin.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage Subscription' })).not.toBeInTheDocument();
    // No support form configured (no /app-config.js in this test): no dead link.
    expect(screen.queryByRole('link', { name: 'Need help with your billing?' })).not.toBeInTheDocument();
    expect(document.title).toBe('Billing');
  });

  test('a monthly member reads Monthly; the support link follows the served configuration, in a new tab', async () => {
    renderBilling(aUser({ role: 'member', subscription: aPaidSubscription({ stripe_interval: 'monthly' }) }));
    const section = within(await screen.findByRole('region', { name: 'My Subscription' }));
    expect(section.getByText('Monthly')).toBeInTheDocument();
    expect(section.getByText('Standard')).toBeInTheDocument();
    expect(needHelp()).toHaveAttribute('href', SUPPORT_FORM_URL);
    expect(needHelp()).toHaveAttribute('target', '_blank');
    expect(needHelp()).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

describe('admin, team billing (organization with more than one member)', () => {
  const teamAdmin = () =>
    aUser({
      organization: anOrganization({ member_count: 3, seats: { standard: 2, pro: 3 } }),
      subscription: aPaidSubscription({ stripe_subscription_id: 'sub_team', stripe_interval: 'monthly' }),
    });
  const members = () =>
    mockOrganizationMembers({
      users: [
        aMember({ id: 'user-1', role: 'admin', subscription: aPaidSubscription() }),
        aMember({ id: 'user-2', subscription: aSubscription({ stripe_product: 'Pro' }) }),
        aMember({ id: 'user-3', subscription: aSubscription() }),
      ],
      invitations: [],
    });

  test('shows seats purchased and assigned, the subscription total, and the change-plan panel', async () => {
    const orgSubscription = spyOnApi('getOrgSubscription', {
      items: [
        anOrgSubscriptionItem({ unitAmount: 3900, quantity: 2 }),
        anOrgSubscriptionItem({ unitAmount: 7900, quantity: 3 }),
      ],
    });
    const pricing = spyOnApi('getPricing', (request) => ({
      error: false,
      data: aPricing(request.url.searchParams.get('schedule') as 'monthly' | 'yearly'),
    }));
    server.use(members(), orgSubscription.handler, pricing.handler);
    renderBilling(teamAdmin());

    const seats = await screen.findByRole('table', { name: 'Seats' });
    expect(within(seats).getByRole('row', { name: 'Standard 2 1 1' })).toBeInTheDocument();
    expect(within(seats).getByRole('row', { name: 'Pro 3 1 2' })).toBeInTheDocument();
    // (3900 × 2 + 7900 × 3) / 100, charged every month like the subscription.
    expect(await screen.findByText('$315')).toBeInTheDocument();
    expect(screen.getByText(/^Subscription total:/)).toHaveTextContent('Subscription total: $315 per month');
    expect(orgSubscription.requests[0].url.pathname).toBe('/org-subscription');
    expect(orgSubscription.requests[0].url.searchParams.get('id')).toBe('sub_team');

    // Paid account: the period is the subscription's (monthly), no toggle.
    expect(within(await card('Pro')).getByText('$79')).toBeInTheDocument();
    expect(pricing.requests.map((request) => request.url.searchParams.get('schedule'))).toEqual(['monthly']);
    expect(screen.queryByRole('button', { name: 'Monthly' })).not.toBeInTheDocument();
    expect(
      within(await card('Standard')).getByRole('button', { name: 'Standard: current plan' }),
    ).toBeDisabled();
    // A subscriber is not nudged to another plan: no card is RECOMMENDED.
    expect(screen.queryByText('RECOMMENDED')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Subscription' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Buy seats' })).toBeInTheDocument();
    expect(needHelp()).toBeInTheDocument();
  });

  test('the change-plan cards open the billing portal in a new tab', async () => {
    const portal = spyOnApi('billingPortal', { error: false, data: { url: portalUrl } });
    server.use(members(), mockApi('getOrgSubscription', { items: [] }), pricingBySchedule(), portal.handler);
    const { user, store } = renderBilling(teamAdmin());

    await user.click(within(await card('Pro')).getByRole('button', { name: 'Change Plan: Pro' }));

    await waitFor(() => expect(openInNewTab).toHaveBeenCalledWith(portalUrl));
    expect(portal.requests[0].body).toEqual({});
    expect(store.getState().app.billingPortalUrl).toBe(portalUrl);
    expect(store.getState().app.portalLoading).toBe(false);
  });

  test('a Free admin of a team also gets team billing, with the toggle (default yearly)', async () => {
    server.use(members(), pricingBySchedule());
    renderBilling(aUser({ organization: anOrganization({ member_count: 2 }) }));

    expect(await screen.findByRole('table', { name: 'Seats' })).toBeInTheDocument();
    expect(screen.getByText(/^Subscription total:/)).toHaveTextContent('Subscription total: $0'); // none yet
    expect(screen.getByRole('button', { name: /Yearly/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(await card('Standard')).getByText('$26')).toBeInTheDocument();
  });

  test("shows 'Error loading organization members: {message}'", async () => {
    server.use(
      mockApiError('getOrganizationMembers', 'Organization not found', { status: 404 }),
      mockApi('getOrgSubscription', { items: [] }),
      pricingBySchedule(),
    );
    renderBilling(teamAdmin());

    expect(
      await screen.findByText('Error loading organization members: Organization not found'),
    ).toBeInTheDocument();
  });

  test('without a server message the members error uses the fallback text', async () => {
    server.use(
      http.get(operationUrl('getOrganizationMembers'), () => HttpResponse.error()),
      mockApi('getOrgSubscription', { items: [] }),
      pricingBySchedule(),
    );
    renderBilling(teamAdmin());

    expect(
      await screen.findByText('Error loading organization members: Failed to load org members'),
    ).toBeInTheDocument();
  });
});

describe('admin, product purchase (Free)', () => {
  test("Monthly/Yearly toggle (default yearly), the Free card 'Current', checkout of the chosen plan", async () => {
    const checkout = spyOnApi('checkout', { error: false, url: 'http://localhost/sandbox/checkout/cs_9' });
    server.use(pricingBySchedule(), checkout.handler);
    const { user } = renderBilling(aUser(), '/dashboard/billing?coupon=LAUNCH30');

    // The same word as /pricing and the billing period: never 'Annual' on one and 'Yearly' on the other.
    const yearly = await screen.findByRole('button', { name: 'Yearly 33% off' });
    expect(yearly).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(yearly).getByText('33% off')).toBeInTheDocument();
    expect(within(await card('Standard')).getByText('RECOMMENDED')).toBeInTheDocument();
    const free = within(await card('Free')).getByRole('button', { name: 'Free: current plan' });
    expect(free).toBeDisabled();
    expect(free).toHaveTextContent('Current');

    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(within(await card('Standard')).getByText('$39')).toBeInTheDocument();
    await user.click(within(await card('Standard')).getByRole('button', { name: 'Upgrade: Standard' }));

    await waitFor(() => expect(leaveAppTo).toHaveBeenCalledWith('http://localhost/sandbox/checkout/cs_9'));
    expect(checkout.requests[0].body).toEqual({
      items: [{ price_id: 'price_standard_monthly', quantity: 1 }],
      request_url: 'http://localhost/dashboard/billing?coupon=LAUNCH30',
      coupon_code: 'LAUNCH30',
    });
    expect(needHelp()).toBeInTheDocument();
  });

  test('the chosen card shows the processing state while the session is created', async () => {
    const answer = heldAnswer();
    server.use(
      pricingBySchedule(),
      mockApiError('checkout', 'Provider down', { status: 502, until: answer.until }),
    );
    const { user } = renderBilling(aUser());

    const upgrade = within(await card('Pro')).getByRole('button', { name: 'Upgrade: Pro' });
    await user.click(upgrade);

    expect(upgrade).toBeDisabled();
    expect(within(await card('Pro')).getByRole('progressbar')).toBeInTheDocument();
    answer.release();
    expect(await screen.findByText('Provider down')).toBeInTheDocument();
    expect(upgrade).toBeEnabled();
  });

  test.each([
    [
      'Failed to create checkout session',
      http.post(operationUrl('checkout'), () => HttpResponse.json({}, { status: 500 })),
    ],
    ['No checkout URL returned', mockApi('checkout', { error: false, url: '' })],
  ])("shows '%s' and clears the processing state", async (text, handler) => {
    server.use(pricingBySchedule(), handler);
    const { user } = renderBilling(aUser());

    const upgrade = within(await card('Standard')).getByRole('button', { name: 'Upgrade: Standard' });
    await user.click(upgrade);

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(upgrade).toBeEnabled();
    expect(leaveAppTo).not.toHaveBeenCalled();
  });

  test("pricing failures read 'Failed to fetch pricing data'", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(operationUrl('getPricing'), () => HttpResponse.json({}, { status: 503 })));
    renderBilling(aUser());

    expect(await screen.findByText('Failed to fetch pricing data')).toBeInTheDocument();
    jest.mocked(console.error).mockRestore();
  });
});

describe('admin, subscription details (paid, no team)', () => {
  test('shows product, status, period, next payment date, payment method and Manage Subscription', async () => {
    renderBilling(aUser({ subscription: aPaidSubscription({ stripe_product: 'Pro' }) }));

    const details = within(await screen.findByRole('region', { name: 'Subscription Details' }));
    expect(details.getByText('Pro')).toBeInTheDocument();
    expect(details.getByText('Active')).toBeInTheDocument();
    expect(details.getByText('Yearly')).toBeInTheDocument();
    expect(details.getByText('February 14, 2026')).toBeInTheDocument();
    expect(details.getByText('Visa .... 4242')).toBeInTheDocument();
    expect(details.getByRole('button', { name: 'Manage Subscription' })).toBeInTheDocument();
    expect(needHelp()).toBeInTheDocument();
  });

  test("without a date or a card: 'Not available' and the payment-provider portal placeholder", async () => {
    renderBilling(
      aUser({
        subscription: aPaidSubscription({
          next_payment_date: null,
          payment_method: null,
          stripe_status: 'past_due',
        }),
      }),
    );

    const details = within(await screen.findByRole('region', { name: 'Subscription Details' }));
    expect(details.getByText('Not available')).toBeInTheDocument();
    expect(details.getByText('Past due')).toBeInTheDocument();
    expect(
      details.getByText(
        "No payment method on file. Update it in the payment provider's portal with 'Manage Subscription'.",
      ),
    ).toBeInTheDocument();
  });

  test('Manage Subscription shows the loading flag, then opens the portal in a new tab', async () => {
    const answer = heldAnswer();
    server.use(mockPortal({ until: answer.until }));
    const { user, store } = renderBilling(aUser({ subscription: aPaidSubscription() }));

    const manage = await screen.findByRole('button', { name: 'Manage Subscription' });
    await user.click(manage);

    expect(manage).toBeDisabled();
    expect(manage).toHaveAttribute('aria-busy', 'true');
    expect(store.getState().app.portalLoading).toBe(true);
    answer.release();
    await waitFor(() => expect(openInNewTab).toHaveBeenCalledWith(portalUrl));
    expect(manage).toBeEnabled();
    expect(store.getState().app.billingPortalUrl).toBe(portalUrl);
  });

  test('a blocked tab leaves a link to the portal', async () => {
    jest.mocked(openInNewTab).mockReturnValue(false);
    server.use(mockPortal());
    const { user } = renderBilling(aUser({ subscription: aPaidSubscription() }));

    await user.click(await screen.findByRole('button', { name: 'Manage Subscription' }));

    expect(await screen.findByRole('link', { name: 'Open the billing portal' })).toHaveAttribute(
      'href',
      portalUrl,
    );
  });

  test.each([
    [
      'a non-OK answer',
      mockApiError('billingPortal', 'Provider down', { status: 502 }),
      'Failed to fetch billing portal url',
    ],
    [
      'an answer carrying an error field',
      http.post(operationUrl('billingPortal'), () =>
        HttpResponse.json({ error: true, message: 'No customer yet' }),
      ),
      'No customer yet',
    ],
    [
      'an answer without a URL',
      http.post(operationUrl('billingPortal'), () => HttpResponse.json({ error: false, data: {} })),
      'Could not load billing portal URL',
    ],
  ])("%s shows 'Failed to load billing portal' (%s)", async (_case, handler, detail) => {
    server.use(handler);
    const { user, store } = renderBilling(aUser({ subscription: aPaidSubscription() }));

    await user.click(await screen.findByRole('button', { name: 'Manage Subscription' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load billing portal')).toBeInTheDocument();
    expect(alert).toHaveTextContent(detail);
    expect(store.getState().app.errorMessage).toBe(detail);
    expect(openInNewTab).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Manage Subscription' })).toBeEnabled();
  });

  test('a portal URL off the allow-list is not opened', async () => {
    server.use(mockApi('billingPortal', { error: false, data: { url: 'https://evil.example/portal' } }));
    const { user } = renderBilling(aUser({ subscription: aPaidSubscription() }));

    await user.click(await screen.findByRole('button', { name: 'Manage Subscription' }));

    expect(await screen.findByText('Failed to load billing portal')).toBeInTheDocument();
    expect(openInNewTab).not.toHaveBeenCalled();
  });
});

describe('invoices and payment', () => {
  const invoices = () => within(screen.getByRole('region', { name: 'Invoices and payment' }));

  test('the next invoice, the payment method and each past invoice with what it bought', async () => {
    server.use(
      mockApi('getInvoices', {
        error: false,
        data: {
          next_invoice: { date: 1_770_000_000, amount: 15_700, interval: 'monthly' },
          payment_method: 'Visa .... 4242',
          invoices: [
            {
              id: 'cs_2',
              date: 1_768_435_200,
              items: [{ description: 'Standard seat (monthly)', quantity: 2 }],
              amount: 7_800,
              status: 'paid',
            },
            {
              id: 'cs_1',
              date: 1_765_756_800,
              items: [{ description: 'Pro plan (monthly)', quantity: 1 }],
              amount: 7_900,
              status: 'open',
            },
          ],
        },
      }),
    );
    renderBilling(aUser({ subscription: aPaidSubscription() }));

    expect(await screen.findByText('$157 on February 2, 2026')).toBeInTheDocument();
    expect(invoices().getByText('Visa .... 4242')).toBeInTheDocument();
    const rows = within(invoices().getByRole('list', { name: 'Invoices and payment' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      'January 15, 2026Standard seat (monthly) × 2$78Paid',
      'December 15, 2025Pro plan (monthly)$79Open',
    ]);
  });

  test('nothing bought yet: no upcoming invoice, no card, no invoices', async () => {
    server.use(pricingBySchedule());
    renderBilling(aUser());

    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
    expect(invoices().getByText('No upcoming invoice')).toBeInTheDocument();
    expect(
      invoices().getByText(
        "No payment method on file. Update it in the payment provider's portal with 'Manage Subscription'.",
      ),
    ).toBeInTheDocument();
  });

  test("a failure reads 'Failed to load invoices' and Try again asks again", async () => {
    server.use(
      http.get(operationUrl('getInvoices'), () => new HttpResponse(null, { status: 500 }), { once: true }),
      pricingBySchedule(),
    );
    const { user } = renderBilling(aUser());

    expect(await screen.findByText('Failed to load invoices')).toBeInTheDocument();
    await user.click(invoices().getByRole('button', { name: 'Try again' }));
    expect(await invoices().findByText('No invoices yet.')).toBeInTheDocument();
  });
});
