import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useEndMemberSessionsMutation } from '../../../api/endpoints/security';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { t, translated } from '../../../i18n';

/** Member edit → "End sessions" (docs/product.md#sessions): signs the member out everywhere; they can sign in again. */
export function EndMemberSessions({ member }: { member: { id: string; email: string } }) {
  const [endMemberSessions, { isLoading }] = useEndMemberSessionsMutation();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<ErrorText | null>(null);

  const onClick = async () => {
    setDone(null);
    setFailure(null);
    try {
      setDone((await endMemberSessions({ user_id: member.id }).unwrap()).message);
    } catch (error) {
      setFailure(withDetail('Could not end the sessions of this member.', error));
    }
  };

  return (
    <Stack spacing={1.5} alignItems="flex-start">
      <Typography variant="h6" component="h2">
        {t('Sessions')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('Sign this member out on every device, for example after a lost laptop.')}
      </Typography>
      {done && <Alert severity="success">{translated(done)}</Alert>}
      <ErrorAlert error={failure} onClose={() => setFailure(null)} />
      <Button variant="outlined" color="warning" disabled={isLoading} onClick={() => void onClick()}>
        {isLoading ? t('Ending sessions...') : t('End sessions')}
      </Button>
    </Stack>
  );
}
