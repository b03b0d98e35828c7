import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useListAuditEventsQuery } from '../../../api/endpoints/security';
import { withDetail } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { PagedTable, urlPaging } from '../../../components/paged-table';
import { t } from '../../../i18n';
import { AUDIT_PAGE_SIZES, auditQuery, type AuditView } from '../lib/audit-view';
import { AuditEvents } from './AuditEvents';

/**
 * How fresh a visit's log must be: an answer older than this is asked again on arrival (the log is read
 * to see what just happened), a younger one (the route's loader just started it) is used.
 */
const FRESH_SECONDS = 5;

/** The page of entries the URL's view asks for, newest first, paged on the server. */
export default function AuditResults({
  view,
  update,
}: {
  view: AuditView;
  update: (patch: Partial<AuditView>) => void;
}) {
  const query = useListAuditEventsQuery(auditQuery(view), { refetchOnMountOrArgChange: FRESH_SECONDS });
  const events = query.data?.data.events ?? [];
  if (query.isLoading) return <LoadingState shape="table" />;
  if (query.isError) {
    return (
      <ErrorAlert
        error={withDetail('Could not load the audit log.', query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (events.length === 0) return <Typography>{t('No events match these filters.')}</Typography>;
  return (
    <PagedTable total={query.data?.data.total ?? 0} pageSizes={AUDIT_PAGE_SIZES} {...urlPaging(view, update)}>
      <Box role="region" aria-label={t('Audit log events')}>
        <AuditEvents events={events} />
      </Box>
    </PagedTable>
  );
}
