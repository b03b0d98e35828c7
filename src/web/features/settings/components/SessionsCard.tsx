import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  useEndOtherSessionsMutation,
  useEndSessionMutation,
  useListSessionsQuery,
} from '../../../api/endpoints/security';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { formatRelative } from '../../../lib/dates';
import { t, translated } from '../../../i18n';
import { deviceLabel } from '../lib/session-labels';

/**
 * Settings → Sessions (docs/product.md#sessions): where the account is signed in (device, approximate place, last seen),
 * with "Sign out" for any other session and "Sign out all other sessions".
 */
export function SessionsCard() {
  const query = useListSessionsQuery();
  const [endSession, ending] = useEndSessionMutation();
  const [endOthers, endingOthers] = useEndOtherSessionsMutation();
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const sessions = query.data?.data.sessions ?? [];
  const others = sessions.filter((s) => !s.current);

  const run = async (work: () => Promise<{ message: string }>, failed: string) => {
    setFailure(null);
    setDone(null);
    try {
      setDone((await work()).message);
    } catch (error) {
      setFailure(withDetail(failed, error));
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('Sessions')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('Where your account is signed in. Sign out any session you do not recognise.')}
        </Typography>
        {query.isLoading ? (
          <LoadingState shape="table" count={2} />
        ) : query.isError ? (
          <ErrorAlert
            error={withDetail('Could not load your sessions.', query.error)}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <Stack spacing={2}>
            {done && <Alert severity="success">{translated(done)}</Alert>}
            <ErrorAlert error={failure} onClose={() => setFailure(null)} />
            <List aria-label={t('Sessions')} disablePadding>
              {sessions.map((session) => (
                <ListItem
                  key={session.id}
                  divider
                  disableGutters
                  secondaryAction={
                    session.current ? (
                      <Chip label={t('This device')} size="small" color="primary" />
                    ) : (
                      <Button
                        size="small"
                        disabled={ending.isLoading}
                        aria-label={t('Sign out {device}, {place}', {
                          device: deviceLabel(session.device),
                          place: translated(session.place),
                        })}
                        onClick={() =>
                          void run(
                            () => endSession({ session_id: session.id }).unwrap(),
                            'Could not sign out that session.',
                          )
                        }
                      >
                        {t('Sign out')}
                      </Button>
                    )
                  }
                >
                  <ListItemText
                    // The server's English labels ('Chrome on Linux', 'This computer'), translated here.
                    primary={deviceLabel(session.device)}
                    secondary={t('{place}{ip} · last seen {when}', {
                      place: translated(session.place),
                      ip: session.ip ? ` (${session.ip})` : '',
                      when: formatRelative(session.last_seen_at),
                    })}
                    sx={{ pr: 12 }}
                  />
                </ListItem>
              ))}
            </List>
            {others.length === 0 ? (
              <Typography variant="body2">{t('You are not signed in anywhere else.')}</Typography>
            ) : (
              <div>
                <Button
                  variant="outlined"
                  color="error"
                  disabled={endingOthers.isLoading}
                  onClick={() =>
                    void run(() => endOthers().unwrap(), 'Could not sign out your other sessions.')
                  }
                >
                  {t('Sign out all other sessions')}
                </Button>
              </div>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
