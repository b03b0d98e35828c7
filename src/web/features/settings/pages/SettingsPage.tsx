import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextInput from '../../../components/TextInput';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { useSetSettingsMutation } from '../../../api/endpoints/user';
import { selectUser } from '../../../entities/session';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notify } from '../../../components/feedback/notices';
import { useDocumentTitle } from '../../../components/use-document-title';
import type { ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { profileErrorText } from '../lib/profile-error';
import { ChangePasswordCard } from '../components/ChangePasswordCard';
import { SessionsCard } from '../components/SessionsCard';
import { TwoFactorCard } from '../components/TwoFactorCard';
import SupportPanel from '../components/SupportPanel';
import { LanguageCard } from '../components/LanguageCard';
import { t } from '../../../i18n';

/**
 * /dashboard/settings (docs/product.md#settings): the profile form. The email is read-only; the name is saved with
 * set-settings, whose answer also refreshes the shared user (sidebar, overview). Below it, Support: a
 * state snapshot to download for support staff.
 */
export default function SettingsPage() {
  useDocumentTitle('Settings');
  const user = useAppSelector(selectUser);
  const [name, setName] = useState(user?.name ?? '');
  const dispatch = useAppDispatch();
  // The Save button is disabled while saving, which drops focus: it comes back to the saved field.
  const nameInput = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [setSettings, { isLoading: saving }] = useSetSettingsMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    try {
      await setSettings({ name: name.trim() }).unwrap();
      dispatch(notify('Profile updated successfully!'));
      nameInput.current?.focus();
    } catch (error) {
      setFailure(profileErrorText(error));
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        {t('Settings')}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('Profile')}
          </Typography>
          <Box component="form" onSubmit={onSubmit} aria-label={t('Profile')} noValidate>
            <Stack spacing={2.5}>
              <ErrorAlert error={failure} filled />
              <TextInput
                label={t('Email')}
                type="email"
                name="email"
                value={user?.email ?? ''}
                helperText={t('Your email cannot be changed')}
                slotProps={{ input: { readOnly: true } }}
              />
              <TextInput
                label={t('Name')}
                name="name"
                value={name}
                placeholder={t('Enter your name')}
                onChange={(event) => setName(event.target.value)}
                inputRef={nameInput}
                slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'name' } }}
              />
              <div>
                <Button type="submit" variant="contained" disabled={saving}>
                  {saving ? t('Saving...') : t('Save Changes')}
                </Button>
              </div>
            </Stack>
          </Box>
        </CardContent>
      </Card>
      <LanguageCard />
      <ChangePasswordCard />
      <TwoFactorCard />
      <SessionsCard />
      <SupportPanel />
    </Stack>
  );
}
