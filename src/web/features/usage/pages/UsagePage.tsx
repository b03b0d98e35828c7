import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useGetCreditUsageQuery, useGetUsageReportQuery } from '../../../api';
import { withDetail } from '../../../api/errors';
import { useAppSelector } from '../../../app/hooks';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { useDocumentTitle } from '../../../components/use-document-title';
import { CapUsage } from '../../../entities/credits';
import { selectUser } from '../../../entities/session';
import { roleCan } from '../../../../shared/permissions';
import CreditPacks from '../components/CreditPacks';
import UsageChart from '../components/UsageChart';
import UsageMembersTable from '../components/UsageMembersTable';
import {
  defaultFilters,
  exportUrl,
  periodProblem,
  reportQuery,
  type UsageFilters,
} from '../lib/usage-filters';
import { t, translated } from '../../../i18n';
import { formatNumber } from '../../../i18n/format';

const USAGE_FAILED = 'Failed to load credit usage';
const REPORT_FAILED = 'Failed to load the usage report';

/**
 * /dashboard/usage (docs/product.md#usage): the caller's balance and usage against their cap; the team's spending by day
 * and by member for admins (the caller's own for members), filtered by period, member and feature, with the
 * ledger as CSV; credit packs for those who may buy them. The server aggregates and pages, so the page stays
 * small whatever the ledger's size.
 */
export default function UsagePage() {
  useDocumentTitle('Usage');
  const viewer = useAppSelector(selectUser);
  const team = viewer?.organization != null && roleCan(viewer.role, 'credits.govern');
  const [filters, setFilters] = useState<UsageFilters>(() => defaultFilters());
  const [draft, setDraft] = useState({ from: filters.from, to: filters.to });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [features, setFeatures] = useState<string[]>([]);

  const own = useGetCreditUsageQuery({});
  const report = useGetUsageReportQuery({
    ...reportQuery(filters),
    page: String(page + 1),
    page_size: String(pageSize),
  });
  const seen = report.data?.data.by_feature.map((row) => row.feature).filter(Boolean) ?? [];
  if (seen.some((feature) => !features.includes(feature))) {
    setFeatures([...new Set([...features, ...seen])].sort());
  }

  const problem = periodProblem(draft.from, draft.to);
  const change = (next: Partial<UsageFilters>) => {
    setFilters({ ...filters, ...next });
    setPage(0);
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('Usage')}
      </Typography>

      <Section title={t('Your credits')}>
        {own.isLoading ? (
          <LoadingState />
        ) : own.isError || !own.data ? (
          <ErrorAlert error={withDetail(USAGE_FAILED, own.error)} onRetry={() => void own.refetch()} />
        ) : (
          <Stack spacing={1.5}>
            <Typography>
              {t(
                'Balance: {credits} credits ({plan} from your plan, {topUp} top-up credits that never expire)',
                {
                  credits: own.data.data.credits,
                  plan: own.data.data.plan_credits,
                  topUp: own.data.data.top_up_credits,
                },
              )}
            </Typography>
            <CapUsage
              spent={own.data.data.period_spent}
              cap={own.data.data.monthly_cap}
              periodEnd={own.data.data.period_end}
            />
          </Stack>
        )}
      </Section>

      <Section title={team ? t('Team spending') : t('Your spending')}>
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          aria-label={t('Usage filters')}
          onSubmit={(event) => {
            event.preventDefault();
            if (!problem) change({ from: draft.from, to: draft.to });
          }}
        >
          <TextField
            label={t('From')}
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            error={problem !== null}
            helperText={problem ? translated(problem) : ' '}
          />
          <TextField
            label={t('To')}
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            helperText=" "
          />
          <TextField
            select
            label={t('Feature')}
            value={filters.feature}
            onChange={(event) => change({ feature: event.target.value })}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            helperText=" "
          >
            <MenuItem value="">{t('All features')}</MenuItem>
            {features.map((feature) => (
              <MenuItem key={feature} value={feature}>
                {feature}
              </MenuItem>
            ))}
          </TextField>
          <div>
            <Button type="submit" variant="outlined" disabled={problem !== null} sx={{ mt: 1 }}>
              {t('Apply period')}
            </Button>
          </div>
        </Stack>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          {filters.member && (
            <Chip
              label={t('Member: {name}', { name: filters.member.label })}
              onDelete={() => change({ member: null })}
              aria-label={t('Member filter: {name}. Remove', { name: filters.member.label })}
            />
          )}
          <Button component="a" href={exportUrl(filters)} download>
            {t('Export CSV')}
          </Button>
        </Stack>

        {report.isLoading ? (
          <LoadingState shape="table" />
        ) : report.isError || !report.data ? (
          <ErrorAlert error={withDetail(REPORT_FAILED, report.error)} onRetry={() => void report.refetch()} />
        ) : (
          <Stack spacing={2} aria-busy={report.isFetching}>
            <Typography>
              {t('Credits spent from {from} to {to}:', {
                from: report.data.data.from,
                to: report.data.data.to,
              })}{' '}
              <b>{formatNumber(report.data.data.total_spent)}</b>
            </Typography>
            <UsageChart byDay={report.data.data.by_day} />
            {report.data.data.scope === 'organization' && (
              <UsageMembersTable
                members={report.data.data.members.items}
                total={report.data.data.members.total}
                page={page}
                pageSize={pageSize}
                onPageChange={setPage}
                onPageSizeChange={(size) => {
                  setPageSize(size);
                  setPage(0);
                }}
                onShowOnly={(member) =>
                  change({ member: { id: member.user_id, label: member.name || member.email } })
                }
              />
            )}
          </Stack>
        )}
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
