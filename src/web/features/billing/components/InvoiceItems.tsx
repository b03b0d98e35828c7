import Box from '@mui/material/Box';
import type { components } from '../../../../contract/api';
import { formatNumber } from '../../../i18n/format';
import { translated } from '../../../i18n';

type InvoiceItem = components['schemas']['Invoice']['items'][number];

/**
 * What an invoice bought, one line per item: the server writes its own descriptions in English
 * ("Pro plan (monthly)"), which translated() reads in the user's language; a provider's text stays as sent.
 */
export default function InvoiceItems({ items }: { items: readonly InvoiceItem[] }) {
  return (
    <>
      {items.map((item, index) => (
        <Box component="span" key={index} sx={{ display: 'block' }}>
          {item.quantity > 1
            ? `${translated(item.description)} × ${formatNumber(item.quantity)}`
            : translated(item.description)}
        </Box>
      ))}
    </>
  );
}
