import TextInput from '../../components/TextInput';
import { parseCapInput } from '../../../shared/credits';
import { msg, t } from '../../i18n';

export interface CapFieldProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  id?: string;
}

const CAP_INVALID = msg('Enter a whole number of credits (0 to 1,000,000), or leave it empty for no cap.');

/** The monthly cap input: a whole number of credits, empty = unlimited. */
export default function CapField({ value, onChange, disabled, id = 'monthly-cap' }: CapFieldProps) {
  const invalid = parseCapInput(value) === undefined;
  return (
    <TextInput
      id={id}
      label={t('Monthly credit cap')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      placeholder={t('No cap')}
      error={invalid}
      helperText={
        invalid ? t(CAP_INVALID) : t('Credits this member may spend per billing period. Empty: no cap.')
      }
      slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
    />
  );
}
