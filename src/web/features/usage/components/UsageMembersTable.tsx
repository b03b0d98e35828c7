import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { components } from '../../../../contract/api';
import { PagedTable, type Paging } from '../../../components/paged-table';
import { t } from '../../../i18n';
import { memberEditPath } from '../../../lib/paths';
import { USAGE_PAGE_SIZES } from '../lib/usage-filters';
import { formatNumber } from '../../../i18n/format';

type UsageMember = components['schemas']['UsageMember'];

export interface UsageMembersTableProps {
  members: UsageMember[];
  total: number;
  paging: Paging;
  onShowOnly: (member: UsageMember) => void;
}

/** At 390 px the member, spent, cap and action columns fit; the count of lookups waits for a wider screen. */
const narrowHidden = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Spending by member (docs/product.md#usage): one server page at a time, most spent first. */
export default function UsageMembersTable(props: UsageMembersTableProps) {
  const { members, total } = props;
  if (total === 0) {
    return <Typography color="text.secondary">{t('Nobody spent credits in this period.')}</Typography>;
  }
  return (
    // At most 50 rows: the page stays under 1,500 DOM nodes (DESIGN.md).
    <PagedTable total={total} pageSizes={USAGE_PAGE_SIZES} framed={false} {...props.paging}>
      <TableContainer>
        <Table size="small" aria-label={t('Spending by member')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('Member')}</TableCell>
              <TableCell align="right">{t('Credits spent')}</TableCell>
              <TableCell align="right" sx={narrowHidden}>
                {t('Lookups')}
              </TableCell>
              <TableCell align="right">{t('Monthly cap')}</TableCell>
              <TableCell align="right" sx={narrowHidden}>
                {t('Balance: start → end')}
              </TableCell>
              <TableCell>{t('Actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {members.map((member) => (
              <TableRow key={member.user_id}>
                <TableCell>
                  <Link component={RouterLink} to={memberEditPath(member.user_id)}>
                    {member.name || member.email}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {member.email}
                  </Typography>
                </TableCell>
                <TableCell align="right">{formatNumber(member.spent)}</TableCell>
                <TableCell align="right" sx={narrowHidden}>
                  {formatNumber(member.spends)}
                </TableCell>
                <TableCell align="right">
                  {member.monthly_cap === null ? t('No cap') : formatNumber(member.monthly_cap)}
                </TableCell>
                <TableCell align="right" sx={narrowHidden}>
                  {`${formatNumber(member.opening_balance)} → ${formatNumber(member.closing_balance)}`}
                </TableCell>
                <TableCell>
                  <Button size="small" onClick={() => props.onShowOnly(member)}>
                    {t('Show only {name}', { name: member.name || member.email })}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </PagedTable>
  );
}
