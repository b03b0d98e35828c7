import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  useGetOrganizationMembersQuery,
  useRemoveOrganizationUserMutation,
  useSetUserProductMutation,
} from '../../../api/endpoints/organization';
import { selectUser } from '../../../entities/session';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/use-document-title';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { MemberCapForm } from '../components/MemberCapForm';
import { MemberEditForm, type MemberChanges } from '../components/MemberEditForm';
import { RemoveMemberDialog } from '../components/RemoveMemberDialog';
import { EndMemberSessions } from '../components/EndMemberSessions';
import { MEMBER_NOT_FOUND, organizationErrorText, REMOVE_FAILED, UPDATE_PRODUCT_FAILED } from '../lib/errors';
import { withDetail, type ErrorText } from '../../../api/errors';
import {
  BILLING_ADMIN_PLAN_LOCKED,
  canChangeProductOf,
  canEndSessionsOf,
  roleCan,
} from '../../../../shared/permissions';
import { PLAN_NAMES } from '../../../../shared/plans';
import { findMember, productOptions, type OrganizationMember } from '../lib/members';
import { t, translated } from '../../../i18n';
import { organizationReturnPath } from '../lib/members-view';

const NO_MEMBERS: OrganizationMember[] = [];
const NO_SEATS = { standard: 0, pro: 0 };
/** The contract's longest user_id: a longer route parameter names no member. */
const USER_ID_MAX_LENGTH = 20;

/**
 * /dashboard/member/edit/:userId (docs/product.md#member-edit): the
 * member's product (a paid one needs a free seat unless they hold it already) and role (an admin's is
 * fixed), and removal (never of an admin).
 */
export default function MemberEditPage() {
  useDocumentTitle('Edit member');
  const { userId } = useParams();
  const navigate = useNavigate();
  const viewer = useAppSelector(selectUser);
  // Back where the member was opened from: the Organization page in its view (search, sort, page).
  const organization = organizationReturnPath(useLocation().state);

  // Only this member, with the seats the organization's members hold (the Product options need both).
  const askable = userId !== undefined && userId !== '' && userId.length <= USER_ID_MAX_LENGTH;
  const query = useGetOrganizationMembersQuery({ user_id: userId ?? '', per_page: 1 }, { skip: !askable });
  const [setUserProduct, save] = useSetUserProductMutation();
  const [removeOrganizationUser, removal] = useRemoveOrganizationUserMutation();
  const [error, setError] = useState<ErrorText | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);

  const member = findMember(query.data?.data.users ?? NO_MEMBERS, userId);
  const assigned = query.data?.data.assigned_seats ?? NO_SEATS;
  const purchased = viewer?.organization?.seats ?? NO_SEATS;
  const options = useMemo(
    () => (member ? productOptions(member, assigned, purchased) : []),
    [member, assigned, purchased],
  );

  const backToOrganization = (success: string) => navigate(organization, { state: { success } });

  const onSave = async ({ product, role }: MemberChanges) => {
    if (!member) return;
    setError(null);
    try {
      await setUserProduct({ user_id: member.id, product: PLAN_NAMES[product], role }).unwrap();
      void backToOrganization(t('Changes saved for {name}.', { name: member.name || member.email }));
    } catch (failure) {
      setError(withDetail(UPDATE_PRODUCT_FAILED, failure));
    }
  };

  const onRemove = async () => {
    if (!member) return;
    setError(null);
    try {
      await removeOrganizationUser({ user_id: member.id }).unwrap();
      void backToOrganization(
        t('{name} was removed from the organization.', { name: member.name || member.email }),
      );
    } catch (failure) {
      setConfirmRemove(false);
      setError(withDetail(REMOVE_FAILED, failure));
    }
  };

  let body;
  if (query.isLoading) {
    body = <LoadingState shape="form" count={3} />;
  } else if (query.isError) {
    body = <ErrorAlert error={organizationErrorText(query.error)} onRetry={() => void query.refetch()} />;
  } else if (!member) {
    body = <Alert severity="warning">{translated(MEMBER_NOT_FOUND)}</Alert>;
  } else if (!roleCan(viewer?.role, 'members.edit')) {
    body = <Alert severity="info">{t('Only an organization admin can edit members.')}</Alert>;
  } else {
    body = (
      <>
        {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
        <MemberEditForm
          key={member.id}
          member={member}
          productOptions={options}
          productLocked={
            viewer && !canChangeProductOf(viewer.id, member.id, viewer.organization)
              ? BILLING_ADMIN_PLAN_LOCKED
              : null
          }
          saving={save.isLoading}
          onSave={onSave}
          backTo={organization}
          onRemove={() => setConfirmRemove(true)}
        />
        {viewer &&
          viewer.id !== member.id &&
          roleCan(viewer.role, 'members.sessions') &&
          canEndSessionsOf(viewer.id, member.id, viewer.organization) && (
            <EndMemberSessions member={member} />
          )}
        {roleCan(viewer?.role, 'credits.govern') && (
          <MemberCapForm memberId={member.id} memberName={member.name || member.email} />
        )}
        <RemoveMemberDialog
          member={confirmRemove ? member : null}
          removing={removal.isLoading}
          onCancel={() => setConfirmRemove(false)}
          onConfirm={onRemove}
        />
      </>
    );
  }

  return (
    <Stack spacing={3}>
      <div>
        <Button component={RouterLink} to={organization} size="small" sx={{ mb: 1 }}>
          {t('← Back to organization')}
        </Button>
        <Typography variant="h4" component="h1">
          {t('Edit member')}
        </Typography>
      </div>
      {body}
    </Stack>
  );
}
