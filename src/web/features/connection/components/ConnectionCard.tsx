import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

export interface ConnectionCardProps {
  children: ReactNode;
  /**
   * 'public': the onboarding layout already frames the page in its card, so this adds none (no card in
   * a card). 'dashboard' (default): a card of its own, centred, full width on a phone, at most 560 px.
   */
  variant?: 'public' | 'dashboard';
}

/** The frame of every connection screen. */
export default function ConnectionCard({ children, variant = 'dashboard' }: ConnectionCardProps) {
  if (variant === 'public') return <Box>{children}</Box>;
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
