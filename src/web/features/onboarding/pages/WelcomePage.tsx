/** /welcome (docs/product.md#install-welcome-and-finish-steps): the pre-signup pin step, shown by the extension right after it is installed. */
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../components/use-document-title';
import PinExtensionStep from '../components/PinExtensionStep';
import { t } from '../../../i18n';

export { pinStepLoader as loader } from '../components/PinExtensionStep';

export default function WelcomePage() {
  useDocumentTitle('Welcome');

  return (
    <PinExtensionStep title={t('Welcome! Pin the extension first')}>
      <Typography color="text.secondary">
        {t('The extension is installed. Pin it so it is always one click away, then create your account.')}
      </Typography>
    </PinExtensionStep>
  );
}
