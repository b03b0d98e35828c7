/**
 * Live password-strength meter (docs/product.md#password-strength levels Too weak, Weak, Medium, Strong), computed with the rule
 * the server applies too (src/shared/password-strength.ts).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { passwordStrength, type PasswordStrength } from '../../../../shared/password-strength';
import { t, translated } from '../../../i18n';
import LazyLinearProgress from './LazyLinearProgress';

const LEVELS: Record<PasswordStrength, { value: number; color: 'error' | 'warning' | 'info' | 'success' }> = {
  'Too weak': { value: 10, color: 'error' },
  Weak: { value: 40, color: 'warning' },
  Medium: { value: 70, color: 'info' },
  Strong: { value: 100, color: 'success' },
};

export interface PasswordStrengthMeterProps {
  password: string;
  /** id of the element, so the password input can point at it with aria-describedby. */
  id?: string;
}

export default function PasswordStrengthMeter({ password, id }: PasswordStrengthMeterProps) {
  if (!password) return null;
  const strength = passwordStrength(password);
  const { value, color } = LEVELS[strength];
  return (
    <Box id={id} sx={{ mt: 1 }}>
      <LazyLinearProgress
        height={6}
        variant="determinate"
        value={value}
        color={color}
        aria-label={t('Password strength')}
        aria-valuetext={strength}
        sx={{ borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary" aria-live="polite">
        {t('Password strength: {strength}', { strength: translated(strength) })}
      </Typography>
    </Box>
  );
}
