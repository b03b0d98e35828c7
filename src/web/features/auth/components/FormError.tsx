import Alert from '@mui/material/Alert';

/** The error of a form, announced to screen readers; nothing when there is none. */
export default function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  );
}
