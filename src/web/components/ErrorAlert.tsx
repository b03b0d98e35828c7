/**
 * The one error alert of the app: the spec's text and, under it, the server's own message when there is
 * one ("Server messages are shown as given", docs/product.md#error-texts); announced to screen readers; nothing without an
 * error.
 */
import Alert from './LazyAlert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ErrorText } from '../api/errors';
import { t, translated } from '../i18n/index';
import { useAutoRetry } from './feedback/use-auto-retry';

export interface ErrorAlertProps {
  error: ErrorText | string | null | undefined;
  /** A close button that calls this (the page forgets the error). */
  onClose?: () => void;
  /** The solid red banner of a form that failed as a whole (Settings). */
  filled?: boolean;
  /**
   * A "Try again" button that calls this (shown in place of the close button): a failed load the user can
   * repeat. It is also called by itself while the alert is shown (use-auto-retry.ts).
   */
  onRetry?: () => void;
}

export default function ErrorAlert({ error, onClose, filled = false, onRetry }: ErrorAlertProps) {
  useAutoRetry(error ? onRetry : undefined);
  if (!error) return null;
  const shown = typeof error === 'string' ? { text: error, detail: undefined } : error;
  // Spec texts and known server messages in the UI's language; other server words as given.
  const text = translated(shown.text);
  const detail = shown.detail ? translated(shown.detail) : shown.detail;
  return (
    <Alert
      severity="error"
      role="alert"
      variant={filled ? 'filled' : 'standard'}
      onClose={onClose}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('Try again')}
          </Button>
        ) : undefined
      }
    >
      {detail ? (
        <>
          {/* AlertTitle's look, without another module on the first load of /login. */}
          <Typography component="div" sx={{ fontWeight: 500, mb: 0.5 }}>
            {text}
          </Typography>
          {detail}
        </>
      ) : (
        text
      )}
    </Alert>
  );
}
