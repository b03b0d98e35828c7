import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { translated } from '../../../i18n';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** Label/value pairs as a description list: two columns on wide screens, stacked on a phone. */
export default function DetailList({ details }: { details: Detail[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.5, sm: 1.5 },
        m: 0,
      }}
    >
      {details.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {translated(label)}
          </Typography>
          {/* A long value without spaces (an invoice number) wraps rather than widening a phone's page. */}
          <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere', minWidth: 0 }}>
            {typeof value === 'string' ? translated(value) : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
