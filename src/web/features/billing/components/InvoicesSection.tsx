import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetInvoicesQuery } from '../../../api/endpoints/billing';
import { errorMessage } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import Tag from '../../../components/Tag';
import { ContentSkeleton } from '../../../components/skeletons';
import { formatDate } from '../../../lib/dates';
import { msg, t, translated } from '../../../i18n';
import { formatCents } from '../lib/money';
import DetailList from './DetailList';
import InvoiceItems from './InvoiceItems';

const LOAD_FAILED = msg('Failed to load invoices');
const NO_PAYMENT_METHOD = msg(
  "No payment method on file. Update it in the payment provider's portal with 'Manage Subscription'.",
);
const STATUS: Record<string, string> = {
  paid: msg('Paid'),
  open: msg('Open'),
  void: msg('Void'),
  uncollectible: msg('Uncollectible'),
  draft: msg('Draft'),
};

/** The next invoice, the payment method and the past invoices of whoever manages billing. */
export default function InvoicesSection() {
  const { data, isLoading, error, refetch } = useGetInvoicesQuery();
  const summary = data?.data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="invoices" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography id="invoices" variant="h6" component="h2">
          {t('Invoices and payment')}
        </Typography>
        {error ? (
          <ErrorAlert error={errorMessage(error, LOAD_FAILED)} onRetry={() => void refetch()} />
        ) : isLoading || !summary ? (
          <ContentSkeleton count={3} text="Loading invoices" />
        ) : (
          <>
            <DetailList
              details={[
                {
                  label: msg('Next invoice'),
                  value: summary.next_invoice
                    ? t('{amount} on {date}', {
                        amount: formatCents(summary.next_invoice.amount),
                        date: formatDate(summary.next_invoice.date),
                      })
                    : t('No upcoming invoice'),
                },
                {
                  label: msg('Payment method'),
                  value: summary.payment_method ?? (
                    <Typography component="span" color="text.secondary">
                      {t(NO_PAYMENT_METHOD)}
                    </Typography>
                  ),
                },
              ]}
            />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('Past invoices')}
            </Typography>
            {summary.invoices.length === 0 ? (
              <Typography color="text.secondary">{t('No invoices yet.')}</Typography>
            ) : (
              <Box component="ul" aria-labelledby="invoices" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {summary.invoices.map((invoice) => (
                  <Box
                    component="li"
                    key={invoice.id}
                    sx={{
                      display: 'grid',
                      gridTemplateColumns: { xs: '1fr auto auto', sm: '140px 1fr auto auto' },
                      columnGap: 2,
                      rowGap: 0.5,
                      alignItems: 'center',
                      py: 1.5,
                      borderTop: 1,
                      borderColor: 'divider',
                    }}
                  >
                    <Typography sx={{ gridColumn: { xs: '1', sm: 'auto' } }}>
                      {formatDate(invoice.date)}
                    </Typography>
                    <Typography
                      color="text.secondary"
                      sx={{
                        gridColumn: { xs: '1 / -1', sm: 'auto' },
                        gridRow: { xs: 2, sm: 'auto' },
                        minWidth: 0,
                      }}
                    >
                      <InvoiceItems items={invoice.items} />
                    </Typography>
                    <Typography sx={{ fontWeight: 500, textAlign: 'right' }}>
                      {formatCents(invoice.amount)}
                    </Typography>
                    <Tag label={translated(STATUS[invoice.status] ?? invoice.status)} />
                  </Box>
                ))}
              </Box>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
