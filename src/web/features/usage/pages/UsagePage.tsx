import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/use-document-title';
import { selectUser } from '../../../entities/session';
import { roleCan } from '../../../../shared/permissions';
import CreditPacks from '../components/CreditPacks';
import OwnCredits from '../components/OwnCredits';
import SpendingSection from '../components/SpendingSection';
import { t } from '../../../i18n';

/**
 * /dashboard/usage (docs/product.md#usage): the caller's balance and usage against their cap; the team's spending by day
 * and by member for admins (the caller's own for members), filtered by period, member and feature (kept in
 * the URL), with the ledger as CSV; credit packs for those who may buy them. The server aggregates and
 * pages, so the page stays small whatever the ledger's size.
 */
export default function UsagePage() {
  useDocumentTitle('Usage');
  const viewer = useAppSelector(selectUser);
  const team = viewer?.organization != null && roleCan(viewer.role, 'credits.govern');

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('Usage')}
      </Typography>
      <Section title={t('Your credits')}>
        <OwnCredits />
      </Section>
      <Section title={team ? t('Team spending') : t('Your spending')}>
        <SpendingSection />
      </Section>
      {roleCan(viewer?.role, 'credits.buy') && (
        <Section title={t('Buy credits')}>
          <CreditPacks />
        </Section>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}
