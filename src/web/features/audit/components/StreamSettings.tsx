import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import {
  useRemoveAuditStreamMutation,
  useRotateAuditStreamSecretMutation,
  useSetAuditStreamMutation,
  useTestAuditStreamMutation,
} from '../../../api/endpoints/security';
import type { Schemas } from '../../../api/contract-types';
import { withDetail, type ErrorText } from '../../../api/errors';
import { CopyField } from '../../../components/CopyField';
import ErrorAlert from '../../../components/ErrorAlert';
import TextInput from '../../../components/TextInput';
import { notify } from '../../../components/feedback/notices';
import { serverText, t } from '../../../i18n';
import { STREAM_CHANGE_FAILED, STREAM_SAVE_FAILED, TEST_EVENT_FAILED } from '../lib/errors';
import { StreamStatus } from './StreamStatus';

type AuditStream = Schemas['AuditStream'];

/**
 * docs/product.md#audit-log-streaming: the endpoint's address (saved, or a first one to start with), the
 * signing secret right after it was made (shown once), how deliveries go, and the test, rotate and stop
 * actions.
 */
export function StreamSettings({ stream }: { stream: AuditStream | null }) {
  const dispatch = useAppDispatch();
  const [fresh, setFresh] = useState<string | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);

  /** Runs a call: its message as a notice, a new secret shown, a failure under its own text. */
  const run = async (
    failed: string,
    call: () => Promise<{ message: string; data?: { secret: string | null } }>,
  ) => {
    setError(null);
    try {
      const answer = await call();
      if (answer.data?.secret) setFresh(answer.data.secret);
      dispatch(notify(serverText(answer)));
    } catch (failure) {
      setError(withDetail(failed, failure));
    }
  };

  return (
    <Stack spacing={2}>
      {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
      {fresh && (
        <Stack spacing={1}>
          <CopyField label={t('Signing secret')} value={fresh} />
          <Typography color="warning.main">
            {t('Copy it now and give it to your SIEM: it is shown only once.')}
          </Typography>
        </Stack>
      )}
      <EndpointForm saved={stream?.url ?? null} onSave={(call) => run(STREAM_SAVE_FAILED, call)} />
      {stream && (
        <>
          <StreamStatus stream={stream} />
          <StreamActions
            onRun={(failed, call) => run(failed, call)}
            onStopped={() => setFresh(null)}
            onTested={(delivered, said) => dispatch(notify(said, delivered ? 'success' : 'error'))}
            onTestFailed={(failure) => setError(withDetail(TEST_EVENT_FAILED, failure))}
          />
        </>
      )}
    </Stack>
  );
}

type SaveCall = () => Promise<{ message: string; data?: { secret: string | null } }>;

function EndpointForm({
  saved,
  onSave,
}: {
  saved: string | null;
  onSave: (call: SaveCall) => Promise<void>;
}) {
  const [url, setUrl] = useState(saved ?? '');
  const [save, saving] = useSetAuditStreamMutation();
  const unchanged = url.trim() === '' || url.trim() === saved;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!unchanged) void onSave(() => save({ url: url.trim() }).unwrap());
  };
  return (
    <Box
      component="form"
      aria-label={t('SIEM endpoint')}
      onSubmit={onSubmit}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
    >
      <TextInput
        id="audit-stream-url"
        label={t('Endpoint URL')}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        helperText={t("The https:// address of your SIEM's HTTP collector.")}
        slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
        sx={{ flex: '1 1 320px', minWidth: 0 }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={unchanged || saving.isLoading}
        sx={{ minHeight: 56 }}
      >
        {saved === null
          ? saving.isLoading
            ? t('Starting...')
            : t('Start streaming')
          : saving.isLoading
            ? t('Saving...')
            : t('Save address')}
      </Button>
    </Box>
  );
}

function StreamActions({
  onRun,
  onStopped,
  onTested,
  onTestFailed,
}: {
  onRun: (failed: string, call: SaveCall) => Promise<void>;
  onStopped: () => void;
  onTested: (delivered: boolean, said: string) => void;
  onTestFailed: (failure: unknown) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [test, testing] = useTestAuditStreamMutation();
  const [rotate, rotating] = useRotateAuditStreamSecretMutation();
  const [remove, removing] = useRemoveAuditStreamMutation();

  const sendTest = async () => {
    try {
      const answer = await test().unwrap();
      onTested(answer.data.delivered, serverText(answer));
    } catch (failure) {
      onTestFailed(failure);
    }
  };

  if (confirming) {
    return (
      <Stack spacing={1} alignItems="flex-start" role="group" aria-label={t('Stop streaming')}>
        <Typography>
          {t('Stop streaming? Entries not sent yet are dropped; the log itself is kept.')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            variant="contained"
            color="error"
            disabled={removing.isLoading}
            onClick={() =>
              void onRun(STREAM_CHANGE_FAILED, () => remove().unwrap()).then(() => {
                setConfirming(false);
                onStopped();
              })
            }
          >
            {removing.isLoading ? t('Removing...') : t('Stop streaming')}
          </Button>
          <Button variant="outlined" onClick={() => setConfirming(false)}>
            {t('Cancel')}
          </Button>
        </Box>
      </Stack>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button variant="outlined" disabled={testing.isLoading} onClick={() => void sendTest()}>
        {testing.isLoading ? t('Sending...') : t('Send a test event')}
      </Button>
      <Button
        variant="outlined"
        disabled={rotating.isLoading}
        onClick={() => void onRun(STREAM_CHANGE_FAILED, () => rotate().unwrap())}
      >
        {t('Rotate secret')}
      </Button>
      <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
        {t('Stop streaming')}
      </Button>
    </Box>
  );
}
