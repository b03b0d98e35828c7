import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetCreditUsageQuery } from '../../../api/endpoints/credits';
import { withDetail } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { useAppSelector } from '../../../app/hooks';
import { CapUsage } from '../../../entities/credits';
import { selectUser } from '../../../entities/session';
import { roleCan } from '../../../../shared/permissions';
import { t } from '../../../i18n';
import RequestCredits from './RequestCredits';

const USAGE_FAILED = 'Failed to load credit usage';

/**
 * The caller's balance (plan and top-up credits, what was granted from the team pool) and their usage against
 * their monthly cap; the team pool's balance; for a member who cannot buy, the way to ask an admin.
 */
export default function OwnCredits() {
  const viewer = useAppSelector(selectUser);
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
      {credits.granted_credits > 0 && (
        <Typography>
          {t('{granted} of them granted from the team pool', { granted: credits.granted_credits })}
        </Typography>
      )}
      {credits.pool_credits !== null && (
        <Typography>{t('Team pool: {credits} credits', { credits: credits.pool_credits })}</Typography>
      )}
      <CapUsage spent={credits.period_spent} cap={credits.monthly_cap} periodEnd={credits.period_end} />
      {credits.pool_credits !== null && !roleCan(viewer?.role, 'credits.buy') && (
        <RequestCredits outOfCredits={credits.credits === 0 && credits.pool_credits === 0} />
      )}
    </Stack>
  );
}
