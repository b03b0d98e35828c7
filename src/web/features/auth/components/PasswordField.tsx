import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import TextInput from '../../../components/TextInput';
import { lazy, Suspense, useState } from 'react';
import { t } from '../../../i18n';
import PlainIconButton from '../../../components/PlainIconButton';

// Only new passwords have a meter (signup, reset, settings): /login's first load goes without it.
const PasswordStrengthMeter = lazy(
  () => import(/* webpackChunkName: "password-strength" */ './PasswordStrengthMeter'),
);

export interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** 'current-password' to log in, 'new-password' when the password is chosen here. */
  autoComplete: 'current-password' | 'new-password';
  label?: string;
  name?: string;
  /**
   * Shows the live strength meter under the input, with this element id (the input points at it with
   * aria-describedby). Without it the field is the input alone.
   */
  strengthMeterId?: string;
  /**
   * Holds the meter's place while no password is there yet: a page whose password is filled in after
   * hydration (the signup prefill) then does not move when the meter appears.
   */
  reserveMeterSpace?: boolean;
  /** Takes the focus when shown (a dialog whose email is already filled in). */
  autoFocus?: boolean;
}

/** As tall as the meter: the same boxes, empty (PasswordStrengthMeter). */
function MeterSpace() {
  return (
    <Box sx={{ mt: 1 }} aria-hidden>
      <Box sx={{ height: 6 }} />
      <Typography variant="caption">{'\u00a0'}</Typography>
    </Box>
  );
}

/**
 * A required password input of the auth forms, with a show/hide toggle (a new password is easier to get
 * right when it can be read) and the strength meter when the password is new.
 */
export default function PasswordField({
  value,
  onChange,
  autoComplete,
  label,
  name = 'password',
  strengthMeterId,
  reserveMeterSpace = false,
  autoFocus = false,
}: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const field = (
    <TextInput
      label={label ?? t('Password')}
      name={name}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      required
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: strengthMeterId === undefined ? undefined : { 'aria-describedby': strengthMeterId },
        input: {
          endAdornment: (
            // Placed as MUI's <InputAdornment position="end"> places it, without that component.
            <Box
              sx={{ display: 'flex', alignItems: 'center', maxHeight: '2em', ml: 1, color: 'action.active' }}
            >
              <PlainIconButton
                aria-label={shown ? t('Hide password') : t('Show password')}
                aria-pressed={shown}
                onClick={() => setShown((current) => !current)}
                edge="end"
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </PlainIconButton>
            </Box>
          ),
        },
      }}
    />
  );
  if (strengthMeterId === undefined) return field;
  const space = reserveMeterSpace ? <MeterSpace /> : null;
  return (
    <div>
      {field}
      <Suspense fallback={space}>
        {value ? <PasswordStrengthMeter password={value} id={strengthMeterId} /> : space}
      </Suspense>
    </div>
  );
}
