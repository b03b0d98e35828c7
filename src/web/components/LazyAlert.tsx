/**
 * MUI's Alert, loaded when an alert is first shown: no first paint shows one (errors, notices and the
 * offline note come later; the reauth note only on a fallback page), so Alert, its status icons and its
 * close button leave the first load of every page (docs/performance.md#size-budgets). The code is fetched
 * once the browser is idle (or when an alert first shows), so it is there before it is needed. An alert
 * shown before it has arrived is plain markup with the same role, text, action and close button, and stays
 * so while it is shown: swapping it for MUI's would take the keyboard focus off its "Try again" and make a
 * screen reader announce it twice. Alerts shown later are MUI's (offline before the code ever came: plain).
 */
import type { AlertProps } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useEffect, useState, type ComponentType } from 'react';
import { HYDRATING_ATTRIBUTE } from '../../shared/early-input';

let loaded: ComponentType<AlertProps> | undefined;
let loading: Promise<unknown> | undefined;
const load = () =>
  (loading ??= import(/* webpackChunkName: "alert" */ '@mui/material/Alert').then(
    (module) => {
      loaded = module.default;
    },
    () => {
      // Offline: alerts stay plain; a later alert tries again.
      loading = undefined;
    },
  ));

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

/**
 * A prerendered page is hydrating (its #root carries the capture's mark, or `inert` when the capture did
 * not run, until then: src/shared/early-input.ts): its alerts were drawn plain.
 */
const hydrating = () => {
  const root = typeof document !== 'undefined' ? document.getElementById('root') : null;
  return root !== null && (root.hasAttribute(HYDRATING_ATTRIBUTE) || root.hasAttribute('inert'));
};

export default function LazyAlert(props: AlertProps) {
  // Chosen once, when the alert is first shown (see above); as the prerender drew it while hydrating.
  const [Shown] = useState(() => (hydrating() ? undefined : loaded) ?? PlainAlert);
  useEffect(() => {
    void load();
  }, []);
  return <Shown {...props} />;
}
