import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useDecideJoinRequestMutation } from '../../../api/endpoints/organization';
import type { components } from '../../../../contract/api';
import { withDetail } from '../../../api/errors';
import { t, translated } from '../../../i18n';
import type { DomainFormEvents } from './DomainVerificationForms';

const JOIN_DECISION_FAILED = 'Failed to answer the request';

type JoinRequest = components['schemas']['JoinRequest'];

/**
 * The pending requests to join, each approved or declined. A request from an address its owner never
 * proved says so: approving it mails an invitation, and the requester joins only by opening it.
 */
export function JoinRequests({
  requests,
  onMemberJoined,
  onDone,
  onError,
  onChanged,
}: DomainFormEvents & { requests: readonly JoinRequest[]; onMemberJoined: () => void }) {
  const [decide, deciding] = useDecideJoinRequestMutation();

  const onDecide = async (id: string, decision: 'approve' | 'decline') => {
    onError(null);
    try {
      const answer = await decide({ request_id: id, decision }).unwrap();
      onDone(translated(answer.message));
      if (decision === 'approve') onMemberJoined();
    } catch (failure) {
      onError(withDetail(JOIN_DECISION_FAILED, failure));
    } finally {
      onChanged();
    }
  };

  return (
    <>
      <Typography variant="subtitle1" component="h4">
        {t('Requests to join')}
      </Typography>
      {requests.length === 0 ? (
        <Typography color="text.secondary">{t('No pending requests.')}</Typography>
      ) : (
        <List aria-label={t('Requests to join')} disablePadding>
          {requests.map((request) => {
            const who = request.name || request.email;
            return (
              <ListItem key={request.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  primary={who}
                  secondary={
                    request.address_confirmed
                      ? request.email
                      : `${request.email}. ${t(
                          'Approving mails {email} an invitation: they join once they open it.',
                          { email: request.email },
                        )}`
                  }
                  sx={{ flex: '1 1 200px' }}
                />
                {!request.address_confirmed && (
                  <Chip size="small" color="warning" variant="outlined" label={t('Address not confirmed')} />
                )}
                <Button
                  variant="contained"
                  size="small"
                  disabled={deciding.isLoading}
                  aria-label={t('Approve {name}', { name: who })}
                  onClick={() => void onDecide(request.id, 'approve')}
                >
                  {t('Approve')}
                </Button>
                <Button
                  variant="outlined"
                  size="small"
                  disabled={deciding.isLoading}
                  aria-label={t('Decline {name}', { name: who })}
                  onClick={() => void onDecide(request.id, 'decline')}
                >
                  {t('Decline')}
                </Button>
              </ListItem>
            );
          })}
        </List>
      )}
    </>
  );
}
