/**
 * The form that adds or edits the organization's single sign-on connection (docs/product.md#single-sign-on):
 * OpenID Connect (issuer, client ID, client secret; the server reads the issuer's configuration before
 * saving and says what is wrong) or SAML (the identity provider's metadata, read on saving).
 */
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useId, useState, type FormEvent } from 'react';
import type { Schemas } from '../../../api/contract-types';
import { useSaveSsoConnectionMutation } from '../../../api/endpoints/sso';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import TextInput from '../../../components/TextInput';
import { serverText, t } from '../../../i18n';
import { SSO_SAVE_FAILED } from '../lib/errors';
import { CopyField } from '../../../components/CopyField';

type Connection = Schemas['SsoConnection'];
type Settings = Schemas['SsoSettings'];

interface Fields {
  protocol: 'oidc' | 'saml';
  issuer: string;
  client_id: string;
  client_secret: string;
  metadata_url: string;
  metadata_xml: string;
}

const fieldsOf = (connection: Connection | null): Fields => ({
  protocol: connection?.protocol ?? 'oidc',
  issuer: connection?.issuer ?? '',
  client_id: connection?.client_id ?? '',
  client_secret: '',
  metadata_url: connection?.metadata_url ?? '',
  metadata_xml: connection?.metadata_xml ?? '',
});

/** What the form sends: the fields of its protocol; an empty secret keeps the saved one. */
function bodyOf(fields: Fields) {
  if (fields.protocol === 'saml') {
    return {
      protocol: 'saml' as const,
      ...(fields.metadata_url.trim() ? { metadata_url: fields.metadata_url.trim() } : {}),
      ...(fields.metadata_xml.trim() ? { metadata_xml: fields.metadata_xml.trim() } : {}),
    };
  }
  return {
    protocol: 'oidc' as const,
    issuer: fields.issuer.trim(),
    client_id: fields.client_id.trim(),
    ...(fields.client_secret.trim() ? { client_secret: fields.client_secret.trim() } : {}),
  };
}

export function SsoConnectionForm({
  connection,
  settings,
  onSaved,
  onCancel,
}: {
  connection: Connection | null;
  /** What to paste into the identity provider, and the sandbox of a local install. */
  settings: Settings;
  onSaved: (message: string) => void;
  onCancel?: () => void;
}) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(connection));
  const [error, setError] = useState<ErrorText | null>(null);
  const [save, saving] = useSaveSsoConnectionMutation();
  const protocolLabel = useId();
  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const secretSaved = connection?.protocol === 'oidc' && connection.client_secret_set;
  const { sandbox } = settings;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      onSaved(serverText(await save(bodyOf(fields)).unwrap()));
    } catch (failure) {
      setError(withDetail(SSO_SAVE_FAILED, failure));
    }
  }

  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(event) => void submit(event)}
      aria-label={t('Single sign-on connection')}
    >
      <Stack spacing={0.5}>
        <FormLabel id={protocolLabel}>{t('Protocol')}</FormLabel>
        <RadioGroup row aria-labelledby={protocolLabel} value={fields.protocol} onChange={set('protocol')}>
          <FormControlLabel value="oidc" control={<Radio />} label={t('OpenID Connect')} />
          <FormControlLabel value="saml" control={<Radio />} label={t('SAML')} />
        </RadioGroup>
      </Stack>
      <ProviderValues settings={settings} protocol={fields.protocol} />
      {fields.protocol === 'oidc' ? (
        <OidcFields
          fields={fields}
          set={set}
          secretSaved={secretSaved}
          fillSandbox={
            sandbox
              ? () =>
                  setFields((current) => ({
                    ...current,
                    issuer: sandbox.issuer,
                    client_id: sandbox.client_id,
                    client_secret: sandbox.client_secret,
                    protocol: 'oidc',
                  }))
              : undefined
          }
        />
      ) : (
        <SamlFields
          fields={fields}
          set={set}
          fillSandbox={
            sandbox
              ? () =>
                  setFields((current) => ({
                    ...current,
                    metadata_url: sandbox.saml_metadata_url,
                    metadata_xml: '',
                    protocol: 'saml',
                  }))
              : undefined
          }
        />
      )}
      <ErrorAlert error={error} onClose={() => setError(null)} />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={saving.isLoading}>
          {saving.isLoading ? t('Checking and saving...') : t('Save connection')}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={saving.isLoading}>
            {t('Cancel')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** What the identity provider's application needs from this side. */
export function ProviderValues({
  settings,
  protocol,
}: {
  settings: Settings;
  protocol: Connection['protocol'];
}) {
  if (protocol === 'saml') {
    return (
      <Stack spacing={1}>
        <CopyField label={t('Entity ID (audience)')} value={settings.saml.entity_id} />
        <CopyField label={t('ACS URL (single sign-on URL)')} value={settings.saml.acs_url} />
        <CopyField label={t('Service provider metadata URL')} value={settings.saml.metadata_url} />
      </Stack>
    );
  }
  return <CopyField label={t('Sign-in redirect URI')} value={settings.redirect_uri} />;
}

type Setter = (name: keyof Fields) => (event: { target: { value: string } }) => void;

function SandboxButton({ fill }: { fill: (() => void) | undefined }) {
  if (!fill) return null;
  return (
    <div>
      <Button variant="text" onClick={fill}>
        {t('Use the sandbox identity provider')}
      </Button>
    </div>
  );
}

/** OpenID Connect: the issuer and the client the identity provider made for this app. */
function OidcFields({
  fields,
  set,
  secretSaved,
  fillSandbox,
}: {
  fields: Fields;
  set: Setter;
  secretSaved: boolean;
  /** Fills in the identity-provider sandbox of a local install. */
  fillSandbox: (() => void) | undefined;
}) {
  return (
    <>
      <SandboxButton fill={fillSandbox} />
      <TextInput
        label={t('Issuer URL')}
        name="issuer"
        required
        fullWidth
        value={fields.issuer}
        onChange={set('issuer')}
        helperText={t(
          'Okta: https://your-company.okta.com. Entra ID: https://login.microsoftonline.com/<tenant ID>/v2.0. Google Workspace: https://accounts.google.com.',
        )}
      />
      <TextInput
        label={t('Client ID')}
        name="client_id"
        required
        fullWidth
        value={fields.client_id}
        onChange={set('client_id')}
      />
      <TextInput
        label={t('Client secret')}
        name="client_secret"
        type="password"
        autoComplete="off"
        required={!secretSaved}
        fullWidth
        value={fields.client_secret}
        onChange={set('client_secret')}
        helperText={secretSaved ? t('A secret is saved: leave this empty to keep it.') : undefined}
      />
    </>
  );
}

/** SAML: the identity provider's metadata (its URL is read again daily, so a rotated certificate is known). */
function SamlFields({
  fields,
  set,
  fillSandbox,
}: {
  fields: Fields;
  set: Setter;
  /** Fills in the identity-provider sandbox of a local install. */
  fillSandbox: (() => void) | undefined;
}) {
  return (
    <>
      <SandboxButton fill={fillSandbox} />
      <TextInput
        label={t('Metadata URL')}
        name="metadata_url"
        fullWidth
        value={fields.metadata_url}
        onChange={set('metadata_url')}
      />
      <TextInput
        label={t('Metadata XML')}
        name="metadata_xml"
        fullWidth
        multiline
        minRows={3}
        maxRows={8}
        value={fields.metadata_xml}
        onChange={set('metadata_xml')}
        helperText={t('Give the URL or paste the XML.')}
      />
    </>
  );
}
