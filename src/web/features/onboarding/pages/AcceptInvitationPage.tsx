/**
 * /accept-invitation?token=...&software=... (spec §2.2, §4, §8): checks the invitation; on success the token
 * is kept for the signup and the visitor goes to /signup 5 s later, otherwise 'Invitation Error'.
 */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { classifyFailure } from '../../../api/errors';
import { useGetSoftwareQuery, useAcceptInviteMutation } from '../../../api';
import { useChooseSoftware } from '../../../entities/crm';
import LoadingState from '../../../components/LoadingState';
import { useDocumentTitle } from '../../../components/use-document-title';
import { setItem, storageKeys } from '../../../lib/storage';
import StepPage from '../components/StepPage';
import ErrorAlert from '../../../components/ErrorAlert';

export const INVITATION_REDIRECT_DELAY_MS = 5000;
export const INVITATION_ERROR = 'Invitation Error';
export const NO_INVITATION_TOKEN = 'No invitation token provided.';
export const INVALID_INVITATION = 'Invalid or expired invitation';
export const ACCEPT_FAILED = 'Failed to accept invitation';

/** A 4xx answer means the token itself is bad; anything else (server down, network) is a failed attempt. */
function invitationFailure(error: unknown): string {
  return classifyFailure(error).kind === 'refused' ? INVALID_INVITATION : ACCEPT_FAILED;
}

/** /signup, keeping the software param (and the invited email, which the signup must use). */
function signupPath(software: string | null, email: string | undefined): string {
  const next = new URLSearchParams();
  if (software) next.set('software', software);
  if (email) next.set('email', email);
  const query = next.toString();
  return query ? `/signup?${query}` : '/signup';
}

type State =
  | { kind: 'checking' }
  | { kind: 'accepted'; organization: string; to: string }
  | { kind: 'failed'; message: string };

export default function AcceptInvitationPage() {
  useDocumentTitle('Accept invitation');
  const [params] = useSearchParams();
  const token = params.get('token');
  const software = params.get('software')?.trim() || null;
  const navigate = useNavigate();
  const [acceptInvite] = useAcceptInviteMutation();
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'checking' } : { kind: 'failed', message: NO_INVITATION_TOKEN },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    acceptInvite({ token })
      .unwrap()
      .then((result) => {
        setItem(storageKeys.invitationToken, token);
        setState({
          kind: 'accepted',
          organization: result.data.organization_name,
          to: signupPath(software, result.data.email),
        });
      })
      .catch((error: unknown) => setState({ kind: 'failed', message: invitationFailure(error) }));
  }, [acceptInvite, software, token]);

  // The CRM of the link becomes the chosen one once the catalogue knows it (the banner shows it at once).
  const chooseSoftware = useChooseSoftware();
  const { currentData: linkedSoftware } = useGetSoftwareQuery(software ? { software } : skipToken);
  useEffect(() => {
    if (linkedSoftware) chooseSoftware(linkedSoftware.data);
  }, [chooseSoftware, linkedSoftware]);

  // Spec §4: /signup 5 s after the acceptance, counted down on screen second by second.
  const [secondsLeft, setSecondsLeft] = useState(INVITATION_REDIRECT_DELAY_MS / 1000);
  useEffect(() => {
    if (state.kind !== 'accepted') return;
    const timer = window.setInterval(() => setSecondsLeft((left) => Math.max(0, left - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [state.kind]);
  useEffect(() => {
    if (state.kind === 'accepted' && secondsLeft === 0) navigate(state.to, { replace: true });
  }, [navigate, secondsLeft, state]);

  if (state.kind === 'checking') return <LoadingState text="Checking your invitation..." />;

  if (state.kind === 'failed') {
    return (
      <StepPage title={INVITATION_ERROR}>
        <ErrorAlert error={state.message} />
        <Link component={RouterLink} to="/login">
          Go to login
        </Link>
      </StepPage>
    );
  }

  return (
    <StepPage title="Invitation accepted">
      <Typography>{`You have been invited to join ${state.organization}.`}</Typography>
      <Typography color="text.secondary" role="status">
        {`Taking you to sign up in ${secondsLeft} second${secondsLeft === 1 ? '' : 's'}...`}
      </Typography>
      <Link component={RouterLink} to={state.to} replace>
        Sign up now
      </Link>
    </StepPage>
  );
}
