import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useGetCreditUsageQuery, useSetMemberCapsMutation } from '../../../api/endpoints/credits';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { CapField, CapUsage } from '../../../entities/credits';
import { parseCapInput } from '../../../../shared/credits';
import { CAP_SAVE_FAILED, CAP_USAGE_FAILED } from '../lib/errors';
import { t, translated } from '../../../i18n';

export interface MemberCapFormProps {
  memberId: string;
  memberName: string;
}

/** Member edit page (docs/product.md#monthly-caps): the member's usage this period against their monthly cap, and the cap. */
export function MemberCapForm({ memberId, memberName }: MemberCapFormProps) {
  const usage = useGetCreditUsageQuery({ user_id: memberId });
  return (
    <Paper variant="outlined" component="section" aria-label={t('Monthly credit cap')} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {t('Monthly credit cap')}
        </Typography>
        {usage.isLoading ? (
          <LoadingState />
        ) : usage.isError || !usage.data ? (
          <ErrorAlert
            error={withDetail(CAP_USAGE_FAILED, usage.error)}
            onRetry={() => void usage.refetch()}
          />
        ) : (
          <CapEditor
            // Not keyed on the cap: the refetch after a save must not wipe the saved message.
            key={memberId}
            memberId={memberId}
            memberName={memberName}
            usage={usage.data.data}
          />
        )}
      </Stack>
    </Paper>
  );
}

interface CapEditorProps extends MemberCapFormProps {
  usage: { monthly_cap: number | null; period_spent: number; period_end: number; credits: number };
}

function CapEditor({ memberId, memberName, usage }: CapEditorProps) {
  const [value, setValue] = useState(usage.monthly_cap === null ? '' : String(usage.monthly_cap));
  const [setMemberCaps, save] = useSetMemberCapsMutation();
  const [error, setError] = useState<ErrorText | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const cap = parseCapInput(value);
  // While saving the button is disabled, which drops keyboard focus to <body>: the outcome takes it.
  const savedNotice = useRef<HTMLDivElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (saved) savedNotice.current?.focus();
  }, [saved]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (cap === undefined) return;
    setError(null);
    setSaved(null);
    try {
      const answer = await setMemberCaps({ user_ids: [memberId], monthly_cap: cap }).unwrap();
      setSaved(answer.message);
    } catch (failure) {
      setError(withDetail(CAP_SAVE_FAILED, failure));
    }
  };

  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('Monthly cap of {name}', { name: memberName })}
    >
      <Typography color="text.secondary">
        {t('Balance: {credits, plural, one {# credit} other {# credits}}', { credits: usage.credits })}
      </Typography>
      <CapUsage
        spent={usage.period_spent}
        cap={usage.monthly_cap}
        periodEnd={usage.period_end}
        subject="member"
      />
      {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
      {saved && (
        <Alert
          severity="success"
          ref={savedNotice}
          tabIndex={-1}
          onClose={() => {
            setSaved(null);
            saveButton.current?.focus();
          }}
        >
          {translated(saved)}
        </Alert>
      )}
      <CapField value={value} onChange={setValue} disabled={save.isLoading} />
      <div>
        <Button
          type="submit"
          variant="contained"
          ref={saveButton}
          disabled={save.isLoading || cap === undefined}
        >
          {save.isLoading ? t('Saving...') : t('Save cap')}
        </Button>
      </div>
    </Stack>
  );
}
