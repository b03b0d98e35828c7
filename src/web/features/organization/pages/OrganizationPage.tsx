import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { selectUser } from '../../../entities/session';
import { roleCan } from '../../../../shared/permissions';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/use-document-title';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { InvitationsSection } from '../components/InvitationsSection';
import { InviteActions } from '../components/InviteActions';
import { MembersSection } from '../components/MembersSection';
import { OrganizationSettings } from '../components/OrganizationSettings';
import { useMembersPage } from '../hooks/use-members-page';
import { useFlashNotice } from '../hooks/use-report';
import { membersErrorText } from '../lib/errors';
import { t, translated } from '../../../i18n';

/**
 * /dashboard/organization (docs/product.md#members): the team members first (searched, sorted and paginated by the
 * server: organizations can have thousands; the view lives in the URL, so back and reload keep it), then
 * the pending invitations, then the organization's settings (seats, company domain). Inviting opens a
 * dialog from the page's header; each row's actions sit in one menu. Admins manage; members only look.
 * Each section owns what it changes.
 */
export default function OrganizationPage() {
  useDocumentTitle('Organization');
  useFlashNotice();
  const viewer = useAppSelector(selectUser);
  const { members } = useMembersPage();
  const organizationName = viewer?.organization?.name;

  return (
    <Stack spacing={3}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-end',
          justifyContent: 'space-between',
        }}
      >
        <div>
          <Typography variant="h4" component="h1">
            {t('Organization')}
          </Typography>
          {organizationName && <Typography color="text.secondary">{translated(organizationName)}</Typography>}
        </div>
        {roleCan(viewer?.role, 'members.invite') && <InviteActions />}
      </Box>

      {members.isLoading ? (
        <LoadingState shape="table" />
      ) : members.isError ? (
        <ErrorAlert error={membersErrorText(members.error)} onRetry={() => void members.refetch()} />
      ) : (
        <>
          <MembersSection />
          <InvitationsSection />
        </>
      )}
      <OrganizationSettings />
    </Stack>
  );
}
