import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useListAuditEventsQuery } from '../../../api';
import type { QueryParams } from '../../../../contract/types';
import { withDetail } from '../../../api/errors';
import { useAppSelector } from '../../../app/hooks';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { useDocumentTitle } from '../../../components/use-document-title';
import { selectUser } from '../../../entities/session';
import { AUDIT_EVENT_LABELS, AUDIT_EVENT_TYPES, type AuditEventType } from '../../../../shared/audit-events';
import { roleCan } from '../../../../shared/permissions';
import { AuditEvents } from '../components/AuditEvents';
import DayField from '../components/DayField';
import { downloadLink } from '../../../lib/download-link';
import { readDay, today } from '../lib/day-filter';
import { t, translated } from '../../../i18n';

type Filters = Omit<QueryParams<'listAuditEvents'>, 'page' | 'page_size'>;

/**
 * /dashboard/audit (docs/product.md#audit-log, admins): the organization's audit log, newest first, paged on the server,
 * filtered by event, person and period, and exported as CSV with the same filters.
 */
export default function AuditPage() {
  useDocumentTitle('Audit log');
  const user = useAppSelector(selectUser);
  const [type, setType] = useState<AuditEventType | ''>('');
  const [person, setPerson] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);

  // A day being typed, or mistyped, limits nothing until it is a day.
  const from = readDay(fromDay);
  const to = readDay(toDay, true);
  const filters: Filters = {
    ...(type ? { type } : {}),
    ...(person.trim() ? { person: person.trim() } : {}),
    ...(from.kind === 'day' ? { from: from.seconds } : {}),
    ...(to.kind === 'day' ? { to: to.seconds } : {}),
  };
  const example = today();
  const query = useListAuditEventsQuery(
    { ...filters, page: page + 1, page_size: pageSize },
    { refetchOnMountOrArgChange: true, skip: !roleCan(user?.role, 'audit.view') },
  );

  const heading = (
    <Typography variant="h4" component="h1">
      {t('Audit log')}
    </Typography>
  );
  if (!roleCan(user?.role, 'audit.view')) {
    // A member's page keeps its h1 too (WCAG 1.3.1): the notice alone left it without a heading.
    return (
      <Stack spacing={3}>
        {heading}
        <Alert severity="info">{t('Only an organization admin can see the audit log.')}</Alert>
      </Stack>
    );
  }

  const filterChanged = () => setPage(0);
  const events = query.data?.data.events ?? [];

  return (
    <Stack spacing={3}>
      {heading}
      <Typography variant="body2" color="text.secondary">
        {t(
          'Security and billing events of your organization, newest first. Entries cannot be changed or deleted and are kept for at least a year.',
        )}
      </Typography>
      <Box
        component="form"
        aria-label={t('Audit filters')}
        onSubmit={(event) => event.preventDefault()}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}
      >
        <TextField
          select
          label={t('Event')}
          value={type}
          onChange={(event) => {
            setType(event.target.value as AuditEventType | '');
            filterChanged();
          }}
          sx={{ width: { xs: '100%', sm: 240 } }}
        >
          <MenuItem value="">{t('All events')}</MenuItem>
          {AUDIT_EVENT_TYPES.map((eventType) => (
            <MenuItem key={eventType} value={eventType}>
              {translated(AUDIT_EVENT_LABELS[eventType])}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('Person')}
          placeholder={t('Email address')}
          value={person}
          onChange={(event) => {
            setPerson(event.target.value);
            filterChanged();
          }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ width: { xs: '100%', sm: 240 } }}
        />
        <DayField
          label={t('From')}
          value={fromDay}
          invalid={from.kind === 'invalid'}
          example={example}
          onChange={(value) => {
            setFromDay(value);
            filterChanged();
          }}
        />
        <DayField
          label={t('To')}
          value={toDay}
          invalid={to.kind === 'invalid'}
          example={example}
          onChange={(value) => {
            setToDay(value);
            filterChanged();
          }}
        />
        {/* Every matching entry, streamed by the server: the browser saves the file as it arrives. */}
        <Button
          variant="outlined"
          component="a"
          href={downloadLink('/export-audit-events', filters)}
          download
          sx={{ alignSelf: 'flex-start', minHeight: 56 }}
        >
          {t('Export CSV')}
        </Button>
      </Box>
      {query.isLoading ? (
        <LoadingState shape="table" />
      ) : query.isError ? (
        <ErrorAlert
          error={withDetail('Could not load the audit log.', query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : events.length === 0 ? (
        <Typography>{t('No events match these filters.')}</Typography>
      ) : (
        <Paper variant="outlined">
          <Box role="region" aria-label={t('Audit log events')}>
            <AuditEvents events={events} />
          </Box>
          <TablePagination
            component="div"
            count={query.data?.data.total ?? 0}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[25, 50, 100]}
            onPageChange={(_, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
          />
        </Paper>
      )}
    </Stack>
  );
}
