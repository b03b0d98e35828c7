import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useGetInvoicesQuery } from '../../../api/endpoints/billing';
import { ContentSkeleton } from '../../../components/skeletons';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useStoppableRedirect } from '../../../components/use-stoppable-redirect';
import { formatDate } from '../../../lib/dates';
import { msg, t } from '../../../i18n';
import DetailList from '../components/DetailList';
import InvoiceItems from '../components/InvoiceItems';
import { formatCents } from '../lib/money';
import { dashboardPaths } from '../../../lib/paths';

/** docs/product.md#constants-and-limits: the billing success page moves on to the dashboard after 5 s. */
const SUCCESS_REDIRECT_SECONDS = 5;

/**
 * /dashboard/billing/success: what was paid (a receipt), then the dashboard after 5 s, counted down; Stop
 * keeps the receipt on screen for as long as the user wants (WCAG 2.2.1), and Billing is one click away.
 */
export default function BillingSuccessPage() {
  useDocumentTitle('Billing');
  const { data, isLoading } = useGetInvoicesQuery();
  const latest = data?.data.invoices[0];
  const next = data?.data.next_invoice;
  const redirect = useStoppableRedirect(SUCCESS_REDIRECT_SECONDS, dashboardPaths.overview);
  // The page is reached by a full load back from the checkout: focus starts on its heading, not the body,
  // so a keyboard or screen-reader user begins at what happened.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 640 }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <CheckCircleOutlineIcon color="success" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h5" component="h1" ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
          {t('The changes have been successfully applied to your account.')}
        </Typography>
        {isLoading && <ContentSkeleton count={3} text="Loading receipt" />}
        {latest && (
          <section aria-labelledby="receipt" style={{ alignSelf: 'stretch' }}>
            <Typography id="receipt" variant="h6" component="h2" gutterBottom>
              {t('Receipt')}
            </Typography>
            <DetailList
              details={[
                { label: msg('Date'), value: formatDate(latest.date) },
                { label: msg('Items'), value: <InvoiceItems items={latest.items} /> },
                { label: msg('Amount paid'), value: formatCents(latest.amount) },
                { label: msg('Invoice number'), value: latest.id },
                ...(data?.data.payment_method
                  ? [{ label: msg('Payment method'), value: data.data.payment_method }]
                  : []),
                ...(next
                  ? [
                      {
                        label: msg('Next invoice'),
                        value: t('{amount} on {date}', {
                          amount: formatCents(next.amount),
                          date: formatDate(next.date),
                        }),
                      },
                    ]
                  : []),
              ]}
            />
          </section>
        )}
        <Typography role="timer" aria-live="polite" color="text.secondary">
          {redirect.stopped
            ? t('Stopped: go on when you are ready.')
            : t('Redirecting to your dashboard in {seconds, plural, one {# second} other {# seconds}}...', {
                seconds: redirect.secondsLeft,
              })}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={dashboardPaths.billing} variant="contained">
            {t('Back to Billing')}
          </Button>
          {!redirect.stopped && (
            <Button variant="outlined" onClick={redirect.stop}>
              {t('Stop')}
            </Button>
          )}
          <Link component={RouterLink} to={dashboardPaths.overview} replace>
            {t('Go to the dashboard now')}
          </Link>
        </Stack>
      </Stack>
    </Paper>
  );
}
