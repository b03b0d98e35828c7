import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { components } from '../../../../contract/api';
import { formatDate } from '../../../lib/dates';
import { planName } from '../../../../shared/plans';
import { billingPeriodLabel } from '../../../entities/plan';
import DetailList from './DetailList';
import { t, translated } from '../../../i18n';

type Subscription = components['schemas']['Subscription'];

const NO_NEXT_PAYMENT = 'Not available';
const NO_PAYMENT_METHOD =
  "No payment method on file. Update it in the payment provider's portal with 'Manage Subscription'.";

function statusLabel(status: string | null): string {
  if (!status) return 'Unknown';
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** docs/product.md#billing-views layout 3: a paying admin's subscription, with the 'Manage Subscription' action. */
export default function SubscriptionDetails({
  subscription,
  manageButton,
}: {
  subscription: Subscription;
  manageButton: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="subscription-details"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="subscription-details" variant="h6" component="h2" gutterBottom>
        {t('Subscription Details')}
      </Typography>
      <DetailList
        details={[
          { label: 'Product', value: planName(subscription.stripe_product) },
          { label: 'Status', value: statusLabel(subscription.stripe_status) },
          { label: 'Billing period', value: billingPeriodLabel(subscription.stripe_interval) },
          {
            label: 'Next payment date',
            value: subscription.next_payment_date
              ? formatDate(subscription.next_payment_date)
              : NO_NEXT_PAYMENT,
          },
          {
            label: 'Payment method',
            value: subscription.payment_method || (
              <Typography component="span" color="text.secondary">
                {translated(NO_PAYMENT_METHOD)}
              </Typography>
            ),
          },
        ]}
      />
      <div style={{ marginTop: 24 }}>{manageButton}</div>
    </Paper>
  );
}
