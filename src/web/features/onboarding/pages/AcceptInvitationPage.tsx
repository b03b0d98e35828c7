/**
 * /accept-invitation?token=...&software=... (docs/product.md#accepting-an-invitation): checks the invitation. A visitor keeps the
 * token for the signup and goes to /signup 5 s later. For someone signed in, the server says who they are
 * to the invitation: the invitee, who joins with a click (as on /join/:token); a member already; or
 * someone signed in at another address, who is offered to log out and sign up with the invited one.
 * Otherwise 'Invitation Error'.
 */
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Await, Link as RouterLink } from 'react-router-dom';
import { catalogueApi } from '../../../api/endpoints/catalogue';
import { organizationApi } from '../../../api/endpoints/organization';
import type { User } from '../../../api/contract-types';
import { classifyFailure, withDetail, type ErrorText } from '../../../api/errors';
import { useEntryData, type EntryLoader } from '../../../app/route-entry';
import { useReadOnce } from '../../../app/use-read-once';
import type { AppStore } from '../../../app/store';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useStoppableRedirect } from '../../../components/use-stoppable-redirect';
import { chooseSoftware } from '../../../entities/crm';
import { sessionSettled } from '../../../entities/session';
import { setItem, storageKeys } from '../../../lib/storage';
import StepPage from '../components/StepPage';
import SignedInInvitation, { JOIN_FAILED, type SignedInOutcome } from '../components/SignedInInvitation';
import { t, translated } from '../../../i18n';
import { dashboardPaths, publicPaths } from '../../../lib/paths';

export const INVITATION_REDIRECT_DELAY_MS = 5000;
export const INVITATION_ERROR = 'Invitation Error';
export const NO_INVITATION_TOKEN = 'No invitation token provided.';
export const INVALID_INVITATION = 'Invalid or expired invitation';
export const ACCEPT_FAILED = 'Failed to accept invitation';

/**
 * A 4xx answer means the token itself is bad; anything else (server down, network) is a failed attempt.
 * Signed in, a refusal other than 404 says why joining was refused (another organization, a paid plan).
 */
function invitationFailure(error: unknown, signedIn: boolean): ErrorText {
  const failure = classifyFailure(error);
  if (failure.kind !== 'refused') return { text: ACCEPT_FAILED };
  return signedIn && failure.status !== 404 ? withDetail(JOIN_FAILED, error) : { text: INVALID_INVITATION };
}

/** /signup, keeping the software param (and the invited email, which the signup must use). */
function signupPath(software: string | null, email: string | undefined): string {
  const next = new URLSearchParams();
  if (software) next.set('software', software);
  if (email) next.set('email', email);
  const query = next.toString();
  return query ? `${publicPaths.signup}?${query}` : publicPaths.signup;
}

type Outcome =
  | { kind: 'accepted'; organization: string; to: string }
  | SignedInOutcome
  | { kind: 'failed'; error: ErrorText; signedIn: boolean };

/** Checks the invitation; a token to sign up with is kept. Nothing joins before the invitee says so. */
async function acceptInvitation(store: AppStore, token: string, software: string | null): Promise<Outcome> {
  const user: User | null = await sessionSettled(store);
  try {
    const { data } = await store
      .dispatch(organizationApi.endpoints.acceptInvite.initiate({ token }))
      .unwrap();
    const organization = data.organization_name;
    const to = signupPath(software, data.email);
    switch (data.outcome) {
      case 'member':
        return { kind: 'member', organization };
      case 'can_join':
        return { kind: 'can-join', organization, role: data.role, token };
      case 'other_address':
        // Signing up with the invited address needs this session ended first.
        return {
          kind: 'other-address',
          organization,
          invited: data.email,
          signedInAs: user?.email,
          token,
          to,
        };
      case 'valid':
        setItem(storageKeys.invitationToken, token);
        return { kind: 'accepted', organization, to };
      default:
        // 'joined' answers only a join, never this check.
        throw new Error(`Unexpected invitation outcome: ${data.outcome}`);
    }
  } catch (error) {
    return { kind: 'failed', error: invitationFailure(error, user !== null), signedIn: user !== null };
  }
}

/** The CRM of the link becomes the chosen one once the catalogue knows it (the banner shows it at once). */
async function chooseLinkedSoftware(store: AppStore, slug: string): Promise<void> {
  const lookup = await store.dispatch(
    catalogueApi.endpoints.getSoftware.initiate({ software: slug }, { subscribe: false }),
  );
  if (lookup.data && !lookup.error) store.dispatch(chooseSoftware(lookup.data.data));
}

export const loader = (({ store, url }) => {
  const token = url.searchParams.get('token');
  const software = url.searchParams.get('software')?.trim() || null;
  if (software) void chooseLinkedSoftware(store, software);
  const outcome: Outcome | Promise<Outcome> = token
    ? acceptInvitation(store, token, software)
    : { kind: 'failed', error: { text: NO_INVITATION_TOKEN }, signedIn: false };
  return { outcome };
}) satisfies EntryLoader;

export default function AcceptInvitationPage() {
  useDocumentTitle('Accept invitation');
  // The token is read on entry and kept with the outcome; the address bar does not keep it (useReadOnce).
  useReadOnce();
  const { outcome } = useEntryData<typeof loader>();
  return (
    <Suspense fallback={<LoadingState text="Checking your invitation..." />}>
      <Await resolve={outcome}>{(settled: Outcome) => <InvitationOutcome outcome={settled} />}</Await>
    </Suspense>
  );
}

function InvitationOutcome({ outcome: settled }: { outcome: Outcome }) {
  // An organization still under the name it was created with ("Ada's organization") reads in the UI's language.
  const outcome =
    'organization' in settled ? { ...settled, organization: translated(settled.organization) } : settled;
  switch (outcome.kind) {
    case 'accepted':
      return <SignUpCountdown organization={outcome.organization} to={outcome.to} />;
    case 'failed':
      return (
        <StepPage title={INVITATION_ERROR}>
          <ErrorAlert error={outcome.error} />
          <Link component={RouterLink} to={outcome.signedIn ? dashboardPaths.overview : publicPaths.login}>
            {outcome.signedIn ? t('Go to dashboard') : t('Go to login')}
          </Link>
        </StepPage>
      );
    default:
      // A new check (another token, the page loaded again) starts the signed-in view afresh.
      return (
        <SignedInInvitation
          key={`${outcome.kind}:${'token' in outcome ? outcome.token : ''}`}
          outcome={outcome}
        />
      );
  }
}

function SignUpCountdown({ organization, to }: { organization: string; to: string }) {
  // /signup 5 s after the acceptance, counted down on screen; Stop lets the visitor read at their own pace,
  // and the link still goes on.
  const { secondsLeft, stopped, stop } = useStoppableRedirect(INVITATION_REDIRECT_DELAY_MS / 1000, to);

  return (
    <StepPage title={t('Invitation accepted')}>
      <Typography>{t('You have been invited to join {organization}.', { organization })}</Typography>
      <Typography color="text.secondary" role="status">
        {stopped
          ? t('Stopped: sign up when you are ready.')
          : t('Taking you to sign up in {seconds, plural, one {# second} other {# seconds}}...', {
              seconds: secondsLeft,
            })}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
        <Link component={RouterLink} to={to} replace>
          {t('Sign up now')}
        </Link>
        {!stopped && (
          <Button size="small" variant="outlined" onClick={stop}>
            {t('Stop')}
          </Button>
        )}
      </Stack>
    </StepPage>
  );
}
