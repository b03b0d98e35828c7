import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { leaveAppTo } from '../../../src/web/lib/safe-redirect';
import { aCoupon, aPricing, aSoftware, aUser, aPaidSubscription } from '../msw/fixtures';
import {
  mockApi,
  mockApiError,
  mockCoupon,
  mockPricing,
  mockSoftware,
  operationUrl,
  spyOnApi,
} from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn, signedOut } from '../utils/render';

jest.mock('../../../src/web/lib/safe-redirect', () => ({
  ...jest.requireActual('../../../src/web/lib/safe-redirect'),
  leaveAppTo: jest.fn(),
}));

const pricingBySchedule = () =>
  mockPricing((request) => aPricing(request.url.searchParams.get('schedule') as 'monthly' | 'yearly'));

const card = async (name: string) => screen.findByRole('region', { name });

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  jest.mocked(leaveAppTo).mockReset();
});

test('shows yearly prices by default, fetched without cookies, and monthly ones after the toggle', async () => {
  const pricing = spyOnApi('getPricing', (request) => ({
    error: false,
    data: aPricing(request.url.searchParams.get('schedule') as 'monthly' | 'yearly'),
  }));
  server.use(pricing.handler);
  const { user } = renderApp('/pricing', { preloadedState: signedOut() });

  expect(within(await card('Standard')).getByText('$26')).toBeInTheDocument();
  expect(within(await card('Pro')).getByText('$53')).toBeInTheDocument();
  expect(within(await card('Free')).getByText('$0')).toBeInTheDocument();
  expect(within(await card('Standard')).getByText('RECOMMENDED')).toBeInTheDocument();
  expect(pricing.requests[0].url.searchParams.get('schedule')).toBe('yearly');
  expect(pricing.requests.every((request) => request.credentials === 'omit')).toBe(true);
  expect(document.title).toBe('Pricing');

  const yearly = screen.getByRole('button', { name: /Yearly/ });
  expect(yearly).toHaveAttribute('aria-pressed', 'true');
  expect(within(yearly).getByText('33% off')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Monthly' }));

  expect(within(await card('Standard')).getByText('$39')).toBeInTheDocument();
  expect(within(await card('Pro')).getByText('$79')).toBeInTheDocument();
  expect(pricing.requests.at(-1)?.url.searchParams.get('schedule')).toBe('monthly');
});

test('a fast toggle shows the latest schedule and no error for the request it cut short', async () => {
  let yearlyAborted = false;
  let releaseYearly = () => {};
  const yearlyHeld = new Promise<void>((resolve) => (releaseYearly = resolve));
  let yearlyAnswered = () => {};
  const yearlyDone = new Promise<void>((resolve) => (yearlyAnswered = resolve));
  server.use(
    http.get(operationUrl('getPricing'), async ({ request }) => {
      const schedule = new URL(request.url).searchParams.get('schedule');
      if (schedule === 'yearly') {
        request.signal.addEventListener('abort', () => (yearlyAborted = true));
        await yearlyHeld;
        yearlyAnswered();
        return HttpResponse.json({ error: false, data: aPricing('yearly') });
      }
      return HttpResponse.json({ error: false, data: aPricing('monthly') });
    }),
  );
  const { user } = renderApp('/pricing', { preloadedState: signedOut() });
  await screen.findByText('Loading prices');

  await user.click(screen.getByRole('button', { name: 'Monthly' }));

  expect(within(await card('Standard')).getByText('$39')).toBeInTheDocument();
  expect(yearlyAborted).toBe(true);
  // Let the cut-short yearly answer arrive late: the monthly prices stay.
  releaseYearly();
  await yearlyDone;
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(within(await card('Standard')).getByText('$39')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(consoleError).not.toHaveBeenCalledWith('Error fetching pricing data', expect.anything());
});

test('lists the features with their labels and the credits tooltip', async () => {
  server.use(
    mockPricing(
      aPricing('yearly', {
        pro: {
          ...aPricing('yearly').pro,
          metadata: { credits: 1000, support: 'Priority', account_manager: true, bulk_export: true },
        },
      }),
    ),
  );
  const { user } = renderApp('/pricing', { preloadedState: signedOut() });

  const pro = within(await card('Pro'));
  expect(pro.getByText('Account Manager')).toBeInTheDocument();
  expect(pro.getByText('Credits: 1000')).toBeInTheDocument();
  expect(pro.getByText('Support: Priority')).toBeInTheDocument();
  expect(pro.getByText('Bulk Export')).toBeInTheDocument();

  await user.hover(pro.getByRole('button', { name: 'What is a credit?' }));
  expect(await screen.findByRole('tooltip')).toHaveTextContent(
    'Each credit finds contact details, including email addresses, for one profile.',
  );
});

test('an anonymous visitor is sent to /signup by a plan button', async () => {
  server.use(pricingBySchedule());
  const { user, router } = renderApp('/pricing', { preloadedState: signedOut() });

  await user.click(within(await card('Standard')).getByRole('link', { name: 'Get Started' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
});

test('a signed-in Free user checks out the chosen plan with the coupon and leaves for the payment page', async () => {
  const checkout = spyOnApi('checkout', { error: false, url: 'http://localhost/sandbox/checkout/cs_1' });
  server.use(pricingBySchedule(), mockCoupon(null), checkout.handler);
  const { user } = renderApp('/pricing?coupon=LAUNCH30', { preloadedState: signedIn(aUser()) });

  const free = within(await card('Free'));
  expect(free.getByRole('button', { name: 'Free: current plan' })).toBeDisabled();

  await user.click(within(await card('Standard')).getByRole('button', { name: 'Upgrade: Standard' }));

  await waitFor(() => expect(leaveAppTo).toHaveBeenCalledWith('http://localhost/sandbox/checkout/cs_1'));
  expect(checkout.requests[0].body).toEqual({
    items: [{ price_id: 'price_standard_yearly', quantity: 1 }],
    request_url: 'http://localhost/pricing?coupon=LAUNCH30',
    coupon_code: 'LAUNCH30',
  });
  expect(checkout.requests[0].credentials).toBe('include');
});

test('monthly checkout uses the monthly price id and no coupon', async () => {
  const checkout = spyOnApi('checkout', { error: false, url: 'https://checkout.stripe.com/c/pay/cs_2' });
  server.use(pricingBySchedule(), checkout.handler);
  const { user } = renderApp('/pricing', { preloadedState: signedIn(aUser()) });
  await card('Pro');

  await user.click(screen.getByRole('button', { name: 'Monthly' }));
  await user.click(within(await card('Pro')).getByRole('button', { name: 'Upgrade: Pro' }));

  await waitFor(() => expect(leaveAppTo).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_2'));
  expect(checkout.requests[0].body).toMatchObject({
    items: [{ price_id: 'price_pro_monthly', quantity: 1 }],
    coupon_code: null,
  });
});

test('a paying user is pointed to the dashboard to change plan', async () => {
  server.use(pricingBySchedule());
  renderApp('/pricing', { preloadedState: signedIn(aUser({ subscription: aPaidSubscription() })) });

  expect(
    within(await card('Standard')).getByRole('button', { name: 'Standard: current plan' }),
  ).toBeDisabled();
  expect(within(await card('Pro')).getByRole('link', { name: 'Change Plan' })).toHaveAttribute(
    'href',
    '/dashboard/billing',
  );
});

describe('checkout errors', () => {
  test.each([
    [
      'the server message, as given',
      mockApiError('checkout', 'Your card was declined', { status: 502 }),
      'Your card was declined',
    ],
    [
      "'Failed to create checkout session' when the server says nothing",
      http.post(operationUrl('checkout'), () => new HttpResponse(null, { status: 500 })),
      'Failed to create checkout session',
    ],
    [
      "'No checkout URL returned' without a URL",
      mockApi('checkout', { error: false, url: '' }),
      'No checkout URL returned',
    ],
    [
      "'Failed to create checkout session' for a URL off the allow-list",
      mockApi('checkout', { error: false, url: 'https://evil.example/pay' }),
      'Failed to create checkout session',
    ],
  ])('shows %s and clears the processing state', async (_case, handler, text) => {
    server.use(pricingBySchedule(), handler);
    const { user } = renderApp('/pricing', { preloadedState: signedIn(aUser()) });

    const upgrade = within(await card('Pro')).getByRole('button', { name: 'Upgrade: Pro' });
    await user.click(upgrade);

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(upgrade).toBeEnabled();
    expect(within(await card('Standard')).getByRole('button', { name: 'Upgrade: Standard' })).toBeEnabled();
    expect(leaveAppTo).not.toHaveBeenCalled();
  });
});

describe('pricing errors', () => {
  test("a non-OK answer shows 'Failed to fetch pricing data' and logs 'Error fetching pricing data'", async () => {
    server.use(http.get(operationUrl('getPricing'), () => HttpResponse.json({}, { status: 500 })));
    renderApp('/pricing', { preloadedState: signedOut() });

    expect(await screen.findByText('Failed to fetch pricing data')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Error fetching pricing data', expect.anything());
    expect(screen.queryByRole('region', { name: 'Standard' })).not.toBeInTheDocument();
  });

  test("a network failure shows 'Error fetching pricing'", async () => {
    server.use(http.get(operationUrl('getPricing'), () => HttpResponse.error()));
    renderApp('/pricing', { preloadedState: signedOut() });

    expect(await screen.findByText('Error fetching pricing')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Error fetching pricing data', expect.anything());
  });
});

describe('coupon', () => {
  test('?coupon= shows the coupon banner with its countdown', async () => {
    const now = Date.now() / 1000;
    const coupon = spyOnApi('getCoupon', {
      error: false,
      data: aCoupon({ redeem_by: Math.floor(now) + 3 * 86_400 + 2 * 3600 + 5 * 60 + 30 }),
    });
    server.use(pricingBySchedule(), coupon.handler);
    renderApp('/pricing?coupon=LAUNCH30', { preloadedState: signedOut() });

    expect(await screen.findByRole('alert', { name: 'Coupon' })).toHaveTextContent('LAUNCH30');
    expect(screen.getByText(/^3 days 2 hours [45] minutes$/)).toBeInTheDocument();
    expect(coupon.requests[0].url.searchParams.get('coupon')).toBe('LAUNCH30');
  });

  test("a failed coupon lookup is only logged ('Error fetching coupon data')", async () => {
    server.use(pricingBySchedule(), mockApiError('getCoupon', 'Bad coupon', { status: 400 }));
    renderApp('/pricing?coupon=NOPE', { preloadedState: signedOut() });

    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('Error fetching coupon data', expect.anything()),
    );
    await card('Standard');
    expect(screen.queryByText('Bad coupon')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('no coupon parameter, no coupon request', async () => {
    const coupon = spyOnApi('getCoupon', { error: false, data: aCoupon() });
    server.use(pricingBySchedule(), coupon.handler);
    renderApp('/pricing', { preloadedState: signedOut() });

    await card('Standard');
    expect(coupon.requests).toHaveLength(0);
    expect(screen.queryByRole('alert', { name: 'Coupon' })).not.toBeInTheDocument();
  });
});

describe('embedding parameters', () => {
  test('the banner names the app and the CRM of ?app= and ?software=; the header is shown', async () => {
    const software = spyOnApi('getSoftware', {
      error: false,
      data: aSoftware({ software: 'Pipedrive', app: 'Pipedrive Sync' }),
    });
    server.use(pricingBySchedule(), software.handler);
    renderApp('/pricing?software=pipedrive&app=Prospect%20Sync', { preloadedState: signedOut() });

    expect(await screen.findByText('Chrome Extension for Pipedrive.')).toBeInTheDocument();
    expect(screen.getByText('Prospect Sync')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    expect(software.requests[0].url.searchParams.get('software')).toBe('pipedrive');
  });

  test('hide_banner and hide_header leave them out', async () => {
    server.use(pricingBySchedule(), mockSoftware(aSoftware()));
    renderApp('/pricing?hide_banner=true&hide_header=1&software=demo-crm', { preloadedState: signedOut() });

    await card('Standard');
    expect(screen.queryByText('Chrome Extension for Demo CRM.')).not.toBeInTheDocument();
    expect(screen.queryByText('CRM Sync')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Pricing' })).not.toBeInTheDocument();
    // Embedded as a widget: no site footer either.
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  test('the public page has the footer with terms, privacy and support', async () => {
    window.__APP_CONFIG__ = { supportFormUrl: 'https://support.example/form' };
    server.use(pricingBySchedule());
    renderApp('/pricing', { preloadedState: signedOut() });
    await card('Standard');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Support' })).toHaveAttribute(
      'href',
      'https://support.example/form',
    );
    delete window.__APP_CONFIG__;
  });

  test('dark_mode switches to the dark theme', async () => {
    server.use(pricingBySchedule());
    const { unmount } = renderApp('/pricing?dark_mode=true', { preloadedState: signedOut() });
    await card('Standard');
    // The page around the main content and the footer carries the background.
    const page = () => screen.getByRole('main').parentElement!;
    expect(getComputedStyle(page()).backgroundColor).toBe('rgb(18, 18, 18)');
    unmount();

    renderApp('/pricing', { preloadedState: signedOut() });
    await card('Standard');
    expect(getComputedStyle(page()).backgroundColor).not.toBe('rgb(18, 18, 18)');
  });
});
