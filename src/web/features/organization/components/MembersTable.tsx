import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextInput from '../../../components/TextInput';
import Typography from '@mui/material/Typography';
import { roleName, type MemberSort, type OrganizationMember, type SortOrder } from '../lib/members';
import { JoinedDate } from './JoinedDate';
import { PlanBadge } from './PlanBadge';
import { TwoFactorStatus } from './TwoFactorStatus';
import { MemberCards, usePhoneLayout } from './PhoneCards';
import { RowActionsMenu } from './RowActionsMenu';
import { memberActions, memberActionsLabel, type MemberActionHandlers } from '../lib/row-actions';
import BreakableEmail from '../../../components/BreakableEmail';
import { PagedTable } from '../../../components/paged-table';
import { msg, t } from '../../../i18n';
import { MEMBER_PAGE_SIZES } from '../lib/members-view';

export interface MembersTableProps {
  /** The members of the page shown (the server searched, sorted and paged them). */
  members: readonly OrganizationMember[];
  /** How many members match the search. */
  total: number;
  /** Show the search box (organizations larger than one page of the smallest size). */
  searchable: boolean;
  search: string;
  onSearch: (search: string) => void;
  /** 0-based. */
  page: number;
  onPage: (page: number) => void;
  rowsPerPage: number;
  onRowsPerPage: (rowsPerPage: number) => void;
  sort: MemberSort;
  order: SortOrder;
  onSort: (sort: MemberSort) => void;
  /** A new page or search is on its way: the rows shown are the previous ones. */
  busy: boolean;
  /** The viewer is an admin: a menu of Edit on every member, Remove on non-admin members. */
  canManage: boolean;
  onRemove: (member: OrganizationMember) => void;
  /** Where the member edit page returns to (this page with its view); the Organization page by default. */
  returnTo?: string;
  /** Opens the seat move of a member holding a paid seat (docs/product.md#seats); no button without it. */
  onMoveSeat?: (member: OrganizationMember) => void;
  /** The organization requires two-factor sign-in: a Two-factor column shows who lacks it. */
  showTwoFactor?: boolean;
}

const COLUMNS: { label: string; sort?: MemberSort; twoFactor?: true }[] = [
  { label: msg('Name/Email'), sort: 'name' },
  { label: msg('Role'), sort: 'role' },
  { label: msg('Product'), sort: 'product' },
  { label: msg('Two-factor'), twoFactor: true },
  { label: msg('Joined'), sort: 'joined' },
  { label: msg('Actions') },
];

/** The team members table (docs/product.md#members): searchable, sortable and paginated by the server. */
export function MembersTable(props: MembersTableProps) {
  const { members, search, sort, order, busy, canManage } = props;
  const showTwoFactor = props.showTwoFactor ?? false;
  const handlers = { onRemove: props.onRemove, onMoveSeat: props.onMoveSeat, returnTo: props.returnTo };
  const columns = COLUMNS.filter((column) => showTwoFactor || !column.twoFactor);
  const phone = usePhoneLayout();
  const empty = search.trim() ? t('No members match your search.') : t('No members yet.');

  return (
    <PagedTable
      total={props.total}
      page={props.page}
      onPage={props.onPage}
      pageSize={props.rowsPerPage}
      pageSizes={MEMBER_PAGE_SIZES}
      onPageSize={props.onRowsPerPage}
      pageSizeLabel={t('Members per page:')}
      toolbar={
        props.searchable && (
          <TextInput
            label={t('Search members')}
            type="search"
            size="small"
            value={search}
            onChange={(event) => props.onSearch(event.target.value)}
            sx={{ m: 2, width: { xs: 'calc(100% - 32px)', sm: 320 } }}
          />
        )
      }
    >
      {phone ? (
        <MemberCards
          members={members}
          canManage={canManage}
          empty={empty}
          showTwoFactor={showTwoFactor}
          {...handlers}
        />
      ) : (
        <TableContainer>
          {/* Between the phone cards and a wide screen the five columns share little room: tighter cells,
            wrapping emails and one menu button per row keep every column on screen. */}
          <Table
            size="small"
            aria-label={t('Team members')}
            aria-busy={busy}
            sx={{ ...compactOnPhones, opacity: busy ? 0.6 : 1 }}
          >
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell
                    key={column.label}
                    align={column.sort === undefined && !column.twoFactor ? 'right' : undefined}
                    sortDirection={column.sort !== undefined && sort === column.sort ? order : false}
                  >
                    {column.sort === undefined ? (
                      t(column.label)
                    ) : (
                      <TableSortLabel
                        active={sort === column.sort}
                        direction={sort === column.sort ? order : 'asc'}
                        onClick={() => props.onSort(column.sort!)}
                      >
                        {t(column.label)}
                      </TableSortLabel>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {members.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  canManage={canManage}
                  showTwoFactor={showTwoFactor}
                  {...handlers}
                />
              ))}
              {members.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns.length}>{empty}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </PagedTable>
  );
}

/** Phone widths: tighter cells so every column, Actions included, fits without a sideways scroll. */
export const compactOnPhones = { '& th, & td': { px: { xs: 0.5, sm: 2 } } } as const;

function MemberRow({
  member,
  canManage,
  showTwoFactor,
  ...handlers
}: { member: OrganizationMember; canManage: boolean; showTwoFactor: boolean } & MemberActionHandlers) {
  return (
    <TableRow>
      <TableCell>
        <Typography variant="body2" fontWeight={500}>
          {member.name || member.email}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <BreakableEmail email={member.email} />
        </Typography>
      </TableCell>
      <TableCell>{t(roleName(member.role))}</TableCell>
      <TableCell>
        <PlanBadge product={member.subscription?.stripe_product} />
      </TableCell>
      {showTwoFactor && (
        <TableCell>
          <TwoFactorStatus enabled={member.two_factor} />
        </TableCell>
      )}
      <TableCell>
        <JoinedDate seconds={member.join_timestamp} />
      </TableCell>
      <TableCell align="right">
        {canManage && (
          <RowActionsMenu label={memberActionsLabel(member)} actions={memberActions(member, handlers)} />
        )}
      </TableCell>
    </TableRow>
  );
}
