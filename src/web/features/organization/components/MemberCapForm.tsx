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
import { serverText, t } from '../../../i18n';

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
  usage: {
    monthly_cap: number | null;
    email_cap: number | null;
    phone_cap: number | null;
    period_spent: number;
    email_spent: number;
    phone_spent: number;
    period_end: number;
    credits: number;
  };
}

const capText = (cap: number | null) => (cap === null ? '' : String(cap));

/** The caps per kind of lookup (docs/product.md#monthly-caps), each within the monthly cap. */
const KIND_FIELDS = [
  {
    kind: 'email',
    label: () => t('Cap on email lookups'),
    hint: () => t('Credits this member may spend on email lookups per billing period. Empty: no cap.'),
    spent: (spent: number) =>
      t('Email lookups this period: {spent, plural, one {# credit} other {# credits}}', { spent }),
  },
  {
    kind: 'phone',
    label: () => t('Cap on phone lookups'),
    hint: () => t('Credits this member may spend on phone lookups per billing period. Empty: no cap.'),
    spent: (spent: number) =>
      t('Phone lookups this period: {spent, plural, one {# credit} other {# credits}}', { spent }),
  },
] as const;

function CapEditor({ memberId, memberName, usage }: CapEditorProps) {
  const [value, setValue] = useState(capText(usage.monthly_cap));
  const [kindValues, setKindValues] = useState({
    email: capText(usage.email_cap),
    phone: capText(usage.phone_cap),
  });
  const [setMemberCaps, save] = useSetMemberCapsMutation();
  const [error, setError] = useState<ErrorText | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const cap = parseCapInput(value);
  const kindCaps = { email: parseCapInput(kindValues.email), phone: parseCapInput(kindValues.phone) };
  const invalid = cap === undefined || kindCaps.email === undefined || kindCaps.phone === undefined;
  // While saving the button is disabled, which drops keyboard focus to <body>: the outcome takes it.
  const savedNotice = useRef<HTMLDivElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (saved) savedNotice.current?.focus();
  }, [saved]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    setError(null);
    setSaved(null);
    // A cap per kind goes only when changed: absent, the server keeps it.
    const changed = {
      ...(kindCaps.email === usage.email_cap ? {} : { email_cap: kindCaps.email }),
      ...(kindCaps.phone === usage.phone_cap ? {} : { phone_cap: kindCaps.phone }),
    };
    try {
      const answer = await setMemberCaps({ user_ids: [memberId], monthly_cap: cap, ...changed }).unwrap();
      setSaved(serverText(answer));
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
          {saved}
        </Alert>
      )}
      <CapField value={value} onChange={setValue} disabled={save.isLoading} />
      {KIND_FIELDS.map((field) => (
        <Stack key={field.kind} spacing={0.5}>
          <CapField
            id={`${field.kind}-cap`}
            label={field.label()}
            hint={field.hint()}
            value={kindValues[field.kind]}
            onChange={(text) => setKindValues((values) => ({ ...values, [field.kind]: text }))}
            disabled={save.isLoading}
          />
          <Typography variant="body2" color="text.secondary">
            {field.spent(usage[`${field.kind}_spent`])}
          </Typography>
        </Stack>
      ))}
      <div>
        <Button type="submit" variant="contained" ref={saveButton} disabled={save.isLoading || invalid}>
          {save.isLoading ? t('Saving...') : t('Save cap')}
        </Button>
      </div>
    </Stack>
  );
}
