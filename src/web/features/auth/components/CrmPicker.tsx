/**
 * The CRM picker of /signup (spec §2.2): the records of get-software-options; choosing one stores its slug
 * as `software` in local storage and makes it the shared CRM (the banner follows at once).
 * A failed list is only logged (spec §8 'Failed to fetch software options'): signup works without it.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useGetSoftwareOptionsQuery } from '../../../api/catalogue';
import { selectSoftware, softwareLoaded } from '../../../app/appSlice';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { getItem, setItem, storageKeys } from '../../../lib/storage';

export default function CrmPicker() {
  const dispatch = useAppDispatch();
  const shared = useAppSelector(selectSoftware);
  const { data, isLoading, isError, error } = useGetSoftwareOptionsQuery();
  const [chosen, setChosen] = useState<string>(() => getItem(storageKeys.software) ?? shared?.slug ?? '');

  useEffect(() => {
    if (isError) console.error('Failed to fetch software options', error);
  }, [isError, error]);

  if (isError) return null;
  if (isLoading || !data) {
    return (
      <TextField select fullWidth disabled label="Your CRM" value="" helperText="Loading CRMs...">
        <MenuItem value="" />
      </TextField>
    );
  }

  const options = data.data;
  // MUI warns about a value that is not an option (e.g. a slug the catalogue no longer has).
  const value = options.some((option) => option.slug === chosen) ? chosen : '';

  return (
    <TextField
      select
      fullWidth
      label="Your CRM"
      value={value}
      onChange={(event) => {
        const slug = event.target.value;
        const record = options.find((option) => option.slug === slug);
        setChosen(slug);
        setItem(storageKeys.software, slug);
        if (record) dispatch(softwareLoaded(record));
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
