import Stack from '@mui/material/Stack';
import { useChooseSoftware, useChosenSoftware, CrmPicker } from '../../../entities/crm';
import SoftwareNotFound from './SoftwareNotFound';
import { t } from '../../../i18n';

/**
 * What a connection screen shows when no CRM record is available: the spec's 'Software not found' text
 * (docs/product.md#connection-texts), and a way out of it: pick the CRM here, and the screen continues with it.
 */
export default function ChooseSoftware({ notFoundText }: { notFoundText: string }) {
  const { slug } = useChosenSoftware();
  const choose = useChooseSoftware();
  return (
    <Stack spacing={2}>
      <SoftwareNotFound text={notFoundText} />
      <CrmPicker value={slug} onChoose={choose} label={t('Choose your CRM')} />
    </Stack>
  );
}
