/**
 * The footer of the public pages: terms, privacy and support. The support address comes from the
 * runtime configuration (the page passes it), as the billing pages' contact-support link does.
 */
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

export interface PublicFooterProps {
  supportUrl: string;
}

export default function PublicFooter({ supportUrl }: PublicFooterProps) {
  const external = /^https?:/i.test(supportUrl);
  return (
    <Stack
      component="footer"
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ justifyContent: 'center', flexWrap: 'wrap', py: 2, color: 'text.secondary' }}
    >
      <Typography variant="body2" component="span">
        © CRM Sync
      </Typography>
      <Link component={RouterLink} to="/terms" variant="body2" color="inherit">
        Terms
      </Link>
      <Link component={RouterLink} to="/privacy" variant="body2" color="inherit">
        Privacy
      </Link>
      <Link
        href={supportUrl}
        variant="body2"
        color="inherit"
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        Support
      </Link>
    </Stack>
  );
}
