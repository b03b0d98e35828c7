import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetCreditUsageQuery } from '../../../api/endpoints/credits';
import { withDetail } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { CapUsage } from '../../../entities/credits';
import { t } from '../../../i18n';

const USAGE_FAILED = 'Failed to load credit usage';

/** The caller's balance (plan and top-up credits) and their usage against their monthly cap. */
export default function OwnCredits() {
  const own = useGetCreditUsageQuery({});
  if (own.isLoading) return <LoadingState />;
  if (own.isError || !own.data) {
    return <ErrorAlert error={withDetail(USAGE_FAILED, own.error)} onRetry={() => void own.refetch()} />;
  }
  const credits = own.data.data;
  return (
    <Stack spacing={1.5}>
      <Typography>
        {t('Balance: {credits} credits ({plan} from your plan, {topUp} top-up credits that never expire)', {
          credits: credits.credits,
          plan: credits.plan_credits,
          topUp: credits.top_up_credits,
        })}
      </Typography>
      <CapUsage spent={credits.period_spent} cap={credits.monthly_cap} periodEnd={credits.period_end} />
    </Stack>
  );
}
