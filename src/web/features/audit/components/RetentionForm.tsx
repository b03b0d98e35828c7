import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useSetAuditRetentionMutation } from '../../../api/endpoints/security';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { notify } from '../../../components/feedback/notices';
import { serverText, t } from '../../../i18n';
import { schemaLimits } from '../../../../contract/limits';
import { RETENTION_SAVE_FAILED } from '../lib/errors';

/** The choices offered, in years: the least the product keeps (one year) up to the most (ten). */
const YEARS = [1, 2, 3, 5, 7, 10] as const;
const DAYS_A_YEAR = schemaLimits.AuditRetentionDays.minimum;

const optionLabel = (days: number) =>
  days % DAYS_A_YEAR === 0
    ? t('{years, plural, one {# year} other {# years}} ({days} days)', { years: days / DAYS_A_YEAR, days })
    : t('{days} days', { days });

/** docs/product.md#audit-log: how long entries are kept before the purge deletes them (a year at least). */
export function RetentionForm({ saved }: { saved: number }) {
  const dispatch = useAppDispatch();
  const [days, setDays] = useState(saved);
  const [error, setError] = useState<ErrorText | null>(null);
  const [save, saving] = useSetAuditRetentionMutation();
  // A value saved through the API that is not one of the choices stays choosable.
  const choices = [...new Set([...YEARS.map((years) => years * DAYS_A_YEAR), saved])].sort((a, b) => a - b);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      dispatch(notify(serverText(await save({ retention_days: days }).unwrap())));
    } catch (failure) {
      setError(withDetail(RETENTION_SAVE_FAILED, failure));
    }
  };

  return (
    <Box component="form" aria-label={t('Retention')} onSubmit={(event) => void onSubmit(event)}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('Entries older than this are deleted within the hour. Nothing is deleted before a year.')}
      </Typography>
      {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          select
          label={t('Keep entries for')}
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          sx={{ minWidth: 240 }}
        >
          {choices.map((value) => (
            <MenuItem key={value} value={value}>
              {optionLabel(value)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          type="submit"
          variant="contained"
          disabled={days === saved || saving.isLoading}
          sx={{ minHeight: 56 }}
        >
          {saving.isLoading ? t('Saving...') : t('Save retention')}
        </Button>
      </Box>
    </Box>
  );
}
