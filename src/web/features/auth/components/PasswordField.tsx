import TextField from '@mui/material/TextField';
import PasswordStrengthMeter from './PasswordStrengthMeter';

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
}

/** A required password input of the auth forms, with the strength meter when the password is new. */
export default function PasswordField({
  value,
  onChange,
  autoComplete,
  label = 'Password',
  name = 'password',
  strengthMeterId,
}: PasswordFieldProps) {
  const field = (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      required
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={
        strengthMeterId === undefined ? undefined : { htmlInput: { 'aria-describedby': strengthMeterId } }
      }
    />
  );
  if (strengthMeterId === undefined) return field;
  return (
    <div>
      {field}
      <PasswordStrengthMeter password={value} id={strengthMeterId} />
    </div>
  );
}
