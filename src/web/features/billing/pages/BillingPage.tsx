import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { selectUser } from '../../../entities/session';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/use-document-title';
import ManageSubscriptionButton from '../components/ManageSubscriptionButton';
import MemberSubscription from '../components/MemberSubscription';
import NeedHelpLink from '../components/NeedHelpLink';
import PortalFeedback from '../components/PortalFeedback';
import ProductPurchase from '../components/ProductPurchase';
import SubscriptionDetails from '../components/SubscriptionDetails';
import InvoicesSection from '../components/InvoicesSection';
import TeamBilling from '../components/TeamBilling';
import { useBillingPortal } from '../hooks/use-billing-portal';
import { billingLayout } from '../lib/billing-view';
import { t } from '../../../i18n';

/** docs/product.md#billing-views: the member view or one of the three admin layouts. */
export default function BillingPage() {
  useDocumentTitle('Billing');
  const user = useAppSelector(selectUser);
  const portal = useBillingPortal();
  // The dashboard guard renders this page only with a user; stay safe if that ever changes.
  if (!user) return null;

  const layout = billingLayout(user);
  let view: ReactNode;
  switch (layout) {
    case 'member':
      view = (
        <MemberSubscription
          product={user.subscription.stripe_product}
          interval={user.subscription.stripe_interval}
          credits={user.credits}
        />
      );
      break;
    case 'team':
      view = <TeamBilling user={user} portal={portal} />;
      break;
    case 'purchase':
      view = <ProductPurchase />;
      break;
    case 'details':
      view = (
        <SubscriptionDetails
          subscription={user.subscription}
          manageButton={<ManageSubscriptionButton portal={portal} />}
        />
      );
      break;
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Typography variant="h4" component="h1">
        {t('Billing')}
      </Typography>
      <PortalFeedback portal={portal} />
      {view}
      {layout !== 'member' && <InvoicesSection />}
      <NeedHelpLink />
    </Stack>
  );
}
