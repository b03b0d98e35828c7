import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { BillingSchedule } from '../lib/prices';

export interface BillingScheduleToggleProps {
  value: BillingSchedule;
  onChange: (schedule: BillingSchedule) => void;
  /** 'Yearly' on the pricing page, 'Annual' in the dashboard's product purchase view. */
  yearlyLabel?: string;
  disabled?: boolean;
}

/** Monthly / yearly switch; the yearly option carries the '33% off' label of spec §9. */
export default function BillingScheduleToggle({
  value,
  onChange,
  yearlyLabel = 'Yearly',
  disabled = false,
}: BillingScheduleToggleProps) {
  return (
    <ToggleButtonGroup
      exclusive
      color="primary"
      value={value}
      disabled={disabled}
      aria-label="Billing period"
      // A click on the selected option gives null: keep the current schedule.
      onChange={(_event, next: BillingSchedule | null) => next && onChange(next)}
    >
      <ToggleButton value="monthly">Monthly</ToggleButton>
      <ToggleButton value="yearly" sx={{ gap: 1 }}>
        {yearlyLabel}
        <Chip label="33% off" size="small" color="success" sx={{ pointerEvents: 'none' }} />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
