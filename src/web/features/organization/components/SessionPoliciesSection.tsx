import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { t } from '../../../i18n';
import { SessionPoliciesForm } from './SessionPoliciesForm';

/**
 * docs/product.md#session-and-network-policies: a short line and a button that opens the form, which asks
 * the server for the policies only once opened (admins change them rarely).
 */
export function SessionPoliciesSection({ onDone }: { onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  return (
    <Stack spacing={1.5} alignItems="flex-start">
      <Typography color="text.secondary">
        {t('Sign members out after a time, and choose the networks they may use the product from.')}
      </Typography>
      <Button
        variant="outlined"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? t('Hide session policies') : t('Set session policies')}
      </Button>
      {open && (
        <Stack id={formId} sx={{ width: '100%' }}>
          <SessionPoliciesForm onDone={onDone} />
        </Stack>
      )}
    </Stack>
  );
}
