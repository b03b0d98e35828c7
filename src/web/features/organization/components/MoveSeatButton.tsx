import Button from '@mui/material/Button';
import { holdsSeat, type OrganizationMember } from '../lib/members';
import { t } from '../../../i18n';

/** 'Move seat' on a member holding a paid seat, when the page offers seat moves (issue 15). */
export function MoveSeatButton({
  member,
  onMoveSeat,
  variant,
}: {
  member: OrganizationMember;
  onMoveSeat?: (member: OrganizationMember) => void;
  variant?: 'text' | 'outlined';
}) {
  if (!onMoveSeat || !holdsSeat(member)) return null;
  return (
    <Button
      size="small"
      variant={variant}
      onClick={() => onMoveSeat(member)}
      aria-label={t('Move seat of {name}', { name: member.name || member.email })}
    >
      {t('Move seat')}
    </Button>
  );
}
