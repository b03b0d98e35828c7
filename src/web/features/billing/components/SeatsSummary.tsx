import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { PLAN_NAMES, SEAT_PLAN_KEYS } from '../../../../shared/plans';
import type { PurchasedSeats } from '../../../../shared/seats';

/** Purchased and assigned seats per paid product (team billing view). */
export default function SeatsSummary({
  purchased,
  assigned,
}: {
  purchased: PurchasedSeats;
  assigned: PurchasedSeats;
}) {
  return (
    <Table size="small" aria-label="Seats">
      <TableHead>
        <TableRow>
          <TableCell>Product</TableCell>
          <TableCell align="right">Purchased</TableCell>
          <TableCell align="right">Assigned</TableCell>
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
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
