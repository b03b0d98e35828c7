import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useListSyncLogQuery } from '../../../api/endpoints/crm';
import { useGetOrganizationMembersQuery } from '../../../api/endpoints/organization';
import type { Schemas } from '../../../api/contract-types';
import { withDetail } from '../../../api/errors';
import { useAppSelector } from '../../../app/hooks';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import TextLink from '../../../components/TextLink';
import { useDocumentTitle } from '../../../components/use-document-title';
import { selectUser } from '../../../entities/session';
import { downloadLink } from '../../../lib/download-link';
import { dashboardPaths } from '../../../lib/paths';
import { roleCan } from '../../../../shared/permissions';
import { OUTCOME_LABELS } from '../lib/sync-words';
import { t } from '../../../i18n';

const LOAD_FAILED = 'Failed to load the sync log';
const OUTCOMES = Object.keys(OUTCOME_LABELS) as Schemas['SyncOutcome'][];

/** A day field's value (YYYY-MM-DD) as seconds since the epoch at that UTC day's start or end. */
function daySeconds(day: string, end: boolean): number | undefined {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(day)) return undefined;
  const start = Date.parse(`${day}T00:00:00Z`) / 1000;
  return Number.isNaN(start) ? undefined : end ? start + 86399 : start;
}

/**
 * /dashboard/crm-sync/log (docs/product.md#sync-log): every sync, newest first, paged by the server's
 * cursor; an admin sees the team and may pick a member, a member sees their own; filters by outcome and
 * period; the CSV export with the same filters.
 */
export default function SyncLogPage() {
  useDocumentTitle('Sync log');
  const user = useAppSelector(selectUser);
  const team = user?.organization != null && roleCan(user.role, 'connection.organization');
  const [member, setMember] = useState('');
  const [outcome, setOutcome] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // The cursors of the pages before the one shown (the first page has none).
  const [cursors, setCursors] = useState<string[]>([]);
  const filters = {
    user_id: member || undefined,
    outcome: (outcome || undefined) as Schemas['SyncOutcome'] | undefined,
    from: daySeconds(from, false),
    to: daySeconds(to, true),
  };
  const cursor = cursors.at(-1);
  const log = useListSyncLogQuery({ ...filters, ...(cursor ? { cursor } : {}) });

  let results;
  if (log.isLoading) results = <LoadingState shape="table" />;
  else if (log.isError || !log.data)
    results = <ErrorAlert error={withDetail(LOAD_FAILED, log.error)} onRetry={() => void log.refetch()} />;
  else if (log.data.data.entries.length === 0)
    results = <Alert severity="info">{t('No syncs match these filters.')}</Alert>;
  else {
    const next = log.data.data.next_cursor;
    results = (
      <>
        <SyncLogTable entries={log.data.data.entries} team={team} />
        <Stack direction="row" spacing={2}>
          <Button
            variant="outlined"
            disabled={cursors.length === 0}
            onClick={() => setCursors((all) => all.slice(0, -1))}
          >
            {t('Newer')}
          </Button>
          <Button
            variant="outlined"
            disabled={!next}
            onClick={() => next && setCursors((all) => [...all, next])}
          >
            {t('Older')}
          </Button>
        </Stack>
      </>
    );
  }

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('Sync log')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {team
          ? t("Every sync of your team's members in the last 13 months, newest first.")
          : t('Every sync of yours in the last 13 months, newest first.')}{' '}
        <TextLink to={dashboardPaths.crmSync}>{t('Sync settings')}</TextLink>
      </Typography>
      <SyncLogFilters
        team={team}
        view={{ member, outcome, from, to }}
        set={{ member: setMember, outcome: setOutcome, from: setFrom, to: setTo }}
        exportHref={downloadLink('/export-sync-log', filters)}
        onChange={() => setCursors([])}
      />
      {results}
    </Stack>
  );
}

type Entry = Schemas['SyncLogEntry'];
type View = { member: string; outcome: string; from: string; to: string };

function SyncLogTable({ entries, team }: { entries: Entry[]; team: boolean }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('Sync log')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('When')}</TableCell>
            {team && <TableCell>{t('Member')}</TableCell>}
            <TableCell>{t('Profile')}</TableCell>
            <TableCell>{t('Outcome')}</TableCell>
            <TableCell>{t('Fields written')}</TableCell>
            <TableCell>{t('Record')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell>{new Date(entry.created_at * 1000).toLocaleString()}</TableCell>
              {team && <TableCell sx={{ wordBreak: 'break-word' }}>{entry.user_email}</TableCell>}
              <TableCell sx={{ wordBreak: 'break-word' }}>{entry.profile_name || '—'}</TableCell>
              <TableCell>
                {t(OUTCOME_LABELS[entry.outcome])}
                {entry.refused_field && (
                  <Typography variant="caption" display="block" color="text.secondary">
                    {t('Field: {field}', { field: entry.refused_field })}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>
                {entry.fields_written.length > 0 ? entry.fields_written.join(', ') : '—'}
              </TableCell>
              <TableCell>
                {entry.record_url ? (
                  <TextLink href={entry.record_url} target="_blank" rel="noopener">
                    {t('Open record {id}', { id: entry.record_id ?? '' })}
                  </TextLink>
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The filters (a member for an admin, the outcome, the period) and the export of what they select. */
function SyncLogFilters({
  team,
  view,
  set,
  exportHref,
  onChange,
}: {
  team: boolean;
  view: View;
  set: { [K in keyof View]: (value: string) => void };
  exportHref: string;
  onChange: () => void;
}) {
  const members = useGetOrganizationMembersQuery(team ? { per_page: 100 } : skipToken);
  const refilter = (apply: (value: string) => void, value: string) => {
    apply(value);
    onChange();
  };
  return (
    <Box
      component="form"
      aria-label={t('Filter the sync log')}
      onSubmit={(event) => event.preventDefault()}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
    >
      {team && (
        <TextField
          select
          label={t('Member')}
          value={view.member}
          onChange={(event) => refilter(set.member, event.target.value)}
          sx={{ width: { xs: '100%', sm: 240 } }}
        >
          <MenuItem value="">{t('Everyone')}</MenuItem>
          {(members.data?.data.users ?? []).map((person) => (
            <MenuItem key={person.id} value={person.id}>
              {person.name || person.email}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        label={t('Outcome')}
        value={view.outcome}
        onChange={(event) => refilter(set.outcome, event.target.value)}
        sx={{ width: { xs: '100%', sm: 220 } }}
      >
        <MenuItem value="">{t('Any outcome')}</MenuItem>
        {OUTCOMES.map((value) => (
          <MenuItem key={value} value={value}>
            {t(OUTCOME_LABELS[value])}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        label={t('From')}
        value={view.from}
        onChange={(event) => refilter(set.from, event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', sm: 180 } }}
      />
      <TextField
        type="date"
        label={t('To')}
        value={view.to}
        onChange={(event) => refilter(set.to, event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', sm: 180 } }}
      />
      <Button variant="outlined" component="a" href={exportHref} download sx={{ minHeight: 56 }}>
        {t('Export CSV')}
      </Button>
    </Box>
  );
}
