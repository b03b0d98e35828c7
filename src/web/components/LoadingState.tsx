/** A small, accessible loading indicator for a page or a section while a call is in flight. */
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export default function LoadingState({ text = 'Loading...' }: { text?: string }) {
  return (
    <Stack role="status" aria-live="polite" spacing={1.5} alignItems="center" sx={{ py: 3 }}>
      <CircularProgress size={32} aria-hidden="true" />
      <Typography color="text.secondary">{text}</Typography>
    </Stack>
  );
}
