import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextInput from '../../../components/TextInput';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { ApiKeyField } from '../lib/software-connection';
import SoftwareLogo from './SoftwareLogo';
import ConnectionHeading from './ConnectionHeading';
import { t, translated } from '../../../i18n';

export type ApiKeyValues = Partial<Record<ApiKeyField['storageKey'], string>>;

export interface ApiKeyFormProps {
  softwareName: string;
  logoUrl?: string | null;
  fields: ApiKeyField[];
  createApiKeyUrl?: string | null;
  createApiKeyGifUrl?: string | null;
  submitting?: boolean;
  onSubmit: (values: ApiKeyValues) => void;
}

/** 'Connect to {software}' with 1 to 4 required API key inputs (docs/product.md#api-key-form). */
export default function ApiKeyForm({
  softwareName,
  logoUrl,
  fields,
  createApiKeyUrl,
  createApiKeyGifUrl,
  submitting = false,
  onSubmit,
}: ApiKeyFormProps) {
  const [values, setValues] = useState<ApiKeyValues>({});
  const [showMissing, setShowMissing] = useState(false);
  const isMissing = (key: ApiKeyField['storageKey']) => !values[key]?.trim();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (fields.some((field) => isMissing(field.storageKey))) {
      setShowMissing(true);
      return;
    }
    const trimmed: ApiKeyValues = {};
    for (const field of fields) trimmed[field.storageKey] = values[field.storageKey]?.trim();
    onSubmit(trimmed);
  };

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} alignItems="center">
        <SoftwareLogo name={softwareName} logoUrl={logoUrl} />
        <ConnectionHeading>{t('Connect to {software}', { software: softwareName })}</ConnectionHeading>
      </Stack>
      {fields.length === 0 ? (
        <Alert severity="warning">{t('No API key fields found for this software.')}</Alert>
      ) : (
        <Stack component="form" spacing={2} onSubmit={handleSubmit} noValidate aria-label={t('API keys')}>
          {fields.map((field) => {
            const invalid = showMissing && isMissing(field.storageKey);
            return (
              <TextInput
                key={field.storageKey}
                id={field.storageKey}
                name={field.storageKey}
                // The CRM record's words ('Demo CRM API key'), in the reader's language where known.
                label={translated(field.label)}
                placeholder={field.placeholder ? translated(field.placeholder) : field.placeholder}
                value={values[field.storageKey] ?? ''}
                onChange={(event) =>
                  setValues((current) => ({ ...current, [field.storageKey]: event.target.value }))
                }
                required
                fullWidth
                autoComplete="off"
                slotProps={{ htmlInput: { spellCheck: false } }}
                error={invalid}
                helperText={
                  invalid ? t('{field} is required.', { field: translated(field.label) }) : undefined
                }
              />
            );
          })}
          <Button type="submit" variant="contained" size="large" disabled={submitting}>
            {t('Connect')}
          </Button>
        </Stack>
      )}
      {createApiKeyUrl ? (
        <Typography variant="body2">
          <Link href={createApiKeyUrl} target="_blank" rel="noopener noreferrer">
            {t('Where do I find my API key?')}
          </Link>
        </Typography>
      ) : null}
      {createApiKeyGifUrl ? (
        <Box
          component="img"
          src={createApiKeyGifUrl}
          alt={t('How to create an API key in {software}', { software: softwareName })}
          loading="lazy"
          sx={{ maxWidth: '100%', borderRadius: 1 }}
        />
      ) : null}
    </Stack>
  );
}
