import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type FormEvent } from 'react';
import {
  useGetCreditUsageQuery,
  useGrantCreditsMutation,
  useTakeBackCreditsMutation,
} from '../../../api/endpoints/credits';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { memberLabel, type OrganizationMember } from '../lib/members';
import { serverText, t } from '../../../i18n';

export interface PoolCreditsDialogProps {
  open: boolean;
  members: OrganizationMember[];
  onClose: () => void;
  /** Called with the server's message once the credits moved. */
  onDone: (message: string) => void;
}

const MOVE_FAILED = 'Failed to move the credits';

const filterOptions = createFilterOptions<OrganizationMember>({
  limit: 50,
  stringify: (member) => `${member.name} ${member.email}`,
});

/** A whole number of credits from 1 to 1,000,000; empty is allowed where it means "all unused". */
function parseAmount(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^[0-9]{1,7}$/.test(trimmed)) return undefined;
  const amount = Number(trimmed);
  return amount >= 1 && amount <= 1_000_000 ? amount : undefined;
}

/**
 * Organization page (docs/product.md#the-team-pool): grant credits of the team pool to members, or take their
 * unused granted credits back; one amount for each chosen member, all or none. One key per opened dialog,
 * so a submit repeated after a lost answer moves nothing twice.
 */
export function PoolCreditsDialog({ open, members, onClose, onDone }: PoolCreditsDialogProps) {
  const [kind, setKind] = useState<'grant' | 'take_back'>('grant');
  const [chosen, setChosen] = useState<OrganizationMember[]>([]);
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<ErrorText | null>(null);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new key each time the dialog opens
  const key = useMemo(() => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`, [open]);
  const usage = useGetCreditUsageQuery({}, { skip: !open });
  const [grant, granting] = useGrantCreditsMutation();
  const [takeBack, takingBack] = useTakeBackCreditsMutation();
  const busy = granting.isLoading || takingBack.isLoading;
  const amount = parseAmount(value);
  const amountOk = kind === 'grant' ? typeof amount === 'number' : amount !== undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!amountOk || chosen.length === 0) return;
    setError(null);
    const body = {
      user_ids: chosen.map((member) => member.id),
      reason: reason.trim() || null,
      idempotency_key: `${key}-${kind}-${amount ?? 'all'}`,
    };
    try {
      const answer =
        kind === 'grant'
          ? await grant({ ...body, amount: amount! }).unwrap()
          : await takeBack({ ...body, amount }).unwrap();
      setChosen([]);
      setValue('');
      setReason('');
      onDone(serverText(answer));
    } catch (failure) {
      setError(withDetail(MOVE_FAILED, failure));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="pool-credits-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="pool-credits-title">{t('Team pool credits')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
            <Typography>
              {usage.data?.data.pool_credits == null
                ? t('Loading the team pool...')
                : t('The team pool holds {credits} credits.', { credits: usage.data.data.pool_credits })}
            </Typography>
            <RadioGroup
              row
              value={kind}
              onChange={(event) => setKind(event.target.value as 'grant' | 'take_back')}
              aria-label={t('What to do')}
            >
              <FormControlLabel value="grant" control={<Radio />} label={t('Grant from the pool')} />
              <FormControlLabel value="take_back" control={<Radio />} label={t('Take back unused')} />
            </RadioGroup>
            <Autocomplete
              multiple
              options={members}
              value={chosen}
              onChange={(_, next) => setChosen(next)}
              filterOptions={filterOptions}
              getOptionLabel={memberLabel}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => (
                <TextField {...params} label={t('Members')} placeholder={t('Type a name or email')} />
              )}
            />
            <TextField
              id="pool-credits-amount"
              label={t('Credits per member')}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              error={value !== '' && !amountOk}
              helperText={
                kind === 'grant'
                  ? t('A whole number from 1 to 1,000,000.')
                  : t('Empty: every unused granted credit.')
              }
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
            />
            <TextField
              id="pool-credits-reason"
              label={t('Reason (optional)')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('Cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || !amountOk || chosen.length === 0}>
            {busy ? t('Saving...') : kind === 'grant' ? t('Grant credits') : t('Take back credits')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
