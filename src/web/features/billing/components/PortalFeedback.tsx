import Alert from '@mui/material/Alert';
import ErrorAlert from '../../../components/ErrorAlert';
import Link from '@mui/material/Link';
import type { BillingPortal } from '../hooks/use-billing-portal';
import { t } from '../../../i18n';

/** The billing-portal failure, or a link when the browser blocked the new tab. */
export default function PortalFeedback({ portal }: { portal: BillingPortal }) {
  if (portal.error) return <ErrorAlert error={portal.error} />;
  if (portal.blockedUrl) {
    return (
      <Alert severity="info">
        {t('Your browser blocked the new tab.')}{' '}
        <Link href={portal.blockedUrl} target="_blank" rel="noopener noreferrer">
          {t('Open the billing portal')}
        </Link>
      </Alert>
    );
  }
  return null;
}
