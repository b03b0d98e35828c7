import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { ErrorText } from '../lib/errors';

/** A red alert with the spec's text and, under it, the server's own message when there is one. */
export function ErrorAlert({ error, onClose }: { error: ErrorText; onClose?: () => void }) {
  return (
    <Alert severity="error" onClose={onClose}>
      {error.detail ? (
        <>
          <AlertTitle>{error.text}</AlertTitle>
          {error.detail}
        </>
      ) : (
        error.text
      )}
    </Alert>
  );
}
