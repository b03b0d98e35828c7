import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useSetMemberCapsMutation } from '../../../api/endpoints/credits';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { CapField } from '../../../entities/credits';
import { parseCapInput } from '../../../../shared/credits';
import { CAP_SAVE_FAILED } from '../lib/errors';
import { memberLabel, type OrganizationMember } from '../lib/members';
import { t } from '../../../i18n';

export interface BulkCapsDialogProps {
  open: boolean;
  members: OrganizationMember[];
  onClose: () => void;
  /** Called with the server's message once the caps are saved. */
  onSaved: (message: string) => void;
}

// Thousands of members: the picker lists at most 50 matches of what is typed.
const filterOptions = createFilterOptions<OrganizationMember>({
  limit: 50,
  stringify: (member) => `${member.name} ${member.email}`,
});

/** Organization page (docs/product.md#monthly-caps): one monthly cap for several members at once, or for everyone. */
export function BulkCapsDialog({ open, members, onClose, onSaved }: BulkCapsDialogProps) {
  const [chosen, setChosen] = useState<OrganizationMember[]>([]);
  const [everyone, setEveryone] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<ErrorText | null>(null);
  const [setMemberCaps, save] = useSetMemberCapsMutation();
  const cap = parseCapInput(value);
  const targets = everyone ? members : chosen;

  const close = () => {
    setError(null);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (cap === undefined || targets.length === 0) return;
    setError(null);
    try {
      const answer = await setMemberCaps({
        user_ids: targets.map((member) => member.id),
        monthly_cap: cap,
      }).unwrap();
      setChosen([]);
      setEveryone(false);
      setValue('');
      onSaved(answer.message);
    } catch (failure) {
      setError(withDetail(CAP_SAVE_FAILED, failure));
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="bulk-caps-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="bulk-caps-title">{t('Set monthly caps')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
            <FormControlLabel
              control={
                <Checkbox
                  checked={everyone}
                  autoFocus
                  onChange={(event) => setEveryone(event.target.checked)}
                />
              }
              label={t('All members ({count})', { count: members.length })}
            />
            <Autocomplete
              multiple
              disabled={everyone}
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
            <CapField id="bulk-monthly-cap" value={value} onChange={setValue} disabled={save.isLoading} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('Cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isLoading || cap === undefined || targets.length === 0}
          >
            {save.isLoading
              ? t('Saving...')
              : t('Set cap for {count, plural, one {# member} other {# members}}', { count: targets.length })}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
