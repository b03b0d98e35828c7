/**
 * The CRM picker (spec §2.2 /signup; also /connect when no CRM is known): the records of
 * get-software-options. The page decides what choosing does (app/chosen-software.ts useChooseSoftware).
 * A failed list is only logged (spec §8 'Failed to fetch software options'): the page works without it.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useGetSoftwareOptionsQuery } from '../../api';
import type { Software } from '../../api/contract-types';
import { t } from '../../i18n';

export interface CrmPickerProps {
  /** The chosen slug (it may not be in the list yet, or any more). */
  value: string | null;
  onChoose: (record: Software) => void;
  label?: string;
}

export default function CrmPicker({ value, onChoose, label }: CrmPickerProps) {
  const { data, isLoading, isError, error } = useGetSoftwareOptionsQuery();

  useEffect(() => {
    if (isError) console.error('Failed to fetch software options', error);
  }, [isError, error]);

  if (isError) return null;
  if (isLoading || !data) {
    return (
      <TextField
        select
        fullWidth
        disabled
        label={label ?? t('Your CRM')}
        value=""
        helperText={t('Loading CRMs...')}
      >
        <MenuItem value="" />
      </TextField>
    );
  }

  const options = data.data;
  // MUI warns about a value that is not an option (e.g. a slug the catalogue no longer has).
  const selected = options.some((option) => option.slug === value) ? value : '';

  return (
    <TextField
      select
      fullWidth
      label={label ?? t('Your CRM')}
      value={selected}
      onChange={(event) => {
        const record = options.find((option) => option.slug === event.target.value);
        if (record) onChoose(record);
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.slug} value={option.slug}>
          {option.software}
        </MenuItem>
      ))}
    </TextField>
  );
}
