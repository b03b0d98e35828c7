import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { planName } from '../../../../shared/plans';
import { billingPeriodLabel } from '../../../entities/plan';
import DetailList from './DetailList';
import { t } from '../../../i18n';
import { formatNumber } from '../../../i18n/format';

export interface MemberSubscriptionProps {
  product: string | null | undefined;
  interval: string | null | undefined;
  credits: number;
}

/** docs/product.md#billing-views: the read-only billing view of a member. */
export default function MemberSubscription({ product, interval, credits }: MemberSubscriptionProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="my-subscription"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="my-subscription" variant="h6" component="h2" gutterBottom>
        {t('My Subscription')}
      </Typography>
      <DetailList
        details={[
          { label: 'Current product', value: planName(product) },
          { label: 'Billing period', value: billingPeriodLabel(interval) },
          { label: 'Credits remaining', value: formatNumber(credits) },
        ]}
      />
      <Typography color="text.secondary" sx={{ mt: 3 }}>
        {t("Your billing is handled by your organization's admin.")}
      </Typography>
    </Paper>
  );
}
