import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../../app/hooks';
import { useUrlView } from '../../../components/paged-table';
import { useDocumentTitle } from '../../../components/use-document-title';
import { selectUser } from '../../../entities/session';
import { roleCan } from '../../../../shared/permissions';
import AuditFiltersForm from '../components/AuditFiltersForm';
import AuditResults from '../components/AuditResults';
import { downloadLink } from '../../../lib/download-link';
import { auditFilters, auditViewSchema } from '../lib/audit-view';
import { t } from '../../../i18n';
import { FormDisclosure } from '../../../components/FormDisclosure';
import { AuditSettings } from '../components/AuditSettings';

/**
 * /dashboard/audit (docs/product.md#audit-log, admins): the organization's audit log, newest first, paged on the server,
 * filtered by event, person and period (kept in the URL: back and reload keep the view), and exported as
 * CSV with the same filters; below it, its streaming to a SIEM and its retention
 * (docs/product.md#audit-log-streaming), asked for once opened.
 */
export default function AuditPage() {
  useDocumentTitle('Audit log');
  const user = useAppSelector(selectUser);
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
  return (
    <Stack spacing={3}>
      {heading}
      <AuditLog />
      {roleCan(user?.role, 'audit.manage') && (
        <Stack component="section" spacing={1.5} aria-label={t('Streaming and retention')}>
          <Typography variant="h6" component="h2">
            {t('Streaming and retention')}
          </Typography>
          <FormDisclosure
            intro={t(
              'Send every new entry to your SIEM as it is written, and choose how long entries are kept.',
            )}
            openLabel={t('Set up streaming and retention')}
            closeLabel={t('Hide streaming and retention')}
          >
            <AuditSettings />
          </FormDisclosure>
        </Stack>
      )}
    </Stack>
  );
}

function AuditLog() {
  const { view, update } = useUrlView(auditViewSchema);
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {t(
          'Security and billing events of your organization, newest first. Entries cannot be changed, and none is deleted before a year.',
        )}
      </Typography>
      <AuditFiltersForm
        view={view}
        update={update}
        actions={
          // Every matching entry, streamed by the server: the browser saves the file as it arrives.
          <Button
            variant="outlined"
            component="a"
            href={downloadLink('/export-audit-events', auditFilters(view))}
            download
            sx={{ alignSelf: 'flex-start', minHeight: 56 }}
          >
            {t('Export CSV')}
          </Button>
        }
      />
      <AuditResults view={view} update={update} />
    </>
  );
}
