import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { PreconnectField } from '../lib/software-connection';
import ErrorAlert from '../../../components/ErrorAlert';
import { msg, t, translated } from '../../../i18n';

export interface PreconnectValues {
  fields: { id: string; value: string }[];
  /** Present only when the organization choice was offered. */
  isOrganizationConnection?: boolean;
}

export interface PreconnectFormProps {
  fields: PreconnectField[];
  /** The is_organization_connection yes/no radio (docs/product.md#connecting-on-the-public-pages: admins of organizations with 2+ members). */
  showOrganizationChoice: boolean;
  submitting?: boolean;
  errorText?: string | null;
  submitLabel?: string;
  onSubmit: (values: PreconnectValues) => void;
}

/**
 * The pre-connect step before the OAuth window: the CRM's preconnect fields, all required
 * (docs/product.md#connecting-on-the-public-pages), and on the dashboard the organization-wide choice.
 */
export default function PreconnectForm({
  fields,
  showOrganizationChoice,
  submitting = false,
  errorText,
  submitLabel = msg('Connect with OAuth'),
  onSubmit,
}: PreconnectFormProps) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [organizationWide, setOrganizationWide] = useState<'yes' | 'no'>('no');
  const [showMissing, setShowMissing] = useState(false);

  const isMissing = (id: string) => !values[id]?.trim();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (fields.some((field) => isMissing(field.id))) {
      setShowMissing(true);
      return;
    }
    onSubmit({
      fields: fields.map((field) => ({ id: field.id, value: values[field.id].trim() })),
      ...(showOrganizationChoice ? { isOrganizationConnection: organizationWide === 'yes' } : {}),
    });
  };

  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={handleSubmit}
      noValidate
      aria-label={t('Pre-connect settings')}
    >
      {fields.map((field) => {
        const invalid = showMissing && isMissing(field.id);
        const options = field.options?.length ? field.options : undefined;
        return (
          <TextField
            key={field.id}
            id={`preconnect-${field.id}`}
            name={field.id}
            label={translated(field.name)}
            // A field restricted to a fixed list (Zoho's data centre) is a select of its values.
            select={options !== undefined}
            type={options ? undefined : field.type || 'text'}
            placeholder={options ? undefined : field.placeholder}
            value={values[field.id] ?? ''}
            onChange={(event) => setValues((current) => ({ ...current, [field.id]: event.target.value }))}
            required
            fullWidth
            error={invalid}
            helperText={invalid ? `${field.name} is required.` : undefined}
          >
            {options?.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
      {showOrganizationChoice ? (
        <FormControl>
          <FormLabel id="organization-connection-label">
            {t('Connect for your whole organization?')}
          </FormLabel>
          <RadioGroup
            row
            name="is_organization_connection"
            aria-labelledby="organization-connection-label"
            value={organizationWide}
            onChange={(event) => setOrganizationWide(event.target.value === 'yes' ? 'yes' : 'no')}
          >
            <FormControlLabel value="yes" control={<Radio />} label={t('Yes')} />
            <FormControlLabel value="no" control={<Radio />} label={t('No')} />
          </RadioGroup>
        </FormControl>
      ) : null}
      <ErrorAlert error={errorText} />
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        {translated(submitLabel)}
      </Button>
    </Stack>
  );
}
