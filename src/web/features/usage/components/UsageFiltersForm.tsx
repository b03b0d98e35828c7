import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { t, translated } from '../../../i18n';
import { periodProblem, type UsageView } from '../lib/usage-filters';

export interface UsageFiltersFormProps {
  view: UsageView;
  /** The features to choose from (those seen in the reports so far, and the chosen one), sorted. */
  features: readonly string[];
  onChange: (patch: Partial<UsageView>) => void;
}

/**
 * The period (applied with 'Apply period', once it is one the server takes) and the feature (applied
 * at once). The form is keyed on the URL's period by its parent, so its draft follows back and forward.
 */
export default function UsageFiltersForm({ view, features, onChange }: UsageFiltersFormProps) {
  const [draft, setDraft] = useState({ from: view.from, to: view.to });
  const problem = periodProblem(draft.from, draft.to);
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      aria-label={t('Usage filters')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) onChange({ from: draft.from, to: draft.to });
      }}
    >
      <TextField
        label={t('From')}
        type="date"
        value={draft.from}
        onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        error={problem !== null}
        helperText={problem ? translated(problem) : ' '}
      />
      <TextField
        label={t('To')}
        type="date"
        value={draft.to}
        onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        helperText=" "
      />
      <TextField
        select
        label={t('Feature')}
        value={view.feature}
        onChange={(event) => onChange({ feature: event.target.value })}
        sx={{ minWidth: 180 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        helperText=" "
      >
        <MenuItem value="">{t('All features')}</MenuItem>
        {features.map((feature) => (
          <MenuItem key={feature} value={feature}>
            {feature}
          </MenuItem>
        ))}
      </TextField>
      <div>
        <Button type="submit" variant="outlined" disabled={problem !== null} sx={{ mt: 1 }}>
          {t('Apply period')}
        </Button>
      </div>
    </Stack>
  );
}
