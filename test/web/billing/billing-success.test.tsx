import { act, screen } from '@testing-library/react';
import BillingSuccessPage from '../../../src/web/features/billing/pages/BillingSuccessPage';
import { mockApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderWithProviders, signedIn } from '../utils/render';
import { useSpecTimers } from '../utils/spec-timers';

beforeEach(() => useSpecTimers());

const renderSuccess = () =>
  renderWithProviders(<BillingSuccessPage />, {
    route: '/dashboard/billing/success',
    path: '/dashboard/billing/success',
    preloadedState: signedIn(),
    userEvent: { advanceTimers: jest.advanceTimersByTime },
  });

const anInvoice = () =>
  mockApi('getInvoices', {
    error: false,
    data: {
      next_invoice: { date: 1_770_000_000, amount: 15_700, interval: 'monthly' },
      payment_method: 'Visa .... 4242',
      invoices: [
        {
          id: 'cs_42',
          date: 1_768_435_200,
          items: [{ description: 'Pro seat (monthly)', quantity: 2 }],
          amount: 15_800,
          status: 'paid',
        },
      ],
    },
  });

test('shows a receipt of the payment and counts down 5 seconds to /dashboard', async () => {
  server.use(anInvoice());
  const { router } = renderSuccess();

  // Focus starts on what happened, not on the body.
  expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    'The changes have been successfully applied to your account.',
  );
  const receipt = await screen.findByRole('region', { name: 'Receipt' });
  expect(receipt).toHaveTextContent('Pro seat (monthly) × 2');
  expect(receipt).toHaveTextContent('$158');
  expect(receipt).toHaveTextContent('cs_42');
  expect(receipt).toHaveTextContent('Visa .... 4242');
  expect(screen.getByRole('timer')).toHaveTextContent('Redirecting to your dashboard in 5 seconds...');
  act(() => jest.advanceTimersByTime(4000));
  expect(screen.getByRole('timer')).toHaveTextContent('Redirecting to your dashboard in 1 second...');
  expect(router.state.location.pathname).toBe('/dashboard/billing/success');
  act(() => jest.advanceTimersByTime(1000));
  expect(router.state.location.pathname).toBe('/dashboard');
});

// WCAG 2.2.1: the user can stop the timed move and read the receipt for as long as they want.
test('Stop keeps the receipt on screen; Back to Billing returns to Billing', async () => {
  server.use(anInvoice());
  const { router, user } = renderSuccess();
  await screen.findByRole('region', { name: 'Receipt' });
  await user.click(screen.getByRole('button', { name: 'Stop' }));
  expect(screen.getByRole('timer')).toHaveTextContent('Stopped: go on when you are ready.');
  act(() => jest.advanceTimersByTime(60_000));
  expect(router.state.location.pathname).toBe('/dashboard/billing/success');

  await user.click(screen.getByRole('link', { name: 'Back to Billing' }));
  expect(router.state.location.pathname).toBe('/dashboard/billing');
});

test('the user can go to the dashboard at once', async () => {
  server.use(anInvoice());
  const { router, user } = renderSuccess();
  await user.click(screen.getByRole('link', { name: 'Go to the dashboard now' }));
  expect(router.state.location.pathname).toBe('/dashboard');
});
