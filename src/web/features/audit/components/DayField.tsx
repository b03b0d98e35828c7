import TextField from '@mui/material/TextField';
import { t } from '../../../i18n';

/**
 * A day typed as YYYY-MM-DD (lib/day-filter.ts), with the format and an example under it; a day that is
 * not one says so, and the page leaves it out of the filter until it is.
 */
export default function DayField(props: {
  label: string;
  value: string;
  invalid: boolean;
  example: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      placeholder={props.example}
      error={props.invalid}
      helperText={
        props.invalid
          ? t('Write the day as YYYY-MM-DD, e.g. {example}.', { example: props.example })
          : t('YYYY-MM-DD')
      }
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', maxLength: 10, autoComplete: 'off' },
      }}
      sx={{ width: { xs: '100%', sm: 170 } }}
    />
  );
}
