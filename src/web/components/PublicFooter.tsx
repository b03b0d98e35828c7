/**
 * The footer of the public pages: terms, privacy and support. Support is the runtime configuration's
 * contact-support form (the page passes it), as on the billing pages; without one, it is left out.
 */
import TextLink from './TextLink';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { t } from '../i18n';
import { publicPaths } from '../lib/paths';

export interface PublicFooterProps {
  /** An absolute http(s) URL (app/config.ts checks it), or undefined when there is none. */
  supportFormUrl: string | undefined;
}

export default function PublicFooter({ supportFormUrl }: PublicFooterProps) {
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
      <TextLink to={publicPaths.terms} variant="body2" color="inherit">
        {t('Terms')}
      </TextLink>
      <TextLink to={publicPaths.privacy} variant="body2" color="inherit">
        {t('Privacy')}
      </TextLink>
      {supportFormUrl ? (
        <TextLink
          href={supportFormUrl}
          variant="body2"
          color="inherit"
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('Support')}
        </TextLink>
      ) : null}
    </Stack>
  );
}
