import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextInput from '../../../components/TextInput';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useChangePasswordMutation } from '../../../api/endpoints/security';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { serverText, t } from '../../../i18n';
import { PASSWORD_MAX_LENGTH } from '../../../../shared/password-strength';

/** Settings → Password (docs/product.md#sessions): a new password needs the current one; other sessions are signed out. */
export function ChangePasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    setFailure(null);
    try {
      const answer = await changePassword({ current_password: current, new_password: next }).unwrap();
      setDone(serverText(answer));
      setCurrent('');
      setNext('');
    } catch (error) {
      setFailure(withDetail('Could not change your password.', error));
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('Password')}
        </Typography>
        <Box component="form" onSubmit={onSubmit} aria-label={t('Change password')} noValidate>
          <Stack spacing={2.5}>
            {done && <Alert severity="success">{done}</Alert>}
            <ErrorAlert error={failure} />
            <TextInput
              label={t('Current password')}
              type="password"
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
              slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH, autoComplete: 'current-password' } }}
            />
            <TextInput
              label={t('New password')}
              type="password"
              value={next}
              onChange={(event) => setNext(event.target.value)}
              slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH, autoComplete: 'new-password' } }}
            />
            <div>
              <Button type="submit" variant="contained" disabled={isLoading || !current || !next}>
                {isLoading ? t('Saving...') : t('Change password')}
              </Button>
            </div>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
