import Button from '@mui/material/Button';
import LazySpinner from '../../../components/LazySpinner';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuoteSeatsQuery } from '../../../api/endpoints/billing';
import { errorMessage } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { ContentSkeleton } from '../../../components/skeletons';
import type { SeatPlanKey } from '../../../../shared/plans';
import { formatDate } from '../../../lib/dates';
import { msg, t } from '../../../i18n';
import { formatCents } from '../lib/money';
import DetailList from './DetailList';

const QUOTE_FAILED = msg('Failed to price the seats');
// One message per product, so each language names the plan its own way (标准版, not Standard).
const SEAT_LINE: Record<SeatPlanKey, string> = {
  standard: msg('{count, plural, one {# Standard seat} other {# Standard seats}}'),
  pro: msg('{count, plural, one {# Pro seat} other {# Pro seats}}'),
};

export interface SeatOrder {
  product: SeatPlanKey;
  seats: number;
}

/**
 * The price of an order of seats, asked of the server (it knows whether the provider prorates), shown
 * before anything is charged: the user confirms the amount or goes back to the form.
 */
export default function SeatOrderDialog({
  order,
  processing,
  onConfirm,
  onClose,
}: {
  order: SeatOrder | null;
  processing: boolean;
  onConfirm: (order: SeatOrder) => void;
  onClose: () => void;
}) {
  const query = useQuoteSeatsQuery(
    {
      standard_seats: order?.product === 'standard' ? order.seats : 0,
      pro_seats: order?.product === 'pro' ? order.seats : 0,
    },
    { skip: !order },
  );
  const quote = query.data?.data;
  return (
    <Dialog
      open={order !== null}
      onClose={processing ? undefined : onClose}
      aria-labelledby="seat-order-title"
    >
      <DialogTitle id="seat-order-title">{t('Confirm your order')}</DialogTitle>
      <DialogContent>
        {query.error ? (
          <ErrorAlert error={errorMessage(query.error, QUOTE_FAILED)} onRetry={() => void query.refetch()} />
        ) : !quote || query.isFetching ? (
          <ContentSkeleton count={3} text="Loading price" />
        ) : (
          <>
            <DetailList
              details={[
                ...quote.lines.map((line) => ({
                  label: t(SEAT_LINE[line.product], { count: line.quantity }),
                  value:
                    quote.interval === 'monthly'
                      ? t('{amount} per seat per month', { amount: formatCents(line.unit_amount) })
                      : t('{amount} per seat per year', { amount: formatCents(line.unit_amount) }),
                })),
                { label: msg('Due today'), value: formatCents(quote.amount_due_now) },
              ]}
            />
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              {quote.prorated && quote.period_end
                ? t(
                    'Prorated: you pay for the rest of the current period, until {date}. Then {amount} is added to each invoice.',
                    { date: formatDate(quote.period_end), amount: formatCents(quote.full_amount) },
                  )
                : t(
                    'You pay for a whole period now, on the payment page. The seats renew with your subscription.',
                  )}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={processing}>
          {t('Cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!quote || query.isFetching || processing}
          onClick={() => order && onConfirm(order)}
          startIcon={processing ? <LazySpinner size={16} color="inherit" /> : undefined}
        >
          {processing
            ? t('Processing...')
            : quote
              ? t('Pay {amount}', { amount: formatCents(quote.amount_due_now) })
              : t('Buy Seats')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
