import Alert from '@mui/material/Alert';
import Bone from '../../../components/skeletons/Bone';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useGetOrgSubscriptionQuery } from '../../../api/endpoints/billing';
import { useGetOrganizationMembersQuery } from '../../../api/endpoints/organization';
import type { User } from '../../../api/contract-types';
import { errorMessage } from '../../../api/errors';
import { ContentSkeleton, LoadingStatus } from '../../../components/skeletons';
import {
  PlanCards,
  SeatsSummary,
  billingPeriodSuffix,
  formatAmount,
  orgSubscriptionTotal,
} from '../../../entities/plan';
import { planKeyOf } from '../../../../shared/plans';
import type { BillingPortal } from '../hooks/use-billing-portal';
import { fixedSchedule } from '../lib/billing-view';
import BuySeats from './BuySeats';
import ManageSubscriptionButton from './ManageSubscriptionButton';
import PlanPricing from './PlanPricing';
import { msg, t, translated } from '../../../i18n';

const MEMBERS_FALLBACK = 'Failed to load org members';
const NO_SEATS = { standard: 0, pro: 0 };

/** The total (docs/product.md#api-calls) of the organization's subscription, with the period it is charged for. */
function SubscriptionTotal({
  subscriptionId,
  interval,
}: {
  subscriptionId: string | null;
  interval: string | null;
}) {
  const { data, isLoading, isError } = useGetOrgSubscriptionQuery(
    { id: subscriptionId ?? '' },
    { skip: !subscriptionId },
  );
  let total: ReactNode;
  let period: string | null = null;
  if (!subscriptionId) total = formatAmount(0);
  else if (isLoading)
    total = (
      <>
        <Bone variant="text" width={64} aria-hidden="true" sx={{ display: 'inline-block' }} />
        <LoadingStatus text="Loading total" />
      </>
    );
  else if (isError || !data) total = t('Not available');
  else {
    total = formatAmount(orgSubscriptionTotal(data.items));
    period = billingPeriodSuffix(interval);
  }
  return (
    <Typography>
      {t('Subscription total:')} <strong>{total}</strong>
      {period && ` ${translated(period)}`}
    </Typography>
  );
}

/** docs/product.md#billing-views layout 1: an organization with more than one member. */
export default function TeamBilling({ user, portal }: { user: User; portal: BillingPortal }) {
  // Only the seat counts are needed, which the server adds up over the whole organization.
  const members = useGetOrganizationMembersQuery({ per_page: 1 });
  const purchased = user.organization?.seats ?? NO_SEATS;
  const assigned = members.data?.data.assigned_seats ?? NO_SEATS;

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" component="section" aria-labelledby="team-seats" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography id="team-seats" variant="h6" component="h2">
            {t('Team seats')}
          </Typography>
          {members.isError ? (
            <Alert severity="error">
              {t('Error loading organization members: {message}', {
                message: translated(errorMessage(members.error, MEMBERS_FALLBACK)),
              })}
            </Alert>
          ) : members.isLoading ? (
            <ContentSkeleton count={2} text="Loading members" />
          ) : (
            <SeatsSummary purchased={purchased} assigned={assigned} />
          )}
          <SubscriptionTotal
            subscriptionId={user.subscription.stripe_subscription_id}
            interval={user.subscription.stripe_interval}
          />
          <div>
            <ManageSubscriptionButton portal={portal} />
          </div>
        </Stack>
      </Paper>
      <BuySeats />
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="change-plan"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack spacing={2}>
          <Typography id="change-plan" variant="h6" component="h2">
            {t('Change plan')}
          </Typography>
          <PlanPricing fixed={fixedSchedule(user.subscription)}>
            {(pricing, schedule) => (
              <PlanCards
                pricing={pricing}
                schedule={schedule}
                currentPlan={planKeyOf(user.subscription.stripe_product)}
                disabled={portal.loading}
                // docs/product.md#plan-cards: in the change-plan panel the cards open the billing portal.
                actionFor={() => ({ label: msg('Change Plan'), onSelect: () => void portal.open() })}
              />
            )}
          </PlanPricing>
        </Stack>
      </Paper>
    </Stack>
  );
}
