import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/** The frame of every connection screen: centred, full width on a phone, at most 560 px elsewhere. */
export default function ConnectionCard({ children }: { children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      sx={{
        width: '100%',
        maxWidth: 560,
        mx: 'auto',
        p: { xs: 2, sm: 4 },
        borderRadius: 2,
        boxSizing: 'border-box',
      }}
    >
      {children}
    </Paper>
  );
}
