import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { lastPageIndex, pageRows, roleName, type Invitation } from '../lib/members';
import { compactOnPhones, wrappingPagination } from './MembersTable';

const PAGE_SIZE = 10;

export interface InvitationsTableProps {
  invitations: readonly Invitation[];
  /** Only admins may resend invitations. */
  canManage: boolean;
  /** The invitation being resent, whose button is disabled meanwhile. */
  resendingId: string | null;
  onResend: (invitation: Invitation) => void;
}

/** Pending invitations (spec §2.1): email, role and a 'Resend invite' action, paginated. */
export function InvitationsTable({ invitations, canManage, resendingId, onResend }: InvitationsTableProps) {
  const [page, setPage] = useState(0);
  const shownPage = Math.min(page, lastPageIndex(invitations.length, PAGE_SIZE));
  const visible = pageRows(invitations, shownPage, PAGE_SIZE);

  if (invitations.length === 0) {
    return <p>No pending invitations.</p>;
  }
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Pending invitations" sx={compactOnPhones}>
          <TableHead>
            <TableRow>
              <TableCell>Email</TableCell>
              <TableCell>Role</TableCell>
              {canManage && <TableCell>Actions</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((invitation) => (
              <TableRow key={invitation.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{invitation.email}</TableCell>
                <TableCell>{roleName(invitation.role)}</TableCell>
                {canManage && (
                  <TableCell>
                    <Button
                      size="small"
                      onClick={() => onResend(invitation)}
                      disabled={resendingId === invitation.id}
                    >
                      Resend invite
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {invitations.length > PAGE_SIZE && (
        <TablePagination
          component="div"
          count={invitations.length}
          page={shownPage}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          showFirstButton
          showLastButton
          sx={wrappingPagination}
        />
      )}
    </Paper>
  );
}
