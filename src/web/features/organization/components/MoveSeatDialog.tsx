import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { PLAN_NAMES } from '../../../../shared/plans';
import { canTakeSeatOf, memberLabel, memberProduct, type OrganizationMember } from '../lib/members';
import { SeatMoveTargetField } from './SeatMoveTargetField';
import { t } from '../../../i18n';

export interface MoveSeatDialogProps {
  /** The member whose seat moves; the dialog is closed when null. */
  member: OrganizationMember | null;
  moving: boolean;
  error: ErrorText | null;
  onCancel: () => void;
  onMove: (to: OrganizationMember) => void;
}

/**
 * docs/product.md#seats: gives a member's paid seat to another member in one step (the server swaps both in one
 * transaction). The member is searched among the whole organization, not the loaded page. Escape or
 * Cancel changes nothing; the combobox and buttons are reachable by keyboard.
 */
export function MoveSeatDialog({ member, moving, error, onCancel, onMove }: MoveSeatDialogProps) {
  const titleId = useId();
  const [to, setTo] = useState<OrganizationMember | null>(null);
  useEffect(() => setTo(null), [member]);
  const product = member ? memberProduct(member) : 'free';
  const target = member && to && canTakeSeatOf(member, to) ? to : null;

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
            {member && (
              <SeatMoveTargetField
                key={member.id}
                from={member}
                value={to}
                onChange={setTo}
                disabled={moving}
              />
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
