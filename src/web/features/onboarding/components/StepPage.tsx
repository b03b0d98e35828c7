/** The common frame of an onboarding step page: a heading, its text, and its actions. */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { translated } from '../../../i18n';

export default function StepPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={2.5}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {translated(title)}
      </Typography>
      {children}
    </Stack>
  );
}
