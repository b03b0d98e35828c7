import Typography from '@mui/material/Typography';
import { t } from '../../../i18n';

/**
 * Whether a member signs in with two factors, for the members table when the organization requires it
 * (docs/product.md#members): those who lack it stand out in words, not by colour alone.
 */
export function TwoFactorStatus({ enabled }: { enabled: boolean | undefined }) {
  return enabled ? (
    <Typography component="span" variant="body2">
      {t('On')}
    </Typography>
  ) : (
    <Typography component="span" variant="body2" color="warning.dark" fontWeight={500}>
      {t('Not set up')}
    </Typography>
  );
}
