/**
 * The list of CRMs as a select (CrmPicker's loaded state). Its own chunk: MUI's Select brings Popover,
 * Menu and Modal, which the signup page does not need for its first paint (docs/performance.md#size-budgets).
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Software } from '../../api/contract-types';

export interface CrmSelectProps {
  options: Software[];
  /** A slug of `options`, or '' for none. */
  selected: string;
  onChoose: (record: Software) => void;
  label: string;
  /** The list is still loading (it has no options yet). */
  busy?: boolean;
}

export default function CrmSelect({ options, selected, onChoose, label, busy = false }: CrmSelectProps) {
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={selected}
      slotProps={{ select: { SelectDisplayProps: { 'aria-busy': busy } } }}
      onChange={(event) => {
        const record = options.find((option) => option.slug === event.target.value);
        if (record) onChoose(record);
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.slug} value={option.slug}>
          {option.software}
        </MenuItem>
      ))}
    </TextField>
  );
}
