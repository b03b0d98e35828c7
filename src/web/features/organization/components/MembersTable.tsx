import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo, useState, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { canRemoveMember } from '../../../../shared/permissions';
import { filterMembers, lastPageIndex, pageRows, roleName, type OrganizationMember } from '../lib/members';
import { JoinedDate } from './JoinedDate';
import { PlanBadge } from './PlanBadge';

/** Page sizes stay small so the DOM stays small whatever the size of the organization. */
export const MEMBER_PAGE_SIZES = [10, 25, 50] as const;
const DEFAULT_PAGE_SIZE = 25;

export interface MembersTableProps {
  members: readonly OrganizationMember[];
  /** The viewer is an admin: Edit on every member, Remove on non-admin members. */
  canManage: boolean;
  onRemove: (member: OrganizationMember) => void;
}

/** The team members table (spec §2.1), searchable and paginated. */
export function MembersTable({ members, canManage, onRemove }: MembersTableProps) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(DEFAULT_PAGE_SIZE);

  // Filtering thousands of members on every keystroke must not hold up typing.
  const deferredQuery = useDeferredValue(query);
  const matching = useMemo(() => filterMembers(members, deferredQuery), [members, deferredQuery]);
  // After removals or a new search the page may run past the end: show the last one instead.
  const shownPage = Math.min(page, lastPageIndex(matching.length, rowsPerPage));
  const visible = pageRows(matching, shownPage, rowsPerPage);

  const onSearch = (event: ChangeEvent<HTMLInputElement>) => {
    setQuery(event.target.value);
    setPage(0);
  };
  const onRowsPerPage = (event: ChangeEvent<HTMLInputElement>) => {
    setRowsPerPage(Number(event.target.value));
    setPage(0);
  };

  return (
    <Paper variant="outlined">
      {members.length > MEMBER_PAGE_SIZES[0] && (
        <TextField
          label="Search members"
          type="search"
          size="small"
          value={query}
          onChange={onSearch}
          sx={{ m: 2, width: { xs: 'calc(100% - 32px)', sm: 320 } }}
        />
      )}
      <TableContainer>
        {/* On a phone the five columns share 390 px: tighter cells, wrapping emails and stacked actions keep
            Edit and Remove on screen instead of behind a sideways scroll. */}
        <Table size="small" aria-label="Team members" sx={compactOnPhones}>
          <TableHead>
            <TableRow>
              <TableCell>Name/Email</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Product</TableCell>
              <TableCell>Joined</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((member) => (
              <MemberRow key={member.id} member={member} canManage={canManage} onRemove={onRemove} />
            ))}
            {visible.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  {query ? 'No members match your search.' : 'No members yet.'}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={matching.length}
        page={shownPage}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={[...MEMBER_PAGE_SIZES]}
        onRowsPerPageChange={onRowsPerPage}
        labelRowsPerPage="Members per page:"
        sx={wrappingPagination}
        showFirstButton
        showLastButton
      />
    </Paper>
  );
}

/** Phone widths: tighter cells so every column, Actions included, fits without a sideways scroll. */
export const compactOnPhones = { '& th, & td': { px: { xs: 0.5, sm: 2 } } } as const;

/** Lets the pagination controls wrap onto a second line instead of overflowing a phone screen. */
export const wrappingPagination = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: { xs: 1, sm: 2 } },
} as const;

function MemberRow({
  member,
  canManage,
  onRemove,
}: {
  member: OrganizationMember;
  canManage: boolean;
  onRemove: (member: OrganizationMember) => void;
}) {
  const removable = canRemoveMember(member);
  return (
    <TableRow>
      <TableCell>
        <Typography variant="body2" fontWeight={500}>
          {member.name || member.email}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {member.email}
        </Typography>
      </TableCell>
      <TableCell>{roleName(member.role)}</TableCell>
      <TableCell>
        <PlanBadge product={member.subscription?.stripe_product} />
      </TableCell>
      <TableCell>
        <JoinedDate seconds={member.join_timestamp} />
      </TableCell>
      <TableCell
        sx={{
          whiteSpace: { xs: 'normal', sm: 'nowrap' },
          '& > *': { display: { xs: 'block', sm: 'inline-flex' }, ml: { xs: 0, sm: 1 } },
          '& .MuiButton-root': { minWidth: { xs: 0, sm: 64 }, px: { xs: 0.5, sm: 1 } },
        }}
      >
        {canManage && (
          <>
            <Button
              component={RouterLink}
              to={`/dashboard/member/edit/${encodeURIComponent(member.id)}`}
              size="small"
            >
              Edit
            </Button>
            {removable ? (
              <Button size="small" color="error" onClick={() => onRemove(member)}>
                Remove
              </Button>
            ) : (
              <Typography component="span" variant="caption" color="text.secondary">
                Cannot remove admin
              </Typography>
            )}
          </>
        )}
      </TableCell>
    </TableRow>
  );
}
