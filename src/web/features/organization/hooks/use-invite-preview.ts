import { useCallback, useEffect, useState } from 'react';
import { usePreviewInviteUsersMutation } from '../../../api/endpoints/organization';
import { withDetail, type ErrorText } from '../../../api/errors';
import type { components } from '../../../../contract/api';
import { BULK_PREVIEW_FAILED } from '../lib/errors';
import { useDebouncedValue } from './use-debounced-value';

export type PreviewVerdict = components['schemas']['BulkInvitationPreview']['rows'][number];
export interface PreviewRequestRow {
  line: number;
  email: string;
  role: string;
}

/** How long the list must stay unchanged before the server is asked: once per pause in typing. */
const PREVIEW_DEBOUNCE_MS = 400;

interface Answer {
  /** The rows it answers, as JSON: an answer for a list since edited is never shown. */
  key: string;
  verdicts?: PreviewVerdict[];
  error?: ErrorText;
}

export interface InvitePreview {
  /** The server's verdict on each row, in the order given; absent until it answers for these rows. */
  verdicts?: PreviewVerdict[];
  checking: boolean;
  error?: ErrorText;
  retry: () => void;
}

/**
 * docs/product.md#bulk-invitations: the server's verdict on the rows about to be sent (preview-invite-users), which knows every
 * member and pending invitation, not only the page the Organization screen loaded.
 */
export function useInvitePreview(rows: readonly PreviewRequestRow[]): InvitePreview {
  const key = JSON.stringify(rows);
  const settled = useDebouncedValue(key, PREVIEW_DEBOUNCE_MS);
  const [preview] = usePreviewInviteUsersMutation();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const settledRows = JSON.parse(settled) as PreviewRequestRow[];
    if (settledRows.length === 0) return;
    let current = true;
    void preview({ rows: settledRows })
      .unwrap()
      .then(
        (res) => {
          if (current) setAnswer({ key: settled, verdicts: res.data.rows });
        },
        (failure: unknown) => {
          if (current) setAnswer({ key: settled, error: withDetail(BULK_PREVIEW_FAILED, failure) });
        },
      );
    return () => {
      current = false;
    };
  }, [settled, attempt, preview]);

  const retry = useCallback(() => {
    setAnswer(null);
    setAttempt((n) => n + 1);
  }, []);
  const mine = answer?.key === key ? answer : null;
  return {
    ...(mine?.verdicts ? { verdicts: mine.verdicts } : {}),
    ...(mine?.error ? { error: mine.error } : {}),
    checking: rows.length > 0 && mine === null,
    retry,
  };
}
