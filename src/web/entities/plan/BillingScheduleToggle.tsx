import Tag from '../../components/Tag';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { BillingSchedule } from './prices';
import { t } from '../../i18n';

export interface BillingScheduleToggleProps {
  value: BillingSchedule;
  onChange: (schedule: BillingSchedule) => void;
  disabled?: boolean;
}

/**
 * Monthly / Yearly switch of /pricing and the billing views, one wording everywhere: 'Yearly' is the
 * word of the billing period the user then reads (docs/product.md#billing-views, 'Monthly or Yearly') and of 'Billed yearly'
 * on the cards. The yearly option carries the '33% off' label of docs/product.md#displayed-prices ('Annual billing').
 */
export default function BillingScheduleToggle({
  value,
  onChange,
  disabled = false,
}: BillingScheduleToggleProps) {
  return (
    <ToggleButtonGroup
      exclusive
      color="primary"
      value={value}
      disabled={disabled}
      aria-label={t('Billing period')}
      // A click on the selected option gives null: keep the current schedule.
      onChange={(_event, next: BillingSchedule | null) => next && onChange(next)}
    >
      <ToggleButton value="monthly">{t('Monthly')}</ToggleButton>
      <ToggleButton value="yearly" sx={{ gap: 1 }}>
        {t('Yearly')}
        <Tag label={t('33% off')} color="success" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
