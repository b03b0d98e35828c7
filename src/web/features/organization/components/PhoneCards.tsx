/**
 * Issue 14, phones: below 600 px the members and invitations tables become a list of cards, one per
 * person, so nothing hides behind a sideways scroll. Each card shows every column as a labelled line and
 * every row action as a button at least 24 px tall, named after the person it acts on.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import BreakableEmail from '../../../components/BreakableEmail';
import { canRemoveMember } from '../../../../shared/permissions';
import { roleName, type Invitation, type OrganizationMember } from '../lib/members';
import { MoveSeatButton } from './MoveSeatButton';
import { JoinedDate } from './JoinedDate';
import { PlanBadge } from './PlanBadge';
import { t } from '../../../i18n';

export { usePhoneLayout } from '../../../components/use-phone-layout';

const cardList = {
  listStyle: 'none',
  m: 0,
  p: 0,
  '& > li': { px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' },
  '& > li:last-of-type': { borderBottom: 0 },
} as const;

const actionRow = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 1,
  mt: 1,
  '& .MuiButton-root': { minHeight: 32 },
} as const;

/** One labelled value of a card ('Role: Member'). */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap', mt: 0.5 }}>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ minWidth: 64 }}>
        {label}
      </Typography>
      <Box component="span" sx={{ typography: 'body2' }}>
        {children}
      </Box>
    </Box>
  );
}

export function MemberCards({
  members,
  canManage,
  onRemove,
  onMoveSeat,
  empty,
}: {
  members: readonly OrganizationMember[];
  canManage: boolean;
  onRemove: (member: OrganizationMember) => void;
  onMoveSeat?: (member: OrganizationMember) => void;
  /** What an empty list says. */
  empty: string;
}) {
  if (members.length === 0) return <Typography sx={{ p: 2 }}>{empty}</Typography>;
  return (
    <Box component="ul" aria-label={t('Team members')} sx={cardList}>
      {members.map((member) => {
        const name = member.name || member.email;
        return (
          <li key={member.id}>
            <Typography variant="body1" component="p" fontWeight={500}>
              {name}
            </Typography>
            {member.name && (
              <Typography variant="body2" color="text.secondary">
                <BreakableEmail email={member.email} />
              </Typography>
            )}
            <Field label={t('Role')}>{t(roleName(member.role))}</Field>
            <Field label={t('Product')}>
              <PlanBadge product={member.subscription?.stripe_product} />
            </Field>
            <Field label={t('Joined')}>
              <JoinedDate seconds={member.join_timestamp} />
            </Field>
            {canManage && (
              <Box sx={actionRow}>
                <Button
                  component={RouterLink}
                  to={`/dashboard/member/edit/${encodeURIComponent(member.id)}`}
                  size="small"
                  variant="outlined"
                  aria-label={t('Edit {name}', { name })}
                >
                  {t('Edit')}
                </Button>
                <MoveSeatButton member={member} onMoveSeat={onMoveSeat} variant="outlined" />
                {canRemoveMember(member) ? (
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    aria-label={t('Remove {name}', { name })}
                    onClick={() => onRemove(member)}
                  >
                    {t('Remove')}
                  </Button>
                ) : (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t('Cannot remove admin')}
                  </Typography>
                )}
              </Box>
            )}
          </li>
        );
      })}
    </Box>
  );
}

export function InvitationCards({
  invitations,
  canManage,
  resendingId,
  onResend,
}: {
  invitations: readonly Invitation[];
  canManage: boolean;
  resendingId: string | null;
  onResend: (invitation: Invitation) => void;
}) {
  return (
    <Box component="ul" aria-label={t('Pending invitations')} sx={cardList}>
      {invitations.map((invitation) => (
        <li key={invitation.id}>
          <Typography variant="body1" component="p" fontWeight={500}>
            <BreakableEmail email={invitation.email} />
          </Typography>
          <Field label={t('Role')}>{t(roleName(invitation.role))}</Field>
          <Field label={t('Status')}>{t('Pending')}</Field>
          {canManage && (
            <Box sx={actionRow}>
              <Button
                size="small"
                variant="outlined"
                aria-label={t('Resend invite to {email}', { email: invitation.email })}
                // Not `disabled`: a disabled button drops focus to <body>; this one keeps it while the call runs.
                aria-disabled={resendingId === invitation.id}
                onClick={() => resendingId !== invitation.id && onResend(invitation)}
              >
                {t('Resend invite')}
              </Button>
            </Box>
          )}
        </li>
      ))}
    </Box>
  );
}
