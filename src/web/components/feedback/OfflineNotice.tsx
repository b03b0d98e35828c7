/**
 * docs/product.md#accessibility: says when the browser has lost the network, and goes away when it is back (queries then
 * refetch by themselves, base-api.ts). Announced politely; sits at the bottom so it covers no heading.
 */
import Alert from '../LazyAlert';
import { useSyncExternalStore } from 'react';
import { t } from '../../i18n/index';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine !== false;

export const OFFLINE_NOTICE = 'You are offline. Changes cannot be saved until your connection is back.';

export default function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  return (
    <div aria-live="polite">
      {online ? null : (
        <Alert
          severity="warning"
          variant="filled"
          sx={{
            position: 'fixed',
            left: 16,
            right: 16,
            bottom: 16,
            zIndex: 'snackbar',
            mx: 'auto',
            maxWidth: 560,
          }}
        >
          {t(OFFLINE_NOTICE)}
        </Alert>
      )}
    </div>
  );
}
