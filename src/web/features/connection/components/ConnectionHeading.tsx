import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The h1 of a connection screen, with the weight of every other page's (onboarding StepPage). */
export default function ConnectionHeading({ children }: { children: ReactNode }) {
  return (
    <Typography component="h1" variant="h5" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}
