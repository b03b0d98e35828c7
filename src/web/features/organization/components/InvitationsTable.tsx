import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { roleName, type Invitation } from '../lib/members';
import { compactOnPhones } from './MembersTable';
import { PagedTable } from '../../../components/paged-table';
import { INVITATIONS_PAGE_SIZE } from '../lib/members-view';
import { InvitationCards, usePhoneLayout } from './PhoneCards';
import { RowActionsMenu } from './RowActionsMenu';
import { invitationActions, invitationActionsLabel, type InvitationActionHandlers } from '../lib/row-actions';
import BreakableEmail from '../../../components/BreakableEmail';
import { t } from '../../../i18n';

export interface InvitationsTableProps extends InvitationActionHandlers {
  /** The invitations of the page shown (paged by the server). */
  invitations: readonly Invitation[];
  /** How many invitations are pending. */
  total: number;
  /** 0-based. */
  page: number;
  onPage: (page: number) => void;
  /** Only admins may resend or revoke invitations. */
  canManage: boolean;
}

/** Pending invitations (docs/product.md#members): email, role and a menu of Resend and Revoke, paginated. */
export function InvitationsTable({
  invitations,
  total,
  page,
  onPage,
  canManage,
  ...handlers
}: InvitationsTableProps) {
  const phone = usePhoneLayout();
  if (total === 0) {
    return <p>{t('No pending invitations.')}</p>;
  }
  return (
    <PagedTable
      total={total}
      page={page}
      onPage={onPage}
      pageSize={INVITATIONS_PAGE_SIZE}
      pageSizes={[INVITATIONS_PAGE_SIZE]}
      onPageSize={() => undefined}
      hideSinglePage
    >
      {phone ? (
        <InvitationCards invitations={invitations} canManage={canManage} {...handlers} />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('Pending invitations')} sx={compactOnPhones}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Email')}</TableCell>
                <TableCell>{t('Role')}</TableCell>
                {canManage && <TableCell align="right">{t('Actions')}</TableCell>}
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
                    <TableCell align="right">
                      <RowActionsMenu
                        label={invitationActionsLabel(invitation)}
                        actions={invitationActions(invitation, handlers)}
                      />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </PagedTable>
  );
}
