/**
 * /join/:token (docs/product.md#invitation-links): the page an organization's invitation link opens. It says which organization the
 * link leads to, or why it no longer works; a visitor signs up or logs in and comes back here; a signed-in
 * user whose address is at the organization's verified domain joins with one click, as a Free member, if the
 * address is proven (Google); else the server mails an invitation to it, and the page says so.
 */
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  INVITE_LINK_REFUSALS,
  INVITE_LINK_WRONG_DOMAIN,
  addressFitsDomain,
  inviteLinkPath,
} from '../../../../shared/invite-link';
import { useAcceptInviteLinkMutation, useGetInviteLinkQuery } from '../../../api/endpoints/organization';
import { withDetail, type ErrorText } from '../../../api/errors';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { notify } from '../../../components/feedback/notices';
import { useDocumentTitle } from '../../../components/use-document-title';
import { selectUser } from '../../../entities/session';
import { msg, t, translated } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import StepPage from '../components/StepPage';
import { useGoToNextScreen } from '../hooks/use-next-screen';
import { dashboardPaths, publicPaths } from '../../../lib/paths';

export const LINK_CHECK_FAILED = msg('Failed to check the invitation link');
export const LINK_JOIN_FAILED = msg('Failed to join the organization');
export const LINK_NOT_VALID = msg('This invitation link cannot be used');

export default function JoinLinkPage() {
  useDocumentTitle('Join an organization');
  const { token = '' } = useParams();
  const link = useGetInviteLinkQuery({ token });
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [accept, accepting] = useAcceptInviteLinkMutation();
  const [error, setError] = useState<ErrorText | null>(null);
  const [mailed, setMailed] = useState<string | null>(null);
  const goToNextScreen = useGoToNextScreen();

  if (link.isLoading) return <LoadingState text="Checking the invitation link..." />;
  const data = link.data?.data;
  if (link.isError || !data) {
    return (
      <StepPage title={LINK_CHECK_FAILED}>
        <ErrorAlert error={withDetail(LINK_CHECK_FAILED, link.error)} onRetry={() => void link.refetch()} />
      </StepPage>
    );
  }

  if (data.status !== 'valid') {
    return (
      <StepPage title={LINK_NOT_VALID}>
        <Typography role="status">{translated(INVITE_LINK_REFUSALS[data.status])}</Typography>
        <Link component={RouterLink} to={user ? dashboardPaths.overview : publicPaths.login}>
          {user ? t('Go to dashboard') : t('Go to login')}
        </Link>
      </StepPage>
    );
  }

  const organization = translated(data.organization_name ?? '');
  const domain = data.domain ?? '';
  const back = encodeURIComponent(inviteLinkPath(token));

  const onJoin = async () => {
    setError(null);
    try {
      const answer = await accept({ token }).unwrap();
      // A password account has not proven its address: the server mailed an invitation instead.
      if (!answer.joined) {
        setMailed(answer.message);
        return;
      }
      dispatch(notify(t('You joined {organization} as a Free member.', { organization }), 'success'));
      // Someone who joined mid-onboarding goes on with it (install, connect...); the others to the dashboard.
      if (user && !user.has_onboarded) void goToNextScreen();
      else void navigate(dashboardPaths.overview, { replace: true });
    } catch (failure) {
      setError(withDetail(LINK_JOIN_FAILED, failure));
    }
  };

  const action = (() => {
    if (mailed) return <Typography role="status">{translated(mailed)}</Typography>;
    if (!user) return <SignInToJoin domain={domain} back={back} />;
    if (user.organization) {
      return (
        <CannotJoin>
          {/* The server's word, not the name: two organizations may have the same name. */}
          {data.member
            ? t('You are a member of {organization}.', { organization })
            : t('You already belong to an organization: you cannot join another one.')}
        </CannotJoin>
      );
    }
    if (!addressFitsDomain(user.email, domain)) {
      return (
        <CannotJoin>
          {translated(INVITE_LINK_WRONG_DOMAIN)}{' '}
          {t('You are signed in as {email}, not with an address at {domain}.', { email: user.email, domain })}
        </CannotJoin>
      );
    }
    return (
      <div>
        <Button variant="contained" disabled={accepting.isLoading} onClick={() => void onJoin()}>
          {accepting.isLoading ? t('Joining...') : t('Join {organization}', { organization })}
        </Button>
      </div>
    );
  })();

  return (
    <StepPage title={t('Join {organization}', { organization })}>
      <Typography color="text.secondary">
        {t('People with an address at {domain} can join {organization} as Free members until {date}.', {
          domain,
          organization,
          date: formatDateTime(data.expires_at),
        })}
      </Typography>
      {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
      {action}
    </StepPage>
  );
}

/** A visitor without a session signs up or logs in first, and comes back here (`back`). */
function SignInToJoin({ domain, back }: { domain: string; back: string }) {
  return (
    <>
      <Typography>{t('Sign up or log in with your address at {domain} to join.', { domain })}</Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" component={RouterLink} to={`${publicPaths.signup}?next=${back}`}>
          {t('Sign up')}
        </Button>
        <Button variant="outlined" component={RouterLink} to={`${publicPaths.login}?next=${back}`}>
          {t('Log in')}
        </Button>
      </Stack>
    </>
  );
}

/** Why the signed-in visitor cannot join through the link, and the way to their dashboard. */
function CannotJoin({ children }: { children: ReactNode }) {
  return (
    <>
      <Typography role="status">{children}</Typography>
      <Link component={RouterLink} to={dashboardPaths.overview}>
        {t('Go to dashboard')}
      </Link>
    </>
  );
}
