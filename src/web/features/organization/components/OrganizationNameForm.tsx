import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useRenameOrganizationMutation } from '../../../api/endpoints/organization';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { serverText, t, translated } from '../../../i18n';

const RENAME_FAILED = 'Failed to rename the organization';
/** As the contract's rename-organization allows; the server trims and says why it refuses. */
const NAME_MAX = 100;

/**
 * docs/product.md#organization-settings: the organization's name, as colleagues read it in invitations,
 * join pages and the dashboard. A name still the default ("Ada's organization") shows in the UI's
 * language; Save is offered only once the text differs from what is shown.
 */
export function OrganizationNameForm({ name, onDone }: { name: string; onDone: (message: string) => void }) {
  const shown = translated(name);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);
  const [rename, renaming] = useRenameOrganizationMutation();
  const value = draft ?? shown;
  const changed = value.trim() !== shown;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      // The draft stays as typed: the session's refreshed name then matches it and Save rests.
      const answer = await rename({ name: value.trim() }).unwrap();
      onDone(serverText(answer));
    } catch (failure) {
      setError(withDetail(RENAME_FAILED, failure));
    }
  };

  return (
    <Box component="form" onSubmit={onSubmit} aria-label={t('Organization name')}>
      {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mt: error ? 2 : 0 }}>
        <TextField
          label={t('Organization name')}
          name="name"
          size="small"
          required
          value={value}
          onChange={(event) => setDraft(event.target.value)}
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          sx={{ width: { xs: '100%', sm: 360 } }}
        />
        <Button type="submit" variant="contained" disabled={!changed || renaming.isLoading}>
          {renaming.isLoading ? t('Saving...') : t('Save name')}
        </Button>
      </Box>
    </Box>
  );
}
