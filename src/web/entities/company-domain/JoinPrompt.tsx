import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useGetJoinOptionQuery, useRequestToJoinMutation } from '../../api/endpoints/organization';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../session/session-slice';
import { withDetail, type ErrorText } from '../../api/errors';
import ErrorAlert from '../../components/ErrorAlert';
import { t, translated } from '../../i18n';

const JOIN_REQUEST_FAILED = 'Failed to send the request to join';

/**
 * docs/product.md#requests-to-join: a signed-in user without organization whose address is at a verified domain is offered to
 * ask that organization's admins to let them in. Nothing otherwise, and nothing asked of the server for
 * anyone else (a visitor, a member), so any page may show it. An address its owner has not proved joins
 * only through the invitation mailed once an admin approves: the prompt says so, and then points to it.
 */
export function JoinPrompt() {
  const user = useAppSelector(selectUser);
  const option = useGetJoinOptionQuery(undefined, { skip: !user || Boolean(user.organization) });
  const [requestToJoin, requesting] = useRequestToJoinMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);
  const data = option.data?.data;
  if (!data || !user) return null;

  const onRequest = async () => {
    setError(null);
    try {
      const answer = await requestToJoin().unwrap();
      setSent(translated(answer.message));
    } catch (failure) {
      setError(withDetail(JOIN_REQUEST_FAILED, failure));
    }
  };

  if (!sent && data.invited && !data.requested) {
    return (
      <Alert severity="info" role="status" sx={{ mb: 2 }}>
        {t('We sent an invitation to {email}: open it to join {organization}.', {
          email: user.email,
          organization: translated(data.organization_name),
        })}
      </Alert>
    );
  }
  if (sent || data.requested) {
    const values = { organization: translated(data.organization_name), email: user.email };
    return (
      <Alert severity="success" role="status" sx={{ mb: 2 }}>
        {sent ??
          (data.address_confirmed
            ? t('Your request to join {organization} is waiting for an admin.', values)
            : t(
                'Your request to join {organization} is waiting for an admin. Once one approves it, we will mail an invitation to {email}: open it to join.',
                values,
              ))}
      </Alert>
    );
  }
  return (
    <>
      {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
      <Alert
        severity="info"
        sx={{ mb: 2 }}
        action={
          <Button
            color="inherit"
            size="small"
            disabled={requesting.isLoading}
            onClick={() => void onRequest()}
          >
            {t('Request to join')}
          </Button>
        }
      >
        {t('Your company already uses CRM Sync: request to join')}
      </Alert>
    </>
  );
}
