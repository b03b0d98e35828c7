import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { roleName, type Invitation } from '../lib/members';
import { compactOnPhones, wrappingPagination } from './MembersTable';
import { InvitationCards, usePhoneLayout } from './PhoneCards';
import BreakableEmail from '../../../components/BreakableEmail';
import { t } from '../../../i18n';

export const INVITATIONS_PAGE_SIZE = 10;

export interface InvitationsTableProps {
  /** The invitations of the page shown (paged by the server). */
  invitations: readonly Invitation[];
  /** How many invitations are pending. */
  total: number;
  /** 0-based. */
  page: number;
  onPage: (page: number) => void;
  /** Only admins may resend invitations. */
  canManage: boolean;
  /** The invitation being resent, whose button is disabled meanwhile. */
  resendingId: string | null;
  onResend: (invitation: Invitation) => void;
}

/** Pending invitations (spec §2.1): email, role and a 'Resend invite' action, paginated. */
export function InvitationsTable({
  invitations,
  total,
  page,
  onPage,
  canManage,
  resendingId,
  onResend,
}: InvitationsTableProps) {
  const phone = usePhoneLayout();
  if (total === 0) {
    return <p>{t('No pending invitations.')}</p>;
  }
  return (
    <Paper variant="outlined">
      {phone ? (
        <InvitationCards
          invitations={invitations}
          canManage={canManage}
          resendingId={resendingId}
          onResend={onResend}
        />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('Pending invitations')} sx={compactOnPhones}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Email')}</TableCell>
                <TableCell>{t('Role')}</TableCell>
                {canManage && <TableCell>{t('Actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {invitations.map((invitation) => (
                <TableRow key={invitation.id}>
                  <TableCell>
                    <BreakableEmail email={invitation.email} />
                  </TableCell>
                  <TableCell>{t(roleName(invitation.role))}</TableCell>
                  {canManage && (
                    <TableCell>
                      <Button
                        size="small"
                        // Not `disabled`: a disabled button drops focus to <body>; this one keeps it while the call runs.
                        aria-disabled={resendingId === invitation.id}
                        onClick={() => resendingId !== invitation.id && onResend(invitation)}
                        aria-label={t('Resend invite to {email}', { email: invitation.email })}
                      >
                        {t('Resend invite')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {total > INVITATIONS_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          onPageChange={(_event, next) => onPage(next)}
          rowsPerPage={INVITATIONS_PAGE_SIZE}
          rowsPerPageOptions={[INVITATIONS_PAGE_SIZE]}
          showFirstButton
          showLastButton
          sx={wrappingPagination}
        />
      )}
    </Paper>
  );
}
