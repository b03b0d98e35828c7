import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { useUrlDraft } from '../../../components/paged-table';
import { selectUser } from '../../../entities/session';
import { t } from '../../../i18n';
import { roleCan } from '../../../../shared/permissions';
import { useMemberRemoval } from '../hooks/use-member-removal';
import { useClampedPages, useMembersPage } from '../hooks/use-members-page';
import { useReport } from '../hooks/use-report';
import { useSeatMove } from '../hooks/use-seat-move';
import { nextSort, type OrganizationMember } from '../lib/members';
import { MEMBER_PAGE_SIZES, SEARCH_DEBOUNCE_MS } from '../lib/members-view';
import { BulkCapsDialog } from './BulkCapsDialog';
import { PoolCreditsDialog } from './PoolCreditsDialog';
import { MembersTable } from './MembersTable';
import { MoveSeatDialog } from './MoveSeatDialog';
import { PageSection } from './PageSection';
import { RemoveMemberDialog } from './RemoveMemberDialog';

const NO_MEMBERS: OrganizationMember[] = [];

/**
 * The Team members section (docs/product.md#members): searched, sorted and paged by the server as the URL says
 * (lib/members-view.ts), with what can be done to a member (monthly caps, seat moves, removal).
 */
export function MembersSection() {
  const viewer = useAppSelector(selectUser);
  const page = useMembersPage();
  useClampedPages(page);
  const { view, update, members, data, lastPage } = page;
  const heading = useRef<HTMLHeadingElement>(null);
  const removal = useMemberRemoval(heading);
  const seatMove = useSeatMove();
  const report = useReport();
  const [capsOpen, setCapsOpen] = useState(false);
  const [poolOpen, setPoolOpen] = useState(false);
  const canSetCaps = roleCan(viewer?.role, 'credits.govern');
  // The search box's text goes to the URL once the typing pauses, replacing the entry (one per search).
  const commitSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const [search, setSearch] = useUrlDraft(view.q, commitSearch, { delayMs: SEARCH_DEBOUNCE_MS });
  // The member edit page returns to this view (its query) when done.
  const { pathname, search: query } = useLocation();

  return (
    <PageSection title={t('Team members')} headingRef={heading}>
      {canSetCaps && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button variant="outlined" onClick={() => setCapsOpen(true)}>
            {t('Set monthly caps')}
          </Button>
          <Button variant="outlined" onClick={() => setPoolOpen(true)}>
            {t('Grant credits')}
          </Button>
        </Stack>
      )}
      <MembersTable
        members={data?.users ?? NO_MEMBERS}
        total={data?.total ?? 0}
        searchable={(data?.member_count ?? 0) > MEMBER_PAGE_SIZES[0] || view.q !== ''}
        search={search}
        onSearch={setSearch}
        page={Math.min(view.page, lastPage)}
        onPage={(next) => update({ page: next })}
        rowsPerPage={view.size}
        onRowsPerPage={(size) => update({ size: size as typeof view.size })}
        sort={view.sort}
        order={view.order}
        onSort={(column) => update((current) => nextSort(current, column))}
        busy={members.isFetching}
        canManage={roleCan(viewer?.role, 'members.invite')}
        returnTo={`${pathname}${query}`}
        onRemove={removal.ask}
        onMoveSeat={roleCan(viewer?.role, 'members.edit') ? seatMove.ask : undefined}
        showTwoFactor={
          Boolean(viewer?.organization?.require_two_factor) && roleCan(viewer?.role, 'organization.security')
        }
      />
      {canSetCaps && (
        <BulkCapsDialog
          open={capsOpen}
          members={data?.users ?? NO_MEMBERS}
          onClose={() => setCapsOpen(false)}
          onSaved={(message) => {
            setCapsOpen(false);
            report({ success: message });
          }}
        />
      )}
      {canSetCaps && (
        <PoolCreditsDialog
          open={poolOpen}
          members={data?.users ?? NO_MEMBERS}
          onClose={() => setPoolOpen(false)}
          onDone={(message) => {
            setPoolOpen(false);
            report({ success: message });
          }}
        />
      )}
      <MoveSeatDialog
        member={seatMove.toMove}
        moving={seatMove.moving}
        error={seatMove.error}
        onCancel={seatMove.cancel}
        onMove={(to) => void seatMove.move(to)}
      />
      <RemoveMemberDialog
        member={removal.toRemove}
        removing={removal.removing}
        onCancel={removal.cancel}
        onConfirm={removal.confirm}
      />
    </PageSection>
  );
}
