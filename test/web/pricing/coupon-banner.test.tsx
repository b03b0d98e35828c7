import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CouponBanner from '../../../src/web/features/pricing/components/CouponBanner';
import { useSpecTimers } from '../utils/spec-timers';

const NOW = new Date('2025-01-01T12:00:00Z');
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const redeemIn = (seconds: number) => NOW.getTime() / 1000 + seconds;

const aCoupon = (redeem_by: number | null) => ({
  name: 'LAUNCH30',
  percent_off: 30,
  duration: 'once' as const,
  redeem_by,
});

beforeEach(() => {
  useSpecTimers({ now: NOW });
});

test('shows the offer and the days, hours and minutes left', () => {
  render(<CouponBanner coupon={aCoupon(redeemIn(2 * DAY + 3 * HOUR + 4 * MINUTE + 30))} />);

  const banner = screen.getByRole('alert', { name: 'Coupon' });
  expect(banner).toHaveTextContent('LAUNCH30');
  expect(banner).toHaveTextContent('30% off. Offer ends in 2 days 3 hours 4 minutes');
  expect(screen.getByText('2 days 3 hours 4 minutes')).toBeInTheDocument();
});

test('refreshes every 60 seconds, not before', () => {
  render(<CouponBanner coupon={aCoupon(redeemIn(DAY + 10 * MINUTE))} />);
  expect(screen.getByText('1 day 0 hours 10 minutes')).toBeInTheDocument();

  act(() => jest.advanceTimersByTime(59_000));
  expect(screen.getByText('1 day 0 hours 10 minutes')).toBeInTheDocument();

  act(() => jest.advanceTimersByTime(1_000));
  expect(screen.getByText('1 day 0 hours 9 minutes')).toBeInTheDocument();

  act(() => jest.advanceTimersByTime(60_000 * 10));
  expect(screen.getByText('0 days 23 hours 59 minutes')).toBeInTheDocument();
});

test("reads 'Expired' once the time is up", () => {
  render(<CouponBanner coupon={aCoupon(redeemIn(2 * MINUTE))} />);
  expect(screen.getByText('0 days 0 hours 2 minutes')).toBeInTheDocument();

  act(() => jest.advanceTimersByTime(2 * 60_000));

  expect(screen.getByText('Expired')).toBeInTheDocument();
  expect(screen.queryByText(/minutes?$/)).not.toBeInTheDocument();
});

test("an already expired coupon reads 'Expired'", () => {
  render(<CouponBanner coupon={aCoupon(redeemIn(-HOUR))} />);
  expect(screen.getByText('Expired')).toBeInTheDocument();
});

test('a coupon without an end date shows no countdown', () => {
  render(<CouponBanner coupon={aCoupon(null)} />);
  expect(screen.getByRole('alert', { name: 'Coupon' })).toHaveTextContent('LAUNCH30');
  expect(screen.queryByText(/Offer ends in/)).not.toBeInTheDocument();
});

test('can be closed', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const onClose = jest.fn();
  render(<CouponBanner coupon={aCoupon(redeemIn(DAY))} onClose={onClose} />);

  await user.click(screen.getByRole('button', { name: 'Close coupon banner' }));

  expect(screen.queryByRole('alert', { name: 'Coupon' })).not.toBeInTheDocument();
  expect(onClose).toHaveBeenCalledTimes(1);
});

test('a name that already gives the discount is not repeated: "30% off" shows once', () => {
  render(
    <CouponBanner coupon={{ ...aCoupon(redeemIn(DAY + 10 * MINUTE)), name: 'Launch offer: 30% off' }} />,
  );

  const banner = screen.getByRole('alert', { name: 'Coupon' });
  expect(banner).toHaveTextContent(/^Launch offer: 30% offOffer ends in 1 day 0 hours 10 minutes$/);
  expect(banner.textContent?.match(/30% off/g)).toHaveLength(1);
});
