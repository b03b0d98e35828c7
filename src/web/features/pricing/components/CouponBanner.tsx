import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useEffect, useState } from 'react';
import type { components } from '../../../../contract/api';
import { COUPON_REFRESH_MS, formatCountdown } from '../lib/countdown';
import { couponDiscountText } from '../../../entities/plan';
import { t, translated } from '../../../i18n';

type Coupon = components['schemas']['Coupon'];

export interface CouponBannerProps {
  coupon: Coupon;
  onClose?: () => void;
}

/** The time left, re-read every 60 s (docs/product.md#coupons); minutes are the smallest unit shown. */
function useCountdown(redeemBy: number | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (redeemBy === null) return;
    const timer = setInterval(() => setNow(Date.now()), COUPON_REFRESH_MS);
    return () => clearInterval(timer);
  }, [redeemBy]);
  return redeemBy === null ? null : formatCountdown(redeemBy, now);
}

/** docs/product.md#coupons: the offer with a days/hours/minutes countdown, 'Expired' at zero, closable. */
export default function CouponBanner({ coupon, onClose }: CouponBannerProps) {
  const [open, setOpen] = useState(true);
  const countdown = useCountdown(coupon.redeem_by);
  if (!open) return null;
  const expired = countdown === t('Expired');
  const discount = couponDiscountText(coupon);
  return (
    <Alert
      severity={expired ? 'warning' : 'success'}
      aria-label={t('Coupon')}
      onClose={() => {
        setOpen(false);
        onClose?.();
      }}
      slotProps={{ closeButton: { 'aria-label': t('Close coupon banner') } }}
    >
      {/* The coupon's stored name: the seeded 'Launch offer: 30% off' has its translation. */}
      <AlertTitle>{translated(coupon.name)}</AlertTitle>
      {discount && `${t('{percent}% off.', { percent: coupon.percent_off })} `}
      {countdown !== null &&
        (expired ? (
          <strong>{t('Expired')}</strong>
        ) : (
          <>
            {t('Offer ends in')} <strong>{countdown}</strong>
          </>
        ))}
    </Alert>
  );
}
