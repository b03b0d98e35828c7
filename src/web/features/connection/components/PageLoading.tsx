import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The loading state of a connection screen. */
export default function PageLoading({ text = 'Loading...' }: { text?: string }) {
  return (
    <Stack spacing={2} alignItems="center" role="status" aria-busy sx={{ py: 2 }}>
      <CircularProgress aria-label={text} />
      <Typography color="text.secondary">{text}</Typography>
    </Stack>
  );
}
