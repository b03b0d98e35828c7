/**
 * Shows the head of the notice queue (notices.ts) bottom-centre, where a phone user sees it whatever they
 * scrolled to. The status region is always in the page, so screen readers announce each notice politely
 * as it arrives. Successes leave by themselves after a while; errors stay until closed.
 */
import Alert from '../components/LazyAlert';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from './hooks';
import { dismissed, selectCurrentNotice } from '../components/feedback/notices';
import { translated } from '../i18n/index';

/** Long enough to read two lines twice. */
const NOTICE_VISIBLE_MS = 6_000;

export default function NoticeHost() {
  const notice = useAppSelector(selectCurrentNotice);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!notice || notice.severity === 'error') return;
    const timer = setTimeout(() => dispatch(dismissed(notice.id)), NOTICE_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [notice, dispatch]);

  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      style={{
        position: 'fixed',
        left: 16,
        right: 16,
        bottom: 16,
        zIndex: 1400,
        display: 'flex',
        justifyContent: 'center',
        pointerEvents: 'none',
      }}
    >
      {notice && (
        <Alert
          key={notice.id}
          // An error is announced at once (alert); a success waits its turn (the polite region).
          role={notice.severity === 'error' ? 'alert' : 'none'}
          variant="filled"
          severity={notice.severity}
          onClose={() => dispatch(dismissed(notice.id))}
          sx={{ pointerEvents: 'auto', maxWidth: 560, width: '100%', boxShadow: 6 }}
        >
          {translated(notice.text)}
          {notice.detail && <div>{translated(notice.detail)}</div>}
        </Alert>
      )}
    </div>
  );
}
