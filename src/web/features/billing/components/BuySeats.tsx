import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useBuyMoreSeatsMutation } from '../../../api/endpoints/billing';
import { errorMessage } from '../../../api/errors';
import { leaveAppTo, safeRedirectUrl } from '../../../lib/safe-redirect';
import BuySeatsForm from './BuySeatsForm';
import SeatOrderDialog, { type SeatOrder } from './SeatOrderDialog';
import { t } from '../../../i18n';
import { dashboardPaths } from '../../../lib/paths';

/** docs/product.md#seats-and-checkout-texts. */
const BUY_SEATS_FAILED = 'Error buying seats';

/**
 * docs/product.md#buying-seats: the server answers a payment page (followed when allow-listed) or nothing,
 * when the seats were added at once (then the success page).
 */
export default function BuySeats() {
  const [buyMoreSeats] = useBuyMoreSeatsMutation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The order waiting for the user to confirm its price.
  const [pending, setPending] = useState<SeatOrder | null>(null);

  async function buy({ product, seats }: SeatOrder) {
    setProcessing(true);
    setError(null);
    try {
      const { url } = await buyMoreSeats({
        standard_seats: product === 'standard' ? seats : 0,
        pro_seats: product === 'pro' ? seats : 0,
        coupon_code: null,
        request_url: new URL(pathname + search, window.location.origin).href,
      }).unwrap();
      if (!url) {
        void navigate(dashboardPaths.billingSuccess);
        return;
      }
      const target = safeRedirectUrl(url, window.location.origin);
      if (!target) throw new Error(BUY_SEATS_FAILED);
      leaveAppTo(target);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : errorMessage(caught, BUY_SEATS_FAILED));
      setProcessing(false);
      setPending(null);
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="buy-seats" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="buy-seats" variant="h6" component="h2" gutterBottom>
        {t('Buy seats')}
      </Typography>
      <BuySeatsForm
        onSubmit={(order) => {
          setError(null);
          setPending(order);
        }}
        processing={processing}
        error={error}
      />
      <SeatOrderDialog
        order={pending}
        processing={processing}
        onConfirm={(order) => void buy(order)}
        onClose={() => setPending(null)}
      />
    </Paper>
  );
}
