import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  useCreateInviteLinkMutation,
  useRevokeInviteLinkMutation,
} from '../../../api/endpoints/organization';
import type { Schemas } from '../../../api/contract-types';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { msg, t, translated } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { ConfirmDialog } from './ConfirmDialog';

const LINK_CREATE_FAILED = msg('Failed to create the invitation link');
const LINK_REVOKE_FAILED = msg('Failed to revoke the invitation link');
const LINK_COPIED = msg('Link copied to the clipboard.');
const LINK_COPY_FAILED = msg('Could not copy: select the link and copy it yourself.');

export interface InviteLinkSectionProps {
  /** The verified domain: only addresses at it can join through the link. */
  domain: string;
  /** The working link, without its URL (only a hash is stored). */
  link: Schemas['InviteLink'] | null;
  onDone: (message: string) => void;
  /** The link was created or revoked: the company domain state changed. */
  onChanged: () => void;
}

/**
 * docs/product.md#invitation-links, Organization page (admins, verified domain): the invitation link to copy and share. Its URL is
 * shown only right after it is created, because the server keeps only a hash of it; a new link replaces the
 * old one, and revoking asks first.
 */
export function InviteLinkSection({ domain, link, onDone, onChanged }: InviteLinkSectionProps) {
  const [created, setCreated] = useState<{ url: string; expires_at: number } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<ErrorText | null>(null);
  const [create, creating] = useCreateInviteLinkMutation();
  const [revoke, revoking] = useRevokeInviteLinkMutation();
  // The URL just made, while it is still the working link.
  const fresh = created && link && created.expires_at === link.expires_at ? created : null;

  const onCreate = async () => {
    setError(null);
    try {
      const answer = await create().unwrap();
      setCreated({ url: answer.data.url, expires_at: answer.data.expires_at });
      onDone(translated(answer.message));
    } catch (failure) {
      setError(withDetail(LINK_CREATE_FAILED, failure));
    } finally {
      onChanged();
    }
  };

  const onRevoke = async () => {
    setError(null);
    try {
      const answer = await revoke().unwrap();
      setCreated(null);
      onDone(translated(answer.message));
    } catch (failure) {
      setError(withDetail(LINK_REVOKE_FAILED, failure));
    } finally {
      setConfirming(false);
      onChanged();
    }
  };

  return (
    <Stack component="section" spacing={1.5} aria-label={t('Invitation link')}>
      <Typography variant="subtitle1" component="h4">
        {t('Invitation link')}
      </Typography>
      <Typography color="text.secondary">
        {t('Anyone signed in with an address at {domain} can join as a Free member through this link.', {
          domain,
        })}
      </Typography>
      {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
      {fresh && <FreshLink key={fresh.url} url={fresh.url} />}
      <LinkStatus link={link} fresh={fresh !== null} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button variant="outlined" disabled={creating.isLoading} onClick={() => void onCreate()}>
          {creating.isLoading
            ? t('Creating...')
            : link
              ? t('Create a new link')
              : t('Create invitation link')}
        </Button>
        {link && (
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            {t('Revoke link')}
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('Revoke the invitation link?')}
        confirmLabel={t('Revoke')}
        busyLabel={t('Revoking...')}
        busy={revoking.isLoading}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onRevoke()}
      >
        {t('People who have the link will no longer be able to join with it.')}
      </ConfirmDialog>
    </Stack>
  );
}

/** The URL just created, to copy (the server keeps only its hash: it is shown this once). */
function FreshLink({ url }: { url: string }) {
  const [copyState, setCopyState] = useState<'copied' | 'failed' | null>(null);
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          label={t('Invitation link')}
          value={url}
          size="small"
          slotProps={{ htmlInput: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
          sx={{ flex: '1 1 320px' }}
        />
        <Button variant="contained" onClick={() => void onCopy()}>
          {t('Copy link')}
        </Button>
      </Box>
      {copyState && (
        <Typography role="status" color={copyState === 'copied' ? 'success.main' : 'error'}>
          {t(copyState === 'copied' ? LINK_COPIED : LINK_COPY_FAILED)}
        </Typography>
      )}
    </>
  );
}

/** Until when the working link works, or that there is none. */
function LinkStatus({ link, fresh }: { link: Schemas['InviteLink'] | null; fresh: boolean }) {
  if (!link) return <Typography color="text.secondary">{t('No invitation link is active.')}</Typography>;
  return (
    <>
      <Typography>{t('The link works until {date}.', { date: formatDateTime(link.expires_at) })}</Typography>
      {!fresh && (
        <Typography color="text.secondary">
          {t(
            'The link is shown only when it is created. Create a new one to copy it again: the current one stops working.',
          )}
        </Typography>
      )}
    </>
  );
}
