import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { t } from '../../../i18n';
import { CreditAlertsForm } from './CreditAlertsForm';

/**
 * docs/product.md#credit-alerts: a short line and a button that opens the form. The form asks the server
 * for the settings only once opened: admins change them rarely, and the page stays as quick to load.
 */
export function CreditAlertsSection({ onDone }: { onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  return (
    <Stack spacing={1.5} alignItems="flex-start">
      <Typography color="text.secondary">
        {t('Choose which credit events admins are mailed about, and the monthly cap new members start with.')}
      </Typography>
      <Button
        variant="outlined"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? t('Hide credit alerts') : t('Set credit alerts')}
      </Button>
      {open && (
        <Stack id={formId} sx={{ width: '100%' }}>
          <CreditAlertsForm onDone={onDone} />
        </Stack>
      )}
    </Stack>
  );
}
