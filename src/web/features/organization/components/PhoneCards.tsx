/**
 * docs/product.md#accessibility, phones: below 600 px the members and invitations tables become a list of cards, one per
 * person, so nothing hides behind a sideways scroll. Each card shows every column as a labelled line and
 * its actions behind one menu button in its top corner, named after the person it acts on.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import BreakableEmail from '../../../components/BreakableEmail';
import { roleName, type Invitation, type OrganizationMember } from '../lib/members';
import {
  invitationActions,
  invitationActionsLabel,
  memberActions,
  memberActionsLabel,
  type InvitationActionHandlers,
  type MemberActionHandlers,
} from '../lib/row-actions';
import { RowActionsMenu } from './RowActionsMenu';
import { JoinedDate } from './JoinedDate';
import { PlanBadge } from './PlanBadge';
import { TwoFactorStatus } from './TwoFactorStatus';
import { t } from '../../../i18n';

export { usePhoneLayout } from '../../../components/use-phone-layout';

const cardList = {
  listStyle: 'none',
  m: 0,
  p: 0,
  '& > li': { px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' },
  '& > li:last-of-type': { borderBottom: 0 },
} as const;

/** The card's title beside its menu button. */
const cardHead = {
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: 1,
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
  empty,
  showTwoFactor = false,
  ...handlers
}: {
  members: readonly OrganizationMember[];
  canManage: boolean;
  /** What an empty list says. */
  empty: string;
  /** The organization requires two-factor sign-in: each card says whether its member has it. */
  showTwoFactor?: boolean;
} & MemberActionHandlers) {
  if (members.length === 0) return <Typography sx={{ p: 2 }}>{empty}</Typography>;
  return (
    <Box component="ul" aria-label={t('Team members')} sx={cardList}>
      {members.map((member) => {
        const name = member.name || member.email;
        return (
          <li key={member.id}>
            <Box sx={cardHead}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body1" component="p" fontWeight={500}>
                  {name}
                </Typography>
                {member.name && (
                  <Typography variant="body2" color="text.secondary">
                    <BreakableEmail email={member.email} />
                  </Typography>
                )}
              </Box>
              {canManage && (
                <RowActionsMenu
                  label={memberActionsLabel(member)}
                  actions={memberActions(member, handlers)}
                />
              )}
            </Box>
            <Field label={t('Role')}>{t(roleName(member.role))}</Field>
            <Field label={t('Product')}>
              <PlanBadge product={member.subscription?.stripe_product} />
            </Field>
            {showTwoFactor && (
              <Field label={t('Two-factor')}>
                <TwoFactorStatus enabled={member.two_factor} />
              </Field>
            )}
            <Field label={t('Joined')}>
              <JoinedDate seconds={member.join_timestamp} />
            </Field>
          </li>
        );
      })}
    </Box>
  );
}

export function InvitationCards({
  invitations,
  canManage,
  ...handlers
}: {
  invitations: readonly Invitation[];
  canManage: boolean;
} & InvitationActionHandlers) {
  return (
    <Box component="ul" aria-label={t('Pending invitations')} sx={cardList}>
      {invitations.map((invitation) => (
        <li key={invitation.id}>
          <Box sx={cardHead}>
            <Typography variant="body1" component="p" fontWeight={500} sx={{ minWidth: 0 }}>
              <BreakableEmail email={invitation.email} />
            </Typography>
            {canManage && (
              <RowActionsMenu
                label={invitationActionsLabel(invitation)}
                actions={invitationActions(invitation, handlers)}
              />
            )}
          </Box>
          <Field label={t('Role')}>{t(roleName(invitation.role))}</Field>
          <Field label={t('Status')}>{t('Pending')}</Field>
        </li>
      ))}
    </Box>
  );
}
