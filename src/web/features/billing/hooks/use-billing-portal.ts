import { useState } from 'react';
import type { ErrorText } from '../../../api/errors';
import { fetchBillingPortalUrl, selectErrorMessage, selectPortalLoading } from '../../../entities/session';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { openInNewTab, safeRedirectUrl } from '../../../lib/safe-redirect';

/** docs/product.md#billing-portal-texts: what the billing page shows when the portal cannot be opened. */
const PORTAL_FAILED = 'Failed to load billing portal';

export interface BillingPortal {
  open: () => Promise<void>;
  loading: boolean;
  /** The failure to show, null when the last attempt worked. */
  error: ErrorText | null;
  /** The portal URL when the browser blocked the new tab: the page offers it as a link. */
  blockedUrl: string | null;
}

/**
 * The billing portal through the shared-state thunk (loading flag and URL in `state.app`, docs/product.md#checkout-and-the-billing-portal):
 * the URL opens in a new tab, and only when it is same-origin or allow-listed (DESIGN.md).
 */
export function useBillingPortal(): BillingPortal {
  const dispatch = useAppDispatch();
  const loading = useAppSelector(selectPortalLoading);
  const storedMessage = useAppSelector(selectErrorMessage);
  const [failed, setFailed] = useState(false);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);

  async function open() {
    setFailed(false);
    setBlockedUrl(null);
    const url = await dispatch(fetchBillingPortalUrl()).unwrap();
    const target = url ? safeRedirectUrl(url, window.location.origin) : null;
    if (!target) {
      setFailed(true);
      return;
    }
    if (!openInNewTab(target)) setBlockedUrl(target);
  }

  const detail = storedMessage && storedMessage !== PORTAL_FAILED ? storedMessage : null;
  return { open, loading, error: failed ? { text: PORTAL_FAILED, detail } : null, blockedUrl };
}
