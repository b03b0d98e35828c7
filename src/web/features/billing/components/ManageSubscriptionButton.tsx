import Button from '@mui/material/Button';
import LazySpinner from '../../../components/LazySpinner';
import type { BillingPortal } from '../hooks/use-billing-portal';
import { t } from '../../../i18n';

/** 'Manage Subscription': opens the billing portal; shows the shared loading flag meanwhile. */
export default function ManageSubscriptionButton({ portal }: { portal: BillingPortal }) {
  return (
    <Button
      variant="contained"
      onClick={() => void portal.open()}
      disabled={portal.loading}
      aria-busy={portal.loading}
      startIcon={
        portal.loading ? <LazySpinner size={16} color="inherit" aria-label={t('Loading')} /> : undefined
      }
    >
      {t('Manage Subscription')}
    </Button>
  );
}
