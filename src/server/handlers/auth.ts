/** auth: signup, login, google-auth, logout, forgot-password, reset-password. */
import { isAcceptablePassword } from '../../shared/password-strength.js';
import { isLocalUrl } from '../config.js';
import {
  createAccount,
  knownSoftware,
  addressProven,
  proveAddress,
  viewOfUser,
  type DomainJoining,
  type NewAccount,
} from '../domain/accounts.js';
import { normalizeEmail } from '../../shared/email.js';
import { conflict, invalid, unauthenticated, unavailable } from '../domain/errors.js';
import {
  clearPendingSignInCookie,
  clearSessionCookie,
  readPendingSignInCookie,
  readSessionCookie,
  setPendingSignInCookie,
  setSessionCookie,
} from '../http/session-cookie.js';
import { PENDING_SIGN_IN_SECONDS } from '../repositories/two-factor.js';
import {
  checkSecondFactor,
  forgetSecondFactor,
  INVALID_CODE,
  methodOfSecondFactor,
} from '../domain/two-factor.js';
import type { OperationId } from '../../contract/types.js';
import type { Handlers, HandlerContext } from '../http/api.js';
import { autoJoinMail, personInMail, resetPasswordMail } from '../mail/templates.js';
import { mailAfterCommit, mailWithin } from '../mail/with-mails.js';
import { limitMails, permitMail, type MailOrigin } from '../mail/mail-limits.js';
import { requestLocale } from '../http/page-i18n.js';
import { sandboxSignInRefusal } from '../security/google-sandbox.js';
import { hashPassword, verifyPassword } from '../security/passwords.js';
import { RATE_RULES, SLOWDOWN_RULES } from '../security/rate-limit.js';
import { hashToken, newToken } from '../security/tokens.js';
import type { Services } from '../services.js';
import type { Organization, SignInMethod, User } from '../db/schema.js';
import { checkSignInAllowed, refuseBeforePassword, refusePasswordReset } from '../domain/require-sso.js';
import { refuseSignInOutsideNetwork } from '../domain/session-policies.js';
import { auditRefusedSignUp } from '../domain/sign-in-refusal.js';
import { refuseSignUpJoining } from '../domain/sign-up-refusal.js';
import { personOf } from '../repositories/audit.js';
import type { InTransaction } from '../repositories/index.js';
import type { SessionOrigin } from '../repositories/sessions.js';
import { awaitTurn, enforceLimits } from './limits.js';
import { inviteToProve, provingInvitationNotice } from './proving-invitation.js';
import { message, type Message } from '../../contract/messages.js';

/** A notice for the new user (signup's `notice`), with its code and values beside it. */
const noticeOf = (said: Message | null | undefined) =>
  said ? { notice: said.message, notice_code: said.code, notice_params: said.params } : {};

const RESET_LIFETIME_MS = 24 * 60 * 60 * 1000;
const SIGN_IN_EXPIRED = message('sign_in_expired');
/** Codes one pending sign-in may try before the password must be entered again. */
const PENDING_ATTEMPTS = 5;
const INVALID_RESET_LINK = message('reset_link_invalid');
export const FORGOT_PASSWORD_MESSAGE = message('reset_link_sent');

type UtmBody = {
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
  utm_term?: string | null;
  utm_content?: string | null;
};

function utmOf(body: UtmBody) {
  return {
    utm_source: body.utm_source ?? null,
    utm_medium: body.utm_medium ?? null,
    utm_campaign: body.utm_campaign ?? null,
    utm_term: body.utm_term ?? null,
    utm_content: body.utm_content ?? null,
  };
}

/**
 * A new sign-in replaces whatever session the browser had (no session fixation): in `repos` (a signup's,
 * its account's transaction).
 */
async function endPreviousSession<K extends OperationId>(
  repos: Pick<InTransaction, 'sessions'>,
  ctx: HandlerContext<K>,
) {
  const previous = readSessionCookie(ctx.request);
  if (previous) await repos.sessions.destroy(previous);
}

/** The browser and address a new session is started from (the sessions list shows them). */
function originOf<K extends OperationId>(ctx: HandlerContext<K>): SessionOrigin {
  return { userAgent: ctx.request.headers['user-agent'], ip: ctx.ip, locale: requestLocale(ctx.request) };
}

/**
 * A password checked a moment ago may have been changed or reset since (the check is slow on purpose), and
 * two-factor sign-in turned on or off: what a sign-in starts is written only while the stored password is
 * still the one checked and the second factor as it was read (a session without a code, or a pending
 * sign-in), under a hold of the account's row, so the change's ending of sessions and pending sign-ins
 * (docs/invariants.md) always sees it. A changed second factor asks the visitor to sign in again.
 */
async function stillThePassword(tx: InTransaction, user: User, checkedPassword: string | undefined) {
  if (checkedPassword === undefined) return;
  const twoFactor = user.totp_secret !== null;
  if (await tx.users.holdIfSignInIs(user.id, { hash: checkedPassword, twoFactor })) return;
  const now = await tx.users.findById(user.id);
  const passwordKept = now?.password_hash === checkedPassword;
  throw unauthenticated(passwordKept ? SIGN_IN_EXPIRED : message('invalid_credentials'));
}

/**
 * The one way a session starts for an existing account (a signup's first session starts in its account's
 * transaction: signedInView; single sign-on creates its accounts first and comes here): the browser's
 * previous session ends, the sign-in is audited with how it was made, and the session cookie is set.
 */
export async function signIn<K extends OperationId>(
  services: Services,
  ctx: HandlerContext<K>,
  user: User,
  method: SignInMethod,
  {
    checkedPassword,
    breakGlass = false,
    pendingSignIn,
  }: {
    /** The stored hash the password was checked against (stillThePassword). */
    checkedPassword?: string;
    /** The billing admin's break-glass sign-in (docs/product.md#require-sso): audited as such. */
    breakGlass?: boolean;
    /**
     * The pending sign-in a second factor completes: taken in the session's own transaction, so whatever
     * ends the account's sign-ins meanwhile (endSignInsOf) either took it first or ends this session too.
     */
    pendingSignIn?: string;
  } = {},
) {
  // Before the browser's previous session ends: a refused sign-in changes nothing.
  await refuseSignInOutsideNetwork(services.repos, user, method, ctx.ip);
  await endPreviousSession(services.repos, ctx);
  const sessionId = await services.repos.transaction(async (tx) => {
    if (pendingSignIn !== undefined && !(await tx.twoFactor.endPending(pendingSignIn))) {
      throw unauthenticated(SIGN_IN_EXPIRED);
    }
    await stillThePassword(tx, user, checkedPassword);
    await tx.audit.record({
      type: 'auth.signed_in',
      organizationId: user.organization_id,
      actor: personOf(user),
      target: personOf(user),
      ip: ctx.ip,
      details: { method },
    });
    // The billing admin's way in while the organization requires single sign-on, each use its own entry
    // for the admins to see (docs/product.md#require-sso).
    if (breakGlass) {
      await tx.audit.record({
        type: 'auth.break_glass_signed_in',
        organizationId: user.organization_id,
        actor: personOf(user),
        target: personOf(user),
        ip: ctx.ip,
        details: { method },
      });
    }
    return tx.sessions.create(user.id, { ...originOf(ctx), method });
  });
  setSessionCookie(ctx.reply, services.config, sessionId);
}

/**
 * A new account's first session and the view of it, written and read in the account's transaction. A
 * signup that joined its company's organization automatically (docs/product.md#automatic-joining) is announced to its admins: in
 * the transaction with the outbox, `laterMails` after the commit over SMTP.
 */
const signedInView =
  <K extends 'signup' | 'googleAuth'>(
    services: Services,
    ctx: HandlerContext<K>,
    method: 'password' | 'google',
  ) =>
  async (tx: InTransaction, user: User, seatNotice: Message | null, domainJoining: DomainJoining) => {
    // First, so a refusal leaves no account, membership or spent invitation behind (nor ends the browser's
    // previous session): only its audit entry (signUp).
    await refuseSignUpJoining(tx, user, method, ctx.ip);
    await endPreviousSession(tx, ctx);
    const autoJoined = domainJoining.joined;
    const toProve = domainJoining.toProve;
    await tx.audit.record({
      type: 'auth.signed_up',
      organizationId: user.organization_id,
      actor: personOf(user),
      target: personOf(user),
      ip: ctx.ip,
      details: { method },
    });
    // A new account in an organization joined it through an invitation or its domain (createAccount).
    if (user.organization_id !== null) {
      await tx.audit.record({
        type: autoJoined ? 'domain.auto_joined' : 'invitation.accepted',
        organizationId: user.organization_id,
        actor: personOf(user),
        target: personOf(user),
        ip: ctx.ip,
        details: autoJoined ? { role: user.role, domain: autoJoined.domain } : { role: user.role },
      });
    }
    const mails = autoJoined
      ? await autoJoinMails(services, ctx, tx, user, autoJoined)
      : toProve
        ? await inviteToProve(services, ctx, tx, toProve, user.email, null, ctx.ip, 'auto_join')
        : [];
    return {
      user,
      sessionId: await tx.sessions.create(user.id, { ...originOf(ctx), method }),
      view: await viewOfUser(tx.users, user, method),
      seatNotice: toProve ? provingInvitationNotice(user.email, toProve.name) : seatNotice,
      laterMails: await mailWithin(services.mailer, tx, mails),
    };
  };

/**
 * A signup: the account, any membership and its first session in one transaction (signedInView), or, when
 * the organization it would join refuses it, nothing but the refusal's audit entry.
 */
function signUp<K extends 'signup' | 'googleAuth'>(
  services: Services,
  ctx: HandlerContext<K>,
  method: 'password' | 'google',
  account: NewAccount,
) {
  return auditRefusedSignUp(
    services.repos,
    () => createAccount(services.repos, account, signedInView(services, ctx, method)),
    (err) => ctx.request.log.error({ err }, 'could not audit a refused signup'),
  );
}

/** Tells the admins that someone at the company domain joined (docs/product.md#automatic-joining). */
async function autoJoinMails(
  services: Services,
  from: MailOrigin,
  tx: InTransaction,
  member: User,
  org: Organization,
) {
  const link = new URL('/dashboard/organization', services.config.publicUrl).toString();
  const admins = await tx.companyDomain.adminEmailsOf(org.id);
  const mails = admins.map((to) => autoJoinMail(to, personInMail(member), org.name, link));
  return limitMails(services, from, 'autoJoin', mails, tx.trx);
}

export function authHandlers(
  services: Services,
): Pick<
  Handlers,
  | 'signup'
  | 'login'
  | 'verifyTwoFactor'
  | 'googleAuth'
  | 'logout'
  | 'forgotPassword'
  | 'checkResetToken'
  | 'resetPassword'
> {
  const { repos, config } = services;

  return {
    async signup(ctx) {
      const { body } = ctx;
      const email = normalizeEmail(body.email);
      await enforceLimits(services, [
        [RATE_RULES.signupIp, ctx.limitedIp],
        [RATE_RULES.signupEmail, email],
      ]);
      if (!body.name.trim()) throw invalid(message('name_required'));
      if (!isAcceptablePassword(body.password)) throw invalid(message('password_too_weak'));
      const passwordHash = await hashPassword(body.password);
      const software = await knownSoftware(repos.catalogue, config, body.software);
      const { user, sessionId, view, seatNotice, laterMails } = await signUp(services, ctx, 'password', {
        email,
        name: body.name,
        passwordHash,
        software,
        hasInstalled: body.has_installed === true,
        invitationToken: body.invitation_token,
        addressVerified: false,
        utm: utmOf(body),
      });
      // The account exists: a mail that cannot go out is not a failed signup.
      await mailAfterCommit(services.mailer, laterMails, null);
      setSessionCookie(ctx.reply, config, sessionId);
      services.deviceCookies.remember(ctx.request, ctx.reply, { email, password_hash: passwordHash });
      return {
        error: false,
        ...message('account_created'),
        id: String(user.id),
        user: view,
        ...noticeOf(seatNotice),
      };
    },

    async login(ctx) {
      const { body } = ctx;
      const email = normalizeEmail(body.email);
      await enforceLimits(services, [
        [RATE_RULES.loginIp, ctx.limitedIp],
        [RATE_RULES.loginIpAccount, `${ctx.limitedIp} ${email}`],
      ]);
      let user = await repos.users.findByEmail(email);
      // Held before the password is checked, right or wrong alike, so the wait tells nothing. A browser
      // where this account signed in before, with its password of now, skips the account's turns:
      // strangers never lock the owner out.
      if (!services.deviceCookies.knows(ctx.request, { email, password_hash: user?.password_hash ?? null })) {
        await awaitTurn(services, SLOWDOWN_RULES.loginAccount, email);
      }
      if (user) await refuseBeforePassword(repos, user, ctx.ip);
      // verifyPassword spends the same time for unknown accounts, so timing does not reveal them.
      if (!(await verifyPassword(user?.password_hash ?? null, body.password)) || !user) {
        await repos.audit.record({
          type: 'auth.sign_in_failed',
          organizationId: user?.organization_id ?? null,
          actor: null,
          target: { id: user?.id ?? null, email },
          ip: ctx.ip,
        });
        throw unauthenticated(message('invalid_credentials'));
      }
      // The password was right: the billing admin's break-glass sign-in still needs a second factor
      // (docs/product.md#require-sso); members held to single sign-on, and callers from outside the
      // organization's networks, were refused above. Every refusal comes before the first write.
      await checkSignInAllowed(repos, user, user.totp_secret !== null ? 'password+code' : 'password', ctx.ip);
      // The hash the password was checked against: what follows starts anything only while it is still the
      // stored one (stillThePassword). Not the row read again below, which may hold a password changed since.
      const checked = user.password_hash!;
      const software = await knownSoftware(repos.catalogue, config, body.software);
      if (software && software !== user.software)
        user = await repos.users.updateAndGet(user.id, { software });
      if (user.totp_secret !== null) {
        // The password was right; the code is next. No session yet: only a pending sign-in, in a cookie
        // of its own that verify-two-factor alone reads, so no other operation takes it as signed in.
        await endPreviousSession(services.repos, ctx);
        clearSessionCookie(ctx.reply, config);
        const pending = await repos.transaction(async (tx) => {
          await stillThePassword(tx, user!, checked);
          return tx.twoFactor.startPending(user!.id);
        });
        setPendingSignInCookie(ctx.reply, config, pending, PENDING_SIGN_IN_SECONDS);
        return {
          error: false,
          ...message('two_factor_code_needed'),
          two_factor_required: true,
        };
      }
      await signIn(services, ctx, user, 'password', { checkedPassword: checked });
      services.deviceCookies.remember(ctx.request, ctx.reply, user);
      return {
        error: false,
        ...message('signed_in'),
        user: await viewOfUser(repos.users, user, 'password'),
        software: user.software ? { slug: user.software } : null,
      };
    },

    async googleAuth(ctx) {
      const { body } = ctx;
      await enforceLimits(services, [[RATE_RULES.loginIp, ctx.limitedIp]]);
      if (!services.google) {
        throw unavailable(message('google_not_configured'));
      }
      const identity = await services.google.verify(body.token).catch(() => {
        throw unauthenticated(
          body.type === 'signup' ? message('google_auth_failed') : message('google_login_failed'),
        );
      });
      if (!identity.emailVerified) throw unauthenticated(message('google_email_unverified'));
      const email = normalizeEmail(identity.email);
      if (identity.sandbox && !isLocalUrl(config.publicUrl)) {
        ctx.request.log.warn(
          'Sandbox Google sign-in: the Google sign-in sandbox vouches for any address (SANDBOXES is on)',
        );
      }
      const software = await knownSoftware(repos.catalogue, config, body.software);

      let user = await repos.users.findForGoogle(identity.sub, email);
      let created: Awaited<ReturnType<typeof signUp>> | undefined;
      if (user && identity.sandbox) {
        const refusal = sandboxSignInRefusal(user, identity.sub);
        if (refusal) throw conflict(refusal);
      }
      // Before anything is linked or a password distrusted: docs/product.md#require-sso.
      if (user) await checkSignInAllowed(repos, user, 'google', ctx.ip);
      // Nor from outside the organization's networks, before the password is distrusted (signIn asks again).
      if (user) await refuseSignInOutsideNetwork(repos, user, 'google', ctx.ip);
      if (user) {
        const existing = user;
        const unlinkedPassword = existing.google_sub === null && existing.password_hash !== null;
        // A password its owner proved the address of (a mailed invitation or reset, single sign-on) is
        // theirs: Google signs into it only once linked (docs/product.md#google-sign-in). Whoever shows
        // Google an account of that address has shown only that they can read its mail once; linking
        // would sign them in past the owner's password and second factor.
        if (unlinkedPassword && addressProven(existing))
          throw conflict(message('account_exists_use_password'));
        // Google proved the address. A password set on an account never linked to Google, its address
        // never proven, was set by whoever signed up with that address (maybe someone waiting for the
        // owner to arrive: pre-account takeover): it is removed, with any second factor they set up (else
        // the owner, after "forgot password", would still need their authenticator), and that account's
        // other sessions end. The owner can set a password again with "forgot password".
        user = await repos.transaction(async (tx) => {
          await proveAddress(tx, existing);
          if (unlinkedPassword) {
            await forgetSecondFactor(tx, existing, { ip: ctx.ip });
            await tx.sessions.endSignInsOf(existing.id);
          }
          return tx.users.updateAndGet(existing.id, {
            google_sub: identity.sub,
            ...(unlinkedPassword ? { password_hash: null } : {}),
            ...(software ? { software } : {}),
          });
        });
        if (unlinkedPassword) {
          ctx.request.log.warn(
            { userId: existing.id },
            'Google sign-in into a password account never linked to Google: password and second factor removed, other sessions ended',
          );
        }
      } else {
        created = await signUp(services, ctx, 'google', {
          email,
          name: identity.name,
          passwordHash: null,
          googleSub: identity.sub,
          software,
          hasInstalled: body.has_installed === true,
          invitationToken: body.invitation_token,
          addressVerified: true, // refused above otherwise
          utm: utmOf(body),
        });
        await mailAfterCommit(services.mailer, created.laterMails, null);
        user = created.user;
        setSessionCookie(ctx.reply, config, created.sessionId);
      }
      if (!created) await signIn(services, ctx, user, 'google');
      services.deviceCookies.remember(ctx.request, ctx.reply, user);
      return {
        error: false,
        ...(created ? message('account_created') : message('signed_in')),
        ...noticeOf(created?.seatNotice),
        id: String(user.id),
        user: created ? created.view : await viewOfUser(repos.users, user, 'google'),
      };
    },

    async verifyTwoFactor(ctx) {
      const token = readPendingSignInCookie(ctx.request);
      const pending = token ? await repos.twoFactor.attemptPending(token) : undefined;
      const user = pending ? await repos.users.findById(pending.userId) : undefined;
      if (!token || !pending || !user || user.totp_secret === null) {
        clearPendingSignInCookie(ctx.reply, config);
        throw unauthenticated(SIGN_IN_EXPIRED);
      }
      if (pending.attempts > PENDING_ATTEMPTS) {
        await repos.twoFactor.endPending(token);
        clearPendingSignInCookie(ctx.reply, config);
        throw unauthenticated(SIGN_IN_EXPIRED);
      }
      await enforceLimits(services, [[RATE_RULES.twoFactorUser, String(user.id)]]);
      // Required since the password was checked: the billing admin's is the break-glass sign-in.
      const { breakGlass } = await checkSignInAllowed(repos, user, 'password+code', ctx.ip);
      // From outside the organization's networks no code is even tried (signIn asks again at the end).
      await refuseSignInOutsideNetwork(repos, user, methodOfSecondFactor(ctx.body.code), ctx.ip);
      const used = await checkSecondFactor(services, user, ctx.body.code);
      if (!used) {
        await repos.audit.record({
          type: 'two_factor.code_failed',
          organizationId: user.organization_id,
          actor: null,
          target: personOf(user),
          ip: ctx.ip,
        });
        throw invalid(INVALID_CODE);
      }
      clearPendingSignInCookie(ctx.reply, config);
      if (used === 'recovery code') {
        await repos.audit.record({
          type: 'two_factor.recovery_code_used',
          organizationId: user.organization_id,
          actor: personOf(user),
          target: personOf(user),
          ip: ctx.ip,
        });
      }
      const method = used === 'recovery code' ? 'password+recovery code' : 'password+code';
      // Taken, not just deleted, with the session: a password change while the code was checked (or while
      // the session starts) has ended it already, or ends the session with it.
      await signIn(services, ctx, user, method, { breakGlass, pendingSignIn: token });
      services.deviceCookies.remember(ctx.request, ctx.reply, user);
      return {
        error: false,
        ...message('signed_in'),
        user: await viewOfUser(repos.users, user, method),
        software: user.software ? { slug: user.software } : null,
      };
    },

    async logout(ctx) {
      const sessionId = readSessionCookie(ctx.request);
      const user = await ctx.optionalUser();
      if (sessionId) await repos.sessions.destroy(sessionId);
      if (user) {
        await repos.audit.record({
          type: 'auth.signed_out',
          organizationId: user.organization_id,
          actor: personOf(user),
          target: personOf(user),
          ip: ctx.ip,
        });
      }
      clearSessionCookie(ctx.reply, config);
      return { error: false, ...message('signed_out') };
    },

    async forgotPassword(ctx) {
      const email = normalizeEmail(ctx.body.email);
      await enforceLimits(services, [[RATE_RULES.forgotIp, ctx.limitedIp]]);
      // Counted for every address, existing or not, and never refused: others asking for the owner's
      // address only make a mail go out at most once a minute, 5 times an hour and 10 times a day (the
      // longer caps count only the mails the shorter ones let through), and every link works for a day.
      const user = await repos.users.findByEmail(email);
      const seal = await permitMail(services, ctx, 'passwordReset', email, undefined, user !== undefined);
      if (user && seal) {
        const token = newToken();
        await repos.passwordResets.issue(user.id, hashToken(token), new Date(Date.now() + RESET_LIFETIME_MS));
        const link = new URL('/reset-password', config.publicUrl);
        link.searchParams.set('token', token);
        // Sent in the background: waiting for the mail server only for existing accounts would let
        // the response time reveal which accounts exist. A failure is logged, never shown.
        const log = ctx.request.log;
        void Promise.resolve()
          .then(() => services.mailer.send(seal(resetPasswordMail(user.email, link.toString()))))
          .catch((err: unknown) => {
            log.error({ err }, 'could not send the reset mail');
          });
      }
      return { error: false, ...FORGOT_PASSWORD_MESSAGE };
    },

    async checkResetToken(ctx) {
      await enforceLimits(services, [[RATE_RULES.resetCheckIp, ctx.limitedIp]]);
      if (!(await repos.passwordResets.isUsable(hashToken(ctx.body.token))))
        throw invalid(INVALID_RESET_LINK);
      return { error: false, ...message('reset_link_valid') };
    },

    async resetPassword(ctx) {
      const { token, new_password: password } = ctx.body;
      await enforceLimits(services, [[RATE_RULES.forgotIp, ctx.limitedIp]]);
      if (!isAcceptablePassword(password)) throw invalid(message('password_too_weak_medium'));
      const tokenHash = hashToken(token);
      const passwordHash = await hashPassword(password);
      await repos.transaction(async (tx) => {
        // Of two uses of one link, only the first changes anything.
        const userId = await tx.passwordResets.use(tokenHash);
        if (userId === undefined) throw invalid(INVALID_RESET_LINK);
        // Read once: the reset below changes neither the address nor the organization the audit names.
        const user = await tx.users.findById(userId);
        if (user) await refusePasswordReset(tx, user);
        // The link came by mail: whoever uses it owns the address. A second factor set up before anyone
        // proved it was set up by whoever typed the address (pre-account takeover, as with Google
        // sign-in): it goes with their password, or the owner would be locked out by its codes.
        if (user && !addressProven(user)) await forgetSecondFactor(tx, user, { ip: ctx.ip });
        await proveAddress(tx, { id: userId });
        await tx.users.update(userId, { password_hash: passwordHash });
        // Whoever knew the old password is signed out everywhere.
        await tx.sessions.endSignInsOf(userId);
        await tx.passwordResets.discardUnusedOf(userId);
        await tx.audit.record({
          type: 'auth.password_reset',
          organizationId: user?.organization_id ?? null,
          actor: null,
          target: { id: userId, email: user?.email ?? null },
          ip: ctx.ip,
        });
      });
      clearSessionCookie(ctx.reply, config);
      return {
        error: false,
        ...message('password_reset'),
        data: { redirect_url: '/login' },
      };
    },
  };
}
