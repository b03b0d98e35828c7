/**
 * MUI's Alert, loaded when an alert is first shown: no first paint shows one (errors, notices and the
 * offline note come later; the reauth note only on a fallback page), so Alert, its status icons and its
 * close button leave the first load of every page (docs/performance.md#size-budgets). The code is fetched
 * once the browser is idle, so it is there before it is needed; until it has arrived (or, offline before
 * it ever did, for good) the alert shows as plain markup with the same role, text, action and close
 * button, so nothing a reader needs waits on it.
 */
import type { AlertProps } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense } from 'react';

const load = () =>
  import(/* webpackChunkName: "alert" */ '@mui/material/Alert').catch(() => ({ default: PlainAlert }));

const Alert = lazy(load);

if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
  window.requestIdleCallback(() => void load());
}

/** The alert's content and controls without MUI's Alert: a tinted box, or a filled one. */
function PlainAlert({
  role = 'alert',
  severity = 'success',
  variant,
  children,
  action,
  onClose,
  sx,
}: AlertProps) {
  const theme = useTheme();
  // MUI's own word for the close button, in the UI's language (the theme carries MUI's locale).
  const closeText =
    (theme.components?.MuiAlert?.defaultProps as { closeText?: string } | undefined)?.closeText ?? 'Close';
  const colour = severity ?? 'success';
  const filled = variant === 'filled';
  return (
    <Box
      role={role}
      sx={[
        {
          display: 'flex',
          alignItems: 'flex-start',
          gap: 1,
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: filled ? `${colour}.main` : 'background.paper',
          color: filled ? `${colour}.contrastText` : `${colour}.dark`,
          border: filled ? undefined : 1,
          borderColor: `${colour}.main`,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box sx={{ flex: 1, py: 0.5 }}>{children}</Box>
      {action ??
        (onClose ? (
          <button type="button" aria-label={closeText} title={closeText} onClick={onClose}>
            ×
          </button>
        ) : null)}
    </Box>
  );
}

export default function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={<PlainAlert {...props} />}>
      <Alert {...props} />
    </Suspense>
  );
}
