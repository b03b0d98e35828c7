import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { getAppConfig } from '../../../app/config';
import { t } from '../../../i18n';

/**
 * docs/product.md#the-billing-help-link: every billing view links to the external contact-support form, in a new tab. Without a
 * form the server vouches for (see the README, SUPPORT_FORM_URL), there is no link rather than a dead end.
 */
export default function NeedHelpLink() {
  const { supportFormUrl } = getAppConfig();
  if (!supportFormUrl) return null;
  return (
    <Box>
      <Link href={supportFormUrl} target="_blank" rel="noopener noreferrer">
        {t('Need help with your billing?')}
      </Link>
    </Box>
  );
}
