import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { planWrite, type SyncSettings } from '../../../../shared/crm-sync-rules';
import { ACTION_LABELS, existingRecord, FIELD_LABELS, SAMPLE_PROFILE } from '../lib/sync-words';
import { t } from '../../../i18n';

/**
 * The live preview (docs/product.md#crm-sync-rules): what the settings as they stand on the form would write
 * for a sample profile, into a new record and into one already in the CRM, by the same rules sync-profile
 * applies (shared/crm-sync-rules.ts).
 */
export default function SyncPreview({ settings }: { settings: SyncSettings }) {
  const created = planWrite(settings, SAMPLE_PROFILE, null);
  const existing = existingRecord(settings.mapping);
  const updated = planWrite(settings, SAMPLE_PROFILE, existing);
  return (
    <Stack spacing={1} component="section" aria-labelledby="sync-preview-heading">
      <Typography id="sync-preview-heading" variant="h6" component="h2">
        {t('Preview')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('What syncing {name} would write, as a new record and into the record already in your CRM.', {
          name: 'Ada Lovelace',
        })}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('Preview')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('CRM field')}</TableCell>
              <TableCell>{t('Value')}</TableCell>
              <TableCell>{t('New record')}</TableCell>
              <TableCell>{t('Existing record')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {created.fields.map((field) => {
              const update = updated.fields.find((f) => f.crm_field === field.crm_field);
              const before = existing[field.crm_field];
              return (
                <TableRow key={field.profile_field}>
                  <TableCell>
                    {field.crm_field}
                    <Typography variant="caption" display="block" color="text.secondary">
                      {t(FIELD_LABELS[field.profile_field])}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{field.value}</TableCell>
                  <TableCell>{t(ACTION_LABELS[field.action])}</TableCell>
                  <TableCell>
                    {update ? t(ACTION_LABELS[update.action]) : '—'}
                    {update?.action === 'kept' && before ? (
                      <Typography variant="caption" display="block" color="text.secondary">
                        {t('Stays "{value}"', { value: before })}
                      </Typography>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      <Typography variant="body2" role="status">
        {updated.outcome === 'duplicate_skipped'
          ? t('Into the existing record nothing would be written: the duplicate is skipped.')
          : t('Into the existing record: {count, plural, one {# field} other {# fields}} written.', {
              count: Object.keys(updated.values).length,
            })}
      </Typography>
    </Stack>
  );
}
