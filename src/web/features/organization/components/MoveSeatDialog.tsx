import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { PLAN_NAMES } from '../../../../shared/plans';
import { memberLabel, memberProduct, seatMoveTargets, type OrganizationMember } from '../lib/members';
import { t } from '../../../i18n';

export interface MoveSeatDialogProps {
  /** The member whose seat moves; the dialog is closed when null. */
  member: OrganizationMember | null;
  /** The members the page knows of; those who can take the seat are offered. */
  members: readonly OrganizationMember[];
  moving: boolean;
  error: ErrorText | null;
  onCancel: () => void;
  onMove: (to: OrganizationMember) => void;
}

/**
 * Issue 15: gives a member's paid seat to another member in one step (the server swaps both in one
 * transaction). Escape or Cancel changes nothing; the select and buttons are reachable by keyboard.
 */
export function MoveSeatDialog({ member, members, moving, error, onCancel, onMove }: MoveSeatDialogProps) {
  const titleId = useId();
  const [toId, setToId] = useState('');
  useEffect(() => setToId(''), [member]);
  const product = member ? memberProduct(member) : 'free';
  const targets = member ? seatMoveTargets(member, members) : [];
  const target = targets.find((candidate) => candidate.id === toId);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (target) onMove(target);
  };

  return (
    <Dialog open={member !== null} onClose={moving ? undefined : onCancel} aria-labelledby={titleId}>
      <form onSubmit={onSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('Move seat')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              {t('{who} gives their {product} seat to the member you choose, who must be on Free.', {
                who: member ? memberLabel(member) : '',
                product: PLAN_NAMES[product],
              })}
            </DialogContentText>
            <ErrorAlert error={error} />
            {targets.length === 0 ? (
              <DialogContentText>{t('No member on Free can take this seat.')}</DialogContentText>
            ) : (
              <TextField
                select
                required
                label={t('Give the seat to')}
                name="to_user_id"
                value={toId}
                onChange={(event) => setToId(event.target.value)}
              >
                {targets.map((candidate) => (
                  <MenuItem key={candidate.id} value={candidate.id}>
                    {memberLabel(candidate)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={moving}>
            {t('Cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={moving || !target}>
            {moving ? t('Moving...') : t('Move seat')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
