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
 * docs/product.md#seats). Available is the same rule the Product select uses (src/shared/seats.ts), never below 0.
 */
export default function SeatsSummary({
  purchased,
  assigned,
}: {
  purchased: PurchasedSeats;
  assigned: PurchasedSeats;
}) {
  // Four short columns fit a 390 px phone with narrower cells and headers that may wrap, so the table needs
  // no scrolling box: a focusable one was a tab stop that screen readers named with the whole table's text.
  return (
    <Box>
      <Table
        size="small"
        aria-label={t('Seats')}
        sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 }, overflowWrap: 'anywhere' } }}
      >
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
