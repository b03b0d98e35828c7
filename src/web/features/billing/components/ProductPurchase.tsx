import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { PlanCards, usePlanCheckout } from '../../../entities/plan';
import PlanPricing from './PlanPricing';
import ErrorAlert from '../../../components/ErrorAlert';
import { msg, t } from '../../../i18n';

/** docs/product.md#billing-views layout 2: a Free admin picks a plan and goes to checkout. */
export default function ProductPurchase() {
  const [searchParams] = useSearchParams();
  const checkout = usePlanCheckout(searchParams.get('coupon'));
  return (
    <Paper variant="outlined" component="section" aria-labelledby="choose-plan" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography id="choose-plan" variant="h6" component="h2">
          {t('Choose a plan')}
        </Typography>
        <ErrorAlert error={checkout.error} />
        <PlanPricing fixed={null}>
          {(pricing, schedule) => (
            <PlanCards
              pricing={pricing}
              schedule={schedule}
              currentPlan="free"
              busyPlan={checkout.processingPlan}
              actionFor={(plan) => ({
                label: msg('Upgrade'),
                onSelect: () => void checkout.startCheckout(plan, pricing[plan], schedule),
              })}
            />
          )}
        </PlanPricing>
      </Stack>
    </Paper>
  );
}
