import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  useGetOrganizationMembersQuery,
  useInviteUserMutation,
  useMoveSeatMutation,
  useRemoveOrganizationUserMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} from '../../../api';
import { selectUser } from '../../../entities/session';
import { roleCan } from '../../../../shared/permissions';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notify } from '../../../components/feedback/notices';
import { useDocumentTitle } from '../../../components/use-document-title';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { BulkCapsDialog } from '../components/BulkCapsDialog';
import { BulkInviteDialog } from '../components/BulkInviteDialog';
import { INVITATIONS_PAGE_SIZE, InvitationsTable } from '../components/InvitationsTable';
import { InviteDialog, type InviteValues } from '../components/InviteDialog';
import { RevokeInvitationDialog } from '../components/RevokeInvitationDialog';
import { MEMBER_PAGE_SIZES, MembersTable } from '../components/MembersTable';
import { MEMBERS_FIRST_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '../lib/members-query';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { RemoveMemberDialog } from '../components/RemoveMemberDialog';
import { MoveSeatDialog } from '../components/MoveSeatDialog';
import { CompanyDomainSection } from '../components/CompanyDomainSection';
import { SeatsSummary } from '../../../entities/plan';
import { PLAN_NAMES } from '../../../../shared/plans';
import {
  INVITE_FAILED,
  membersErrorText,
  MOVE_SEAT_FAILED,
  REMOVE_FAILED,
  RESEND_FAILED,
  REVOKE_FAILED,
} from '../lib/errors';
import { withDetail, type ErrorText } from '../../../api/errors';
import {
  lastPageIndex,
  memberLabel,
  memberProduct,
  nextSort,
  type Invitation,
  type MemberSort,
  type OrganizationMember,
  type SortOrder,
} from '../lib/members';
import { t, translated } from '../../../i18n';

const NO_MEMBERS: OrganizationMember[] = [];
const NO_INVITATIONS: Invitation[] = [];
const DEFAULT_SORT: { sort: MemberSort; order: SortOrder } = { sort: 'joined', order: 'asc' };

/**
 * /dashboard/organization (docs/product.md#members): the team members first (searched, sorted and paginated by the
 * server: organizations can have thousands), then the pending invitations, then the organization's settings
 * (seats, company domain). Inviting opens a dialog from the page's header; each row's actions sit in one
 * menu. Admins manage; members only look.
 */
export default function OrganizationPage() {
  useDocumentTitle('Organization');
  const viewer = useAppSelector(selectUser);
  const isAdmin = roleCan(viewer?.role, 'members.invite');

  // Search, sort and paging happen on the server: the page holds one page of an organization of any size.
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(MEMBERS_FIRST_PAGE_SIZE);
  const [sorting, setSorting] = useState<{ sort: MemberSort; order: SortOrder }>(DEFAULT_SORT);
  const [invitationsPage, setInvitationsPage] = useState(0);
  const members = useGetOrganizationMembersQuery({
    page: page + 1,
    per_page: rowsPerPage,
    ...(settledSearch ? { search: settledSearch } : {}),
    ...(sorting === DEFAULT_SORT ? {} : sorting),
    ...(invitationsPage > 0
      ? { invitations_page: invitationsPage + 1, invitations_per_page: INVITATIONS_PAGE_SIZE }
      : {}),
  });
  const data = members.data?.data;
  // After removals, a page past the end shows the last page instead.
  const lastPage = data ? lastPageIndex(data.total, rowsPerPage) : 0;
  const lastInvitationsPage = data ? lastPageIndex(data.invitations_total, INVITATIONS_PAGE_SIZE) : 0;
  useEffect(() => {
    if (members.isFetching) return;
    if (page > lastPage) setPage(lastPage);
    if (invitationsPage > lastInvitationsPage) setInvitationsPage(lastInvitationsPage);
  }, [members.isFetching, page, lastPage, invitationsPage, lastInvitationsPage]);
  // A new search starts on its first page.
  useEffect(() => setPage(0), [settledSearch]);
  const [inviteUser, invite] = useInviteUserMutation();
  const [resendInvitation] = useResendInvitationMutation();
  const [revokeInvitation, revocation] = useRevokeInvitationMutation();
  const [toRevoke, setToRevoke] = useState<Invitation | null>(null);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [removeOrganizationUser, removal] = useRemoveOrganizationUserMutation();
  const [moveSeat, seatMove] = useMoveSeatMutation();
  const [toMove, setToMove] = useState<OrganizationMember | null>(null);
  const [moveError, setMoveError] = useState<ErrorText | null>(null);

  // The invite dialog's own failure stays in the dialog; every other outcome is a notice (notices.ts).
  const [inviteError, setInviteError] = useState<ErrorText | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // The member edit page comes back here with what it did (saved, removed): said once, then forgotten,
  // so a reload does not say it again.
  const { state: flash, pathname } = useLocation() as {
    state: { success?: string } | null;
    pathname: string;
  };
  useEffect(() => {
    if (!flash?.success) return;
    dispatch(notify(flash.success));
    void navigate(pathname, { replace: true, state: null });
  }, [flash, pathname, dispatch, navigate]);
  const [resendingId, setResendingId] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<OrganizationMember | null>(null);
  const [capsOpen, setCapsOpen] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);
  const canSetCaps = roleCan(viewer?.role, 'credits.govern');
  // Where focus goes when the element that had it is gone (a removed member's row, a revoked invitation's).
  const membersHeading = useRef<HTMLHeadingElement>(null);
  const invitationsHeading = useRef<HTMLHeadingElement>(null);

  const report = (result: { success?: string; error?: ErrorText }) => {
    if (result.success) dispatch(notify(result.success));
    if (result.error) dispatch(notify(result.error, 'error'));
  };

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

  const onResend = async (invitation: Invitation) => {
    setResendingId(invitation.id);
    try {
      await resendInvitation({ invitation_id: invitation.id }).unwrap();
      report({ success: 'Invitation resent successfully!' });
    } catch (error) {
      report({ error: withDetail(RESEND_FAILED, error) });
    } finally {
      setResendingId(null);
    }
  };

  const onConfirmRevoke = async () => {
    if (!toRevoke) return;
    try {
      const answer = await revokeInvitation({ invitation_id: toRevoke.id }).unwrap();
      report({ success: translated(answer.message) });
    } catch (error) {
      report({ error: withDetail(REVOKE_FAILED, error) });
    } finally {
      setToRevoke(null);
      // The dialog would give focus back to the row's menu button, whose row is gone.
      requestAnimationFrame(() => invitationsHeading.current?.focus());
    }
  };

  const onConfirmRemove = async () => {
    if (!toRemove) return;
    const member = toRemove;
    try {
      await removeOrganizationUser({ user_id: member.id }).unwrap();
      report({
        success: t('{name} was removed from the organization.', { name: member.name || member.email }),
      });
    } catch (error) {
      report({ error: withDetail(REMOVE_FAILED, error) });
    } finally {
      setToRemove(null);
      // The dialog would give focus back to the Remove button, whose row is gone.
      requestAnimationFrame(() => membersHeading.current?.focus());
    }
  };

  const onMoveSeat = async (to: OrganizationMember) => {
    if (!toMove) return;
    const from = toMove;
    const product = PLAN_NAMES[memberProduct(from)];
    try {
      setMoveError(null);
      await moveSeat({ product, from_user_id: from.id, to_user_id: to.id }).unwrap();
      setToMove(null);
      report({
        success: t('{product} seat moved from {from} to {to}.', {
          product,
          from: memberLabel(from),
          to: memberLabel(to),
        }),
      });
    } catch (error) {
      setMoveError(withDetail(MOVE_SEAT_FAILED, error));
    }
  };

  const organizationName = viewer?.organization?.name;
  const purchasedSeats = viewer?.organization?.seats;

  const showSeats = Boolean(purchasedSeats && data);
  const showDomain = roleCan(viewer?.role, 'organization.domain');

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
        {isAdmin && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" onClick={() => setInviteOpen(true)}>
              {t('Invite')}
            </Button>
            <Button variant="outlined" onClick={() => setBulkOpen(true)}>
              {t('Invite many members')}
            </Button>
          </Box>
        )}
      </Box>

      {members.isLoading ? (
        <LoadingState shape="table" />
      ) : members.isError ? (
        <ErrorAlert error={membersErrorText(members.error)} onRetry={() => void members.refetch()} />
      ) : (
        <>
          <Section title={t('Team members')} headingRef={membersHeading}>
            {canSetCaps && (
              <div>
                <Button variant="outlined" onClick={() => setCapsOpen(true)}>
                  {t('Set monthly caps')}
                </Button>
              </div>
            )}
            <MembersTable
              members={data?.users ?? NO_MEMBERS}
              total={data?.total ?? 0}
              searchable={(data?.member_count ?? 0) > MEMBER_PAGE_SIZES[0]}
              search={search}
              onSearch={setSearch}
              page={Math.min(page, lastPage)}
              onPage={setPage}
              rowsPerPage={rowsPerPage}
              onRowsPerPage={(rows) => {
                setRowsPerPage(rows);
                setPage(0);
              }}
              sort={sorting.sort}
              order={sorting.order}
              onSort={(column) => {
                setSorting(nextSort(sorting, column));
                setPage(0);
              }}
              busy={members.isFetching}
              canManage={isAdmin}
              onRemove={setToRemove}
              onMoveSeat={roleCan(viewer?.role, 'members.edit') ? setToMove : undefined}
            />
          </Section>
          <Section title={t('Pending invitations')} headingRef={invitationsHeading}>
            <InvitationsTable
              invitations={data?.invitations ?? NO_INVITATIONS}
              total={data?.invitations_total ?? 0}
              page={Math.min(invitationsPage, lastInvitationsPage)}
              onPage={setInvitationsPage}
              canManage={isAdmin}
              resendingId={resendingId}
              onResend={onResend}
              onRevoke={setToRevoke}
            />
          </Section>
        </>
      )}

      {(showSeats || showDomain) && (
        // Settings come after the people: they change rarely, the lists are what admins come for.
        <Section title={t('Organization settings')}>
          {showSeats && purchasedSeats && data && (
            <Section title={t('Seats')} level={3}>
              <SeatsSummary purchased={purchasedSeats} assigned={data.assigned_seats} />
            </Section>
          )}
          {showDomain && (
            <Section title={t('Company domain')} level={3}>
              <CompanyDomainSection
                onDone={(message) => report({ success: message })}
                onMemberJoined={() => void members.refetch()}
              />
            </Section>
          )}
        </Section>
      )}

      {isAdmin && (
        <>
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
          <RevokeInvitationDialog
            invitation={toRevoke}
            revoking={revocation.isLoading}
            onCancel={() => setToRevoke(null)}
            onConfirm={onConfirmRevoke}
          />
        </>
      )}
      {canSetCaps && (
        <BulkCapsDialog
          open={capsOpen}
          members={members.data?.data.users ?? NO_MEMBERS}
          onClose={() => setCapsOpen(false)}
          onSaved={(message) => {
            setCapsOpen(false);
            report({ success: message });
          }}
        />
      )}
      <MoveSeatDialog
        member={toMove}
        moving={seatMove.isLoading}
        error={moveError}
        onCancel={() => {
          setToMove(null);
          setMoveError(null);
        }}
        onMove={(to) => void onMoveSeat(to)}
      />
      <RemoveMemberDialog
        member={toRemove}
        removing={removal.isLoading}
        onCancel={() => setToRemove(null)}
        onConfirm={onConfirmRemove}
      />
    </Stack>
  );
}

function Section({
  title,
  children,
  headingRef,
  level = 2,
}: {
  title: string;
  children: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  level?: 2 | 3;
}) {
  return (
    <Stack component="section" spacing={1.5} aria-label={title}>
      <Typography
        variant={level === 2 ? 'h6' : 'subtitle1'}
        component={level === 2 ? 'h2' : 'h3'}
        fontWeight={level === 2 ? undefined : 500}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
      >
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
