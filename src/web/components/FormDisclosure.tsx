import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';

/**
 * A setting admins change rarely: a short line and a button that opens its form. The form mounts (and asks
 * the server for what is saved) only once opened, so the page it sits on asks nothing more on its own
 * (docs/product.md#credit-alerts, docs/product.md#session-and-network-policies,
 * docs/product.md#audit-log-streaming).
 */
export function FormDisclosure({
  intro,
  openLabel,
  closeLabel,
  children,
}: {
  intro: string;
  openLabel: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  return (
    <Stack spacing={1.5} alignItems="flex-start">
      <Typography color="text.secondary">{intro}</Typography>
      <Button
        variant="outlined"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? closeLabel : openLabel}
      </Button>
      {open && (
        <Stack id={formId} sx={{ width: '100%' }}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}
