import TextInput from '../../components/TextInput';
import { parseCapInput } from '../../../shared/credits';
import { msg, t } from '../../i18n';

export interface CapFieldProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  id?: string;
  /** A cap other than the member's monthly cap (per kind of lookup, the default of new members): its name and hint. */
  label?: string;
  hint?: string;
}

const CAP_INVALID = msg('Enter a whole number of credits (0 to 1,000,000), or leave it empty for no cap.');

/** A cap input (the monthly cap unless told): a whole number of credits, empty = unlimited. */
export default function CapField({
  value,
  onChange,
  disabled,
  id = 'monthly-cap',
  label,
  hint,
}: CapFieldProps) {
  const invalid = parseCapInput(value) === undefined;
  return (
    <TextInput
      id={id}
      label={label ?? t('Monthly credit cap')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      placeholder={t('No cap')}
      error={invalid}
      helperText={
        invalid
          ? t(CAP_INVALID)
          : (hint ?? t('Credits this member may spend per billing period. Empty: no cap.'))
      }
      slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
    />
  );
}
