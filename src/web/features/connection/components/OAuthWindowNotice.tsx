import Alert from '@mui/material/Alert';
import { t } from '../../../i18n';

/** Where the OAuth flow goes on once its window opened (docs/product.md#connecting-on-the-public-pages). */
export default function OAuthWindowNotice({ softwareName }: { softwareName: string }) {
  return (
    <Alert severity="info">
      {t('A new window opened to sign in to {software}. Finish connecting there.', {
        software: softwareName,
      })}
    </Alert>
  );
}
