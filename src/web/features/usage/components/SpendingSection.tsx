import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useGetUsageReportQuery } from '../../../api/endpoints/credits';
import { withDetail } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { urlPaging } from '../../../components/paged-table';
import { t } from '../../../i18n';
import { formatNumber } from '../../../i18n/format';
import { useUsageView } from '../hooks/use-usage-view';
import { exportUrl, usageReportQuery } from '../lib/usage-filters';
import UsageChart from './UsageChart';
import UsageFiltersForm from './UsageFiltersForm';
import UsageMembersTable from './UsageMembersTable';

const REPORT_FAILED = 'Failed to load the usage report';

/**
 * Spending by day and by member (the team's for admins, the caller's own for members), filtered by
 * period, member and feature as the URL says, with the ledger as CSV. The server aggregates and pages.
 */
export default function SpendingSection() {
  const { view, update } = useUsageView();
  const report = useGetUsageReportQuery(usageReportQuery(view));
  // The features seen so far in this visit's reports (a feature filter's report shows only its own).
  const [features, setFeatures] = useState<string[]>(view.feature ? [view.feature] : []);
  const seen = report.data?.data.by_feature.map((row) => row.feature).filter(Boolean) ?? [];
  if (view.feature) seen.push(view.feature);
  if (seen.some((feature) => !features.includes(feature))) {
    setFeatures([...new Set([...features, ...seen])].sort());
  }
  const data = report.data?.data;

  return (
    <>
      <UsageFiltersForm key={`${view.from}/${view.to}`} view={view} features={features} onChange={update} />
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        {view.member && (
          <Chip
            label={t('Member: {name}', { name: view.memberName || view.member })}
            onDelete={() => update({ member: '', memberName: '' })}
            aria-label={t('Member filter: {name}. Remove', { name: view.memberName || view.member })}
          />
        )}
        <Button component="a" href={exportUrl(view)} download>
          {t('Export CSV')}
        </Button>
      </Stack>

      {report.isLoading ? (
        <LoadingState shape="table" />
      ) : report.isError || !data ? (
        <ErrorAlert error={withDetail(REPORT_FAILED, report.error)} onRetry={() => void report.refetch()} />
      ) : (
        <Stack spacing={2} aria-busy={report.isFetching}>
          <Typography>
            {t('Credits spent from {from} to {to}:', { from: data.from, to: data.to })}{' '}
            <b>{formatNumber(data.total_spent)}</b>
          </Typography>
          {data.pool && (
            <Typography>
              {t('Team pool: {opening} credits at the start of the period, {closing} at its end.', {
                opening: formatNumber(data.pool.opening_balance),
                closing: formatNumber(data.pool.closing_balance),
              })}
            </Typography>
          )}
          <UsageChart byDay={data.by_day} />
          {data.scope === 'organization' && (
            <UsageMembersTable
              members={data.members.items}
              total={data.members.total}
              paging={urlPaging(view, update)}
              onShowOnly={(member) =>
                update({ member: member.user_id, memberName: member.name || member.email })
              }
            />
          )}
        </Stack>
      )}
    </>
  );
}
