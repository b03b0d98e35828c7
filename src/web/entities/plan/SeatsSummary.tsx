import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { PLAN_NAMES, SEAT_PLAN_KEYS } from '../../../shared/plans';
import { availableSeats, type PurchasedSeats } from '../../../shared/seats';
import { t } from '../../i18n';

/**
 * Purchased, assigned and available seats per paid product (team billing view and the Organization page,
 * issue 15). Available is the same rule the Product select uses (src/shared/seats.ts), never below 0.
 */
export default function SeatsSummary({
  purchased,
  assigned,
}: {
  purchased: PurchasedSeats;
  assigned: PurchasedSeats;
}) {
  // Four columns need narrower cell padding on a phone; where they still do not fit, the table scrolls inside
  // its box, never the page, and the box takes keyboard focus so it can be scrolled without a mouse.
  return (
    <Box sx={{ overflowX: 'auto' }} tabIndex={0}>
      <Table size="small" aria-label={t('Seats')} sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Product')}</TableCell>
            <TableCell align="right">{t('Purchased')}</TableCell>
            <TableCell align="right">{t('Assigned')}</TableCell>
            <TableCell align="right">{t('Available')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {SEAT_PLAN_KEYS.map((key) => (
            <TableRow key={key}>
              <TableCell component="th" scope="row">
                {PLAN_NAMES[key]}
              </TableCell>
              <TableCell align="right">{purchased[key]}</TableCell>
              <TableCell align="right">{assigned[key]}</TableCell>
              <TableCell align="right">{availableSeats(key, purchased, assigned, 'free')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
