import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import { translated } from '../../../i18n';

export interface SoftwareNotFoundProps {
  /** 'Software not found' or 'Software not found.' (docs/product.md#connection-texts; which page uses which is decided there). */
  text: string;
  backHref?: string;
  backLabel?: string;
}

/** Shown instead of a connection screen when no CRM record is available. */
export default function SoftwareNotFound({ text, backHref, backLabel = 'Back' }: SoftwareNotFoundProps) {
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Alert severity="warning" sx={{ width: '100%' }}>
        {translated(text)}
      </Alert>
      {backHref ? (
        <Button component={RouterLink} to={backHref} variant="outlined">
          {translated(backLabel)}
        </Button>
      ) : null}
    </Stack>
  );
}
