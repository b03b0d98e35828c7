import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import BuySeats from '../../../src/web/features/billing/components/BuySeats';
import { leaveAppTo } from '../../../src/web/lib/safe-redirect';
import { mockApi, mockApiError, operationUrl, spyOnApi, heldAnswer } from '../msw/handlers';
import { server } from '../msw/server';
import { renderWithProviders, signedIn } from '../utils/render';

jest.mock('../../../src/web/lib/safe-redirect', () => ({
  ...jest.requireActual('../../../src/web/lib/safe-redirect'),
  leaveAppTo: jest.fn(),
}));

afterEach(() => jest.mocked(leaveAppTo).mockReset());

// The price the server quotes for an order: monthly seats bought through a whole-period checkout.
const UNIT = { standard: 3900, pro: 7900 } as const;
const quotes = spyOnApi('quoteSeats', ({ url }) => {
  const lines = (['standard', 'pro'] as const)
    .map((product) => ({
      product,
      quantity: Number(url.searchParams.get(`${product}_seats`)),
      unit_amount: UNIT[product],
    }))
    .filter((line) => line.quantity > 0);
  const full = lines.reduce((sum, line) => sum + line.quantity * line.unit_amount, 0);
  return {
    error: false,
    data: {
      lines,
      interval: 'monthly',
      full_amount: full,
      amount_due_now: full,
      prorated: false,
      period_end: null,
    },
  };
});
beforeEach(() => {
  quotes.requests.length = 0;
  server.use(quotes.handler);
});

const renderBuySeats = () =>
  renderWithProviders(<BuySeats />, {
    route: '/dashboard/billing',
    path: '/dashboard/billing',
    preloadedState: signedIn(),
  });
const seatsInput = () => screen.getByRole('spinbutton', { name: 'Step 2: number of seats' });
const buy = () => screen.getByRole('button', { name: 'Buy Seats' });
/** The order's price is shown first; the user confirms the amount. */
async function confirmPaying(user: { click: (element: Element) => Promise<void> }, amount: string) {
  const dialog = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
  await user.click(await dialog.findByRole('button', { name: `Pay ${amount}` }));
}

test("asks for a product first: 'Please select a product first.'", async () => {
  const spy = spyOnApi('buyMoreSeats', { error: false, url: null });
  server.use(spy.handler);
  const { user } = renderBuySeats();

  await user.click(buy());

  expect(screen.getByText('Please select a product first.')).toBeInTheDocument();
  expect(spy.requests).toHaveLength(0);

  await user.click(screen.getByRole('radio', { name: 'Standard' }));
  expect(screen.queryByText('Please select a product first.')).not.toBeInTheDocument();
});

test.each([
  ['0', '1'],
  ['-5', '1'],
  ['2.7', '2'],
  ['', '1'],
  ['12', '12'],
])('seats typed as %p become %s on leaving the field', async (typed, shown) => {
  const { user } = renderBuySeats();

  await user.clear(seatsInput());
  if (typed) await user.type(seatsInput(), typed);
  await user.tab();

  expect(seatsInput()).toHaveValue(Number(shown));
});

test('buys Pro seats and leaves for the payment page', async () => {
  const spy = spyOnApi('buyMoreSeats', { error: false, url: 'http://localhost/sandbox/checkout/cs_seats' });
  server.use(spy.handler);
  const { user } = renderBuySeats();

  await user.click(screen.getByRole('radio', { name: 'Pro' }));
  await user.clear(seatsInput());
  await user.type(seatsInput(), '3');
  await user.click(buy());

  // The price before anything is bought.
  const dialog = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
  expect(await dialog.findByText('3 Pro seats')).toBeInTheDocument();
  expect(dialog.getByText('$79 per seat per month')).toBeInTheDocument();
  expect(dialog.getByText('$237')).toBeInTheDocument();
  expect(spy.requests).toHaveLength(0);
  await user.click(dialog.getByRole('button', { name: 'Pay $237' }));

  await waitFor(() => expect(leaveAppTo).toHaveBeenCalledWith('http://localhost/sandbox/checkout/cs_seats'));
  expect(spy.requests[0].body).toEqual({
    standard_seats: 0,
    pro_seats: 3,
    coupon_code: null,
    request_url: 'http://localhost/dashboard/billing',
  });
});

test('a value below 1 is submitted as 1 seat', async () => {
  const spy = spyOnApi('buyMoreSeats', { error: false, url: null });
  server.use(spy.handler);
  const { user } = renderBuySeats();

  await user.click(screen.getByRole('radio', { name: 'Standard' }));
  await user.clear(seatsInput());
  await user.type(seatsInput(), '0');
  await user.click(buy());
  await confirmPaying(user, '$39');

  await waitFor(() => expect(spy.requests).toHaveLength(1));
  expect(spy.requests[0].body).toMatchObject({ standard_seats: 1, pro_seats: 0 });
});

test('without a payment page the user goes to the success page', async () => {
  server.use(mockApi('buyMoreSeats', { error: false, url: null }));
  const { user, router } = renderBuySeats();

  await user.click(screen.getByRole('radio', { name: 'Standard' }));
  await user.click(buy());
  await confirmPaying(user, '$39');

  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/billing/success'));
  expect(leaveAppTo).not.toHaveBeenCalled();
});

test.each([
  [
    'the server message, as given',
    mockApiError('buyMoreSeats', 'Seat limit reached', { status: 400 }),
    'Seat limit reached',
  ],
  [
    "'Error buying seats' when the server says nothing",
    http.post(operationUrl('buyMoreSeats'), () => new HttpResponse(null, { status: 500 })),
    'Error buying seats',
  ],
  [
    "'Error buying seats' for a payment page off the allow-list",
    mockApi('buyMoreSeats', { error: false, url: 'https://evil.example/pay' }),
    'Error buying seats',
  ],
])('shows %s and clears the processing state', async (_case, handler, text) => {
  server.use(handler);
  const { user } = renderBuySeats();

  await user.click(screen.getByRole('radio', { name: 'Pro' }));
  await user.click(buy());
  await confirmPaying(user, '$79');

  // The dialog closes and the form says why.
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByText(text)).toBeInTheDocument();
  expect(
    within(screen.getByRole('form', { name: 'Buy seats' })).getByRole('button', { name: 'Buy Seats' }),
  ).toBeEnabled();
  expect(leaveAppTo).not.toHaveBeenCalled();
});

test('shows the processing state while buying', async () => {
  const answer = heldAnswer();
  server.use(mockApi('buyMoreSeats', { error: false, url: null }, { until: answer.until }));
  const { user } = renderBuySeats();

  await user.click(screen.getByRole('radio', { name: 'Pro' }));
  await user.click(buy());
  await confirmPaying(user, '$79');

  expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
  answer.release();
});

test('the seats input carries the server’s maximum and says it before anything is sent', async () => {
  const spy = spyOnApi('buyMoreSeats', { error: false, url: null });
  server.use(spy.handler);
  const { user } = renderBuySeats();

  expect(seatsInput()).toHaveAttribute('max', '1000');
  expect(seatsInput()).toHaveAccessibleDescription('1 to 1,000 seats per order.');

  await user.click(screen.getByRole('radio', { name: 'Standard' }));
  await user.clear(seatsInput());
  await user.type(seatsInput(), '1001');
  expect(seatsInput()).toHaveAccessibleDescription('You can buy at most 1,000 seats in one order.');
  expect(seatsInput()).toBeInvalid();
  await user.click(buy());
  expect(seatsInput()).toHaveValue(1001);
  expect(spy.requests).toHaveLength(0);

  await user.clear(seatsInput());
  await user.type(seatsInput(), '1000');
  expect(seatsInput()).toHaveAccessibleDescription('1 to 1,000 seats per order.');
  await user.click(buy());
  await confirmPaying(user, '$39,000');
  await waitFor(() => expect(spy.requests).toHaveLength(1));
  expect(spy.requests[0].body).toMatchObject({ standard_seats: 1000, pro_seats: 0 });
});

test('Cancel closes the price without buying anything', async () => {
  const spy = spyOnApi('buyMoreSeats', { error: false, url: null });
  server.use(spy.handler);
  const { user } = renderBuySeats();

  await user.click(screen.getByRole('radio', { name: 'Standard' }));
  await user.clear(seatsInput());
  await user.type(seatsInput(), '2');
  await user.click(buy());
  const dialog = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
  expect(await dialog.findByText('$78')).toBeInTheDocument();
  expect(quotes.requests[0].url.searchParams.get('standard_seats')).toBe('2');
  expect(quotes.requests[0].url.searchParams.get('pro_seats')).toBe('0');

  await user.click(dialog.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(spy.requests).toHaveLength(0);
});

test('seats added to a live subscription show the prorated amount due now and the full one after', async () => {
  server.use(
    mockApi('quoteSeats', {
      error: false,
      data: {
        lines: [{ product: 'pro', quantity: 1, unit_amount: 7900 }],
        interval: 'monthly',
        full_amount: 7900,
        amount_due_now: 3950,
        prorated: true,
        period_end: 1_770_000_000,
      },
    }),
  );
  const { user } = renderBuySeats();

  await user.click(screen.getByRole('radio', { name: 'Pro' }));
  await user.click(buy());

  const dialog = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
  expect(await dialog.findByText('$39.50')).toBeInTheDocument();
  expect(
    dialog.getByText(
      'Prorated: you pay for the rest of the current period, until February 2, 2026. Then $79 is added to each invoice.',
    ),
  ).toBeInTheDocument();
  expect(dialog.getByRole('button', { name: 'Pay $39.50' })).toBeEnabled();
});

test('a price the server cannot give leaves nothing to pay and offers a retry', async () => {
  const spy = spyOnApi('buyMoreSeats', { error: false, url: null });
  server.use(
    spy.handler,
    mockApiError('quoteSeats', 'Could not reach the payment provider.', { status: 502 }),
  );
  const { user } = renderBuySeats();

  await user.click(screen.getByRole('radio', { name: 'Pro' }));
  await user.click(buy());

  const dialog = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
  expect(await dialog.findByText('Could not reach the payment provider.')).toBeInTheDocument();
  expect(dialog.getByRole('button', { name: 'Buy Seats' })).toBeDisabled();
  expect(spy.requests).toHaveLength(0);
});
