import { useState } from 'react';
import { useLazyExportAuditEventsQuery } from '../../../api';
import { withDetail, type ErrorText } from '../../../api/errors';
import { t } from '../../../i18n';
import { downloadText } from '../../../lib/download-text';
import type { AuditFilters } from '../lib/audit-view';

/** The CSV export of the entries `filters` select: saving the file, and what it then says. */
export function useAuditExport(filters: AuditFilters) {
  const [exportCsv, exporting] = useLazyExportAuditEventsQuery();
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const run = async () => {
    setFailure(null);
    setNote(null);
    try {
      const { data } = await exportCsv(filters).unwrap();
      downloadText(data.filename, data.csv);
      setNote(
        data.truncated
          ? t('Exported the newest {rows} entries; narrow the filters to export the rest.', {
              rows: data.rows,
            })
          : t('Exported {rows, plural, one {# entry} other {# entries}}.', { rows: data.rows }),
      );
    } catch (error) {
      setFailure(withDetail('Could not export the audit log.', error));
    }
  };

  return { run, exporting: exporting.isFetching, note, failure, dismissFailure: () => setFailure(null) };
}
