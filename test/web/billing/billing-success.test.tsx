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

// WCAG 2.2.1: a receipt that stays until the user goes back to Billing, no timed redirect.
test('shows a receipt of the payment and returns to Billing when the user chooses', async () => {
  server.use(
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
    }),
  );
  const { router, user } = renderSuccess();

  expect(screen.getByText('The changes have been successfully applied to your account.')).toBeInTheDocument();
  const receipt = await screen.findByRole('region', { name: 'Receipt' });
  expect(receipt).toHaveTextContent('Pro seat (monthly) × 2');
  expect(receipt).toHaveTextContent('$158');
  expect(receipt).toHaveTextContent('cs_42');
  expect(receipt).toHaveTextContent('Visa .... 4242');
  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  expect(screen.queryByText(/Redirecting/)).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(60_000));
  expect(router.state.location.pathname).toBe('/dashboard/billing/success');

  await user.click(screen.getByRole('link', { name: 'Back to Billing' }));
  expect(router.state.location.pathname).toBe('/dashboard/billing');
});
