/** /installed (docs/product.md#install-welcome-and-finish-steps): the extension is installed; mark it, and ask the user to pin it. */
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../components/use-document-title';
import PinExtensionStep from '../components/PinExtensionStep';
import { t } from '../../../i18n';

export { pinStepLoader as loader } from '../components/PinExtensionStep';

export default function InstalledPage() {
  useDocumentTitle('Pin the extension');

  return (
    <PinExtensionStep title={t('The extension is installed. Pin it!')}>
      <Typography color="text.secondary">{t('Pin the extension so it is always one click away:')}</Typography>
    </PinExtensionStep>
  );
}
