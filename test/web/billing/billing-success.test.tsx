import { act, screen } from '@testing-library/react';
import BillingSuccessPage from '../../../src/web/features/billing/pages/BillingSuccessPage';
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

test('confirms the change and counts down 5 seconds to /dashboard', () => {
  const { router } = renderSuccess();

  expect(screen.getByText('The changes have been successfully applied to your account.')).toBeInTheDocument();
  expect(screen.getByRole('timer')).toHaveTextContent('Redirecting to your dashboard in 5 seconds...');

  act(() => jest.advanceTimersByTime(1000));
  expect(screen.getByRole('timer')).toHaveTextContent('in 4 seconds');
  act(() => jest.advanceTimersByTime(3000));
  expect(screen.getByRole('timer')).toHaveTextContent('in 1 second...');
  expect(router.state.location.pathname).toBe('/dashboard/billing/success');

  act(() => jest.advanceTimersByTime(1000));
  expect(router.state.location.pathname).toBe('/dashboard');
});

test('the user can go at once', async () => {
  const { router, user } = renderSuccess();

  await user.click(screen.getByRole('link', { name: 'Go to the dashboard now' }));

  expect(router.state.location.pathname).toBe('/dashboard');
});
