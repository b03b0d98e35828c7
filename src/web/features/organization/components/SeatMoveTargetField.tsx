import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import ErrorAlert from '../../../components/ErrorAlert';
import { useSeatMoveTargets } from '../hooks/use-seat-move-targets';
import { visuallyHidden } from '../../../components/visually-hidden';
import { withDetail } from '../../../api/errors';
import { MEMBER_SEARCH_FAILED } from '../lib/errors';
import { memberLabel, type OrganizationMember } from '../lib/members';
import { t, translated } from '../../../i18n';

export interface SeatMoveTargetFieldProps {
  /** The member whose seat moves. */
  from: OrganizationMember;
  value: OrganizationMember | null;
  onChange: (to: OrganizationMember | null) => void;
  disabled?: boolean;
}

/**
 * 'Give the seat to': a combobox that searches the whole organization's members on Free as one types
 * (docs/product.md#seats). The server filters, so the options are shown as answered; arrows, Enter and Escape work
 * as in any combobox.
 */
export function SeatMoveTargetField({ from, value, onChange, disabled }: SeatMoveTargetFieldProps) {
  const [input, setInput] = useState('');
  // Once chosen, the input shows the member's label, which is not a search.
  const search = value && input === memberLabel(value) ? '' : input;
  const { targets, searching, searchedFor, error, retry } = useSeatMoveTargets(from, search);
  // While a search is under way its loading text shows, not the last search's answer (MUI shows the
  // loading text only without options); the chosen member always stays an option.
  const shown = searching ? [] : targets;
  const options = value && !shown.some((target) => target.id === value.id) ? [value, ...shown] : shown;
  const nothingFound = searchedFor
    ? t('No member on Free matches.')
    : t('No member on Free can take this seat.');
  // MUI draws its loading and no-options texts in the popup without announcing them: this says the same.
  const announcement =
    error !== undefined
      ? ''
      : searching
        ? t('Searching members...')
        : targets.length === 0
          ? nothingFound
          : t('{count, plural, one {# member found} other {# members found}}', { count: targets.length });

  return (
    <Stack spacing={1}>
      {error !== undefined && <ErrorAlert error={withDetail(MEMBER_SEARCH_FAILED, error)} onRetry={retry} />}
      <span role="status" style={visuallyHidden}>
        {announcement}
      </span>
      <Autocomplete
        options={options}
        value={value}
        onChange={(_, next) => onChange(next)}
        inputValue={input}
        onInputChange={(_, next) => setInput(next)}
        filterOptions={(shown) => shown}
        getOptionLabel={memberLabel}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        loading={searching}
        loadingText={t('Searching members...')}
        // A failed search found nothing: the popup must not say that nobody can take the seat.
        noOptionsText={error !== undefined ? translated(MEMBER_SEARCH_FAILED) : nothingFound}
        disabled={disabled}
        renderInput={(params) => (
          <TextField
            {...params}
            required
            name="to_user_id"
            // The dialog's one field: it opens here (autoFocus in a dialog is its first field, WCAG 2.4.3).
            autoFocus
            label={t('Give the seat to')}
            placeholder={t('Type a name or email')}
          />
        )}
      />
    </Stack>
  );
}
