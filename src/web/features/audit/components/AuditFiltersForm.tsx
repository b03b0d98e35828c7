import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useCallback, type ReactNode } from 'react';
import { useUrlDraft } from '../../../components/paged-table';
import { t, translated } from '../../../i18n';
import { AUDIT_EVENT_LABELS, AUDIT_EVENT_TYPES, type AuditEventType } from '../../../../shared/audit-events';
import { readDay, today } from '../lib/day-filter';
import type { AuditView } from '../lib/audit-view';
import DayField from './DayField';

/** A person typed asks the server once the typing pauses this long. */
const PERSON_DEBOUNCE_MS = 300;

/** What a typed day puts in the URL: the day once it is one, nothing while it is being typed or mistyped. */
const dayInUrl = (text: string) => (readDay(text).kind === 'day' ? text.trim() : '');

export interface AuditFiltersFormProps {
  view: AuditView;
  /** Changes the URL's view (replacing the history entry: typing makes no entries). */
  update: (patch: Partial<AuditView>, options?: { replace?: boolean }) => void;
  /** After the filters, on the same line (Export CSV). */
  actions: ReactNode;
}

/** The audit log's filters: event, person and period, each applied as it is chosen or typed. */
export default function AuditFiltersForm({ view, update, actions }: AuditFiltersFormProps) {
  const replace = useCallback((patch: Partial<AuditView>) => update(patch, { replace: true }), [update]);
  const [person, setPerson] = useUrlDraft(
    view.person,
    useCallback((value: string) => replace({ person: value }), [replace]),
    { delayMs: PERSON_DEBOUNCE_MS },
  );
  const [fromDay, setFromDay] = useUrlDraft(
    view.from,
    useCallback((value: string) => replace({ from: value }), [replace]),
    { delayMs: 0, toUrl: dayInUrl },
  );
  const [toDay, setToDay] = useUrlDraft(
    view.to,
    useCallback((value: string) => replace({ to: value }), [replace]),
    { delayMs: 0, toUrl: dayInUrl },
  );
  const example = today();

  return (
    <Box
      component="form"
      aria-label={t('Audit filters')}
      onSubmit={(event) => event.preventDefault()}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}
    >
      <TextField
        select
        label={t('Event')}
        value={view.type}
        onChange={(event) => update({ type: event.target.value as AuditEventType | '' })}
        sx={{ width: { xs: '100%', sm: 240 } }}
      >
        <MenuItem value="">{t('All events')}</MenuItem>
        {AUDIT_EVENT_TYPES.map((eventType) => (
          <MenuItem key={eventType} value={eventType}>
            {translated(AUDIT_EVENT_LABELS[eventType])}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('Person')}
        placeholder={t('Email address')}
        value={person}
        onChange={(event) => setPerson(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ width: { xs: '100%', sm: 240 } }}
      />
      <DayField
        label={t('From')}
        value={fromDay}
        invalid={readDay(fromDay).kind === 'invalid'}
        example={example}
        onChange={setFromDay}
      />
      <DayField
        label={t('To')}
        value={toDay}
        invalid={readDay(toDay).kind === 'invalid'}
        example={example}
        onChange={setToDay}
      />
      {actions}
    </Box>
  );
}
