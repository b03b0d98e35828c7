import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import ConnectionHeading from './ConnectionHeading';
import { t } from '../../../i18n';

export interface ConnectionConfirmProps {
  /** The CRM's name, or null when no CRM is chosen. */
  softwareName: string | null;
  onConnect: () => void;
  /** Where Cancel leads (nothing is verified or stored). */
  cancelHref: string;
}

/**
 * Asked when a link brings credentials to /connected that this tab did not write: they may be someone
 * else's CRM account, which verifying would connect to the signed-in user's.
 */
export default function ConnectionConfirm({ softwareName, onConnect, cancelHref }: ConnectionConfirmProps) {
  const name = softwareName ?? 'CRM';
  return (
    <Stack spacing={2} alignItems="center" textAlign="center">
      <ConnectionHeading>{t('Connect this {name} account to CRM Sync?', { name })}</ConnectionHeading>
      <Typography color="text.secondary">
        {t(
          'This link carries the sign-in details of a {name} account. Connect only if you started this connection yourself: CRM Sync will save your contacts to that account.',
          { name },
        )}
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={onConnect}>
          {t('Connect')}
        </Button>
        <Button component={RouterLink} to={cancelHref} variant="outlined">
          {t('Cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
