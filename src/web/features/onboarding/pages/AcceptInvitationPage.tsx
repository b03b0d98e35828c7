/**
 * /accept-invitation?token=...&software=... (spec §2.2, §4, §8): checks the invitation; on success the token
 * is kept for the signup and the visitor goes to /signup 5 s later, otherwise 'Invitation Error'.
 */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useState } from 'react';
import { Await, Link as RouterLink, useNavigate } from 'react-router-dom';
import { api } from '../../../api';
import { classifyFailure } from '../../../api/errors';
import { useEntryData, type EntryLoader } from '../../../app/route-entry';
import type { AppStore } from '../../../app/store';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { useDocumentTitle } from '../../../components/use-document-title';
import { chooseSoftware } from '../../../entities/crm';
import { setItem, storageKeys } from '../../../lib/storage';
import StepPage from '../components/StepPage';
import { t } from '../../../i18n';

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

type Outcome = { kind: 'accepted'; organization: string; to: string } | { kind: 'failed'; message: string };

/** Checks the invitation; on success its token is kept for the signup. */
async function acceptInvitation(store: AppStore, token: string, software: string | null): Promise<Outcome> {
  try {
    const result = await store.dispatch(api.endpoints.acceptInvite.initiate({ token })).unwrap();
    setItem(storageKeys.invitationToken, token);
    return {
      kind: 'accepted',
      organization: result.data.organization_name,
      to: signupPath(software, result.data.email),
    };
  } catch (error) {
    return { kind: 'failed', message: invitationFailure(error) };
  }
}

/** The CRM of the link becomes the chosen one once the catalogue knows it (the banner shows it at once). */
async function chooseLinkedSoftware(store: AppStore, slug: string): Promise<void> {
  const lookup = await store.dispatch(
    api.endpoints.getSoftware.initiate({ software: slug }, { subscribe: false }),
  );
  if (lookup.data && !lookup.error) store.dispatch(chooseSoftware(lookup.data.data));
}

export const loader = (({ store, url }) => {
  const token = url.searchParams.get('token');
  const software = url.searchParams.get('software')?.trim() || null;
  if (software) void chooseLinkedSoftware(store, software);
  const outcome: Outcome | Promise<Outcome> = token
    ? acceptInvitation(store, token, software)
    : { kind: 'failed', message: NO_INVITATION_TOKEN };
  return { outcome };
}) satisfies EntryLoader;

export default function AcceptInvitationPage() {
  useDocumentTitle('Accept invitation');
  const { outcome } = useEntryData<typeof loader>();
  return (
    <Suspense fallback={<LoadingState text="Checking your invitation..." />}>
      <Await resolve={outcome}>{(settled: Outcome) => <InvitationOutcome outcome={settled} />}</Await>
    </Suspense>
  );
}

function InvitationOutcome({ outcome }: { outcome: Outcome }) {
  const navigate = useNavigate();
  // Spec §4: /signup 5 s after the acceptance, counted down on screen second by second.
  const [secondsLeft, setSecondsLeft] = useState(INVITATION_REDIRECT_DELAY_MS / 1000);
  const accepted = outcome.kind === 'accepted';
  useEffect(() => {
    if (!accepted) return;
    const timer = window.setInterval(() => setSecondsLeft((left) => Math.max(0, left - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [accepted]);
  useEffect(() => {
    if (outcome.kind === 'accepted' && secondsLeft === 0) void navigate(outcome.to, { replace: true });
  }, [navigate, secondsLeft, outcome]);

  if (outcome.kind === 'failed') {
    return (
      <StepPage title={INVITATION_ERROR}>
        <ErrorAlert error={outcome.message} />
        <Link component={RouterLink} to="/login">
          {t('Go to login')}
        </Link>
      </StepPage>
    );
  }

  return (
    <StepPage title={t('Invitation accepted')}>
      <Typography>
        {t('You have been invited to join {organization}.', { organization: outcome.organization })}
      </Typography>
      <Typography color="text.secondary" role="status">
        {t('Taking you to sign up in {seconds, plural, one {# second} other {# seconds}}...', {
          seconds: secondsLeft,
        })}
      </Typography>
      <Link component={RouterLink} to={outcome.to} replace>
        {t('Sign up now')}
      </Link>
    </StepPage>
  );
}
