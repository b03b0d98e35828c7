import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useInviteUserMutation } from '../../../api/endpoints/organization';
import { withDetail, type ErrorText } from '../../../api/errors';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../entities/session';
import { t } from '../../../i18n';
import { useMembersPage } from '../hooks/use-members-page';
import { useReport } from '../hooks/use-report';
import { INVITE_FAILED } from '../lib/errors';
import type { Invitation, OrganizationMember } from '../lib/members';
import { BulkInviteDialog } from './BulkInviteDialog';
import { InviteDialog, type InviteValues } from './InviteDialog';

const NO_MEMBERS: OrganizationMember[] = [];
const NO_INVITATIONS: Invitation[] = [];

/**
 * The page header's Invite and 'Invite many members' (admins), each opening its dialog. The invite
 * dialog's own failure stays in the dialog; every other outcome is a notice (notices.ts).
 */
export function InviteActions() {
  const viewer = useAppSelector(selectUser);
  const { data } = useMembersPage();
  const [inviteUser, invite] = useInviteUserMutation();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [inviteError, setInviteError] = useState<ErrorText | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const report = useReport();

  const onInvite = async (values: InviteValues): Promise<boolean> => {
    try {
      setInviteError(null);
      await inviteUser(values).unwrap();
      report({ success: 'Invitation sent successfully!' });
      return true;
    } catch (error) {
      setInviteError(withDetail(INVITE_FAILED, error));
      return false;
    }
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button variant="contained" onClick={() => setInviteOpen(true)}>
        {t('Invite')}
      </Button>
      <Button variant="outlined" onClick={() => setBulkOpen(true)}>
        {t('Invite many members')}
      </Button>
      <InviteDialog
        open={inviteOpen}
        submitting={invite.isLoading}
        error={inviteError}
        onDismissError={() => setInviteError(null)}
        onInvite={onInvite}
        onClose={() => {
          setInviteOpen(false);
          setInviteError(null);
        }}
      />
      <BulkInviteDialog
        open={bulkOpen}
        inviterEmail={viewer?.email ?? ''}
        members={(data?.users ?? NO_MEMBERS).map((member) => member.email)}
        invited={(data?.invitations ?? NO_INVITATIONS).map((invitation) => invitation.email)}
        onClose={() => setBulkOpen(false)}
        onSent={(summary) => report({ success: summary })}
      />
    </Box>
  );
}
