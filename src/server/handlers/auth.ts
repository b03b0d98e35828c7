/** auth: signup, login, google-auth, logout, forgot-password, reset-password. */
import { sql, type Transaction } from 'kysely';
import {
  RESET_PASSWORD_MESSAGE,
  SIGNUP_PASSWORD_MESSAGE,
  isAcceptablePassword,
} from '../../shared/password-strength.js';
import { createAccount, knownSoftware, normalizeEmail } from '../domain/accounts.js';
import { presentUser } from '../domain/present.js';
import { invalid, unauthenticated, unavailable } from '../domain/errors.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../http/session-cookie.js';
import type { Handlers, HandlerContext, OperationId } from '../http/api.js';
import { resetPasswordMail } from '../mail/templates.js';
import { hashPassword, verifyPassword } from '../security/passwords.js';
import { RATE_RULES, SLOWDOWN_RULES } from '../security/rate-limit.js';
import { createSession, destroySession } from '../security/sessions.js';
import { hashToken, newToken } from '../security/tokens.js';
import type { Services } from '../services.js';
import type { Database, User } from '../db/schema.js';
import { enforceLimits, slowDown } from './limits.js';

const RESET_LIFETIME_MS = 24 * 60 * 60 * 1000;
const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please ask for a new one.';
export const FORGOT_PASSWORD_MESSAGE =
  "If your account exists, you'll receive an email with a link to reset your password (expires in 24 hours).";

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

/** A new sign-in replaces whatever session the browser had (no session fixation). */
async function endPreviousSession<K extends OperationId>(services: Services, ctx: HandlerContext<K>) {
  const previous = readSessionCookie(ctx.request);
  if (previous) await destroySession(services.db, previous);
}

async function signIn<K extends OperationId>(services: Services, ctx: HandlerContext<K>, user: User) {
  await endPreviousSession(services, ctx);
  setSessionCookie(ctx.reply, services.config, await createSession(services.db, user.id));
}

/** A new account's first session and the view of it, written and read in the account's transaction. */
const signedInView = async (trx: Transaction<Database>, user: User) => ({
  user,
  sessionId: await createSession(trx, user.id),
  view: await presentUser(trx, user),
});

export function authHandlers(
  services: Services,
): Pick<
  Handlers,
  'signup' | 'login' | 'googleAuth' | 'logout' | 'forgotPassword' | 'checkResetToken' | 'resetPassword'
> {
  const { db, config } = services;

  return {
    async signup(ctx) {
      const { body } = ctx;
      const email = normalizeEmail(body.email);
      await enforceLimits(services, [
        [RATE_RULES.signupIp, ctx.ip],
        [RATE_RULES.signupEmail, email],
      ]);
      if (!body.name.trim()) throw invalid('Name is required.');
      if (!isAcceptablePassword(body.password)) throw invalid(SIGNUP_PASSWORD_MESSAGE);
      const passwordHash = await hashPassword(body.password);
      const software = await knownSoftware(db, config, body.software);
      await endPreviousSession(services, ctx);
      const { user, sessionId, view } = await createAccount(
        db,
        {
          email,
          name: body.name,
          passwordHash,
          software,
          hasInstalled: body.has_installed === true,
          invitationToken: body.invitation_token,
          utm: utmOf(body),
        },
        signedInView,
      );
      setSessionCookie(ctx.reply, config, sessionId);
      return { error: false, message: 'Account created.', id: String(user.id), user: view };
    },

    async login(ctx) {
      const { body } = ctx;
      const email = normalizeEmail(body.email);
      await enforceLimits(services, [
        [RATE_RULES.loginIp, ctx.ip],
        [RATE_RULES.loginIpAccount, `${ctx.ip} ${email}`],
      ]);
      // Held before the password is checked, right or wrong alike, so the wait tells nothing.
      await slowDown(services, SLOWDOWN_RULES.loginAccount, email);
      let user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
      // verifyPassword spends the same time for unknown accounts, so timing does not reveal them.
      if (!(await verifyPassword(user?.password_hash ?? null, body.password)) || !user) {
        throw unauthenticated('Invalid email or password.');
      }
      const software = await knownSoftware(db, config, body.software);
      if (software && software !== user.software) {
        user = await db
          .updateTable('users')
          .set({ software })
          .where('id', '=', user.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      await signIn(services, ctx, user);
      return {
        error: false,
        message: 'Signed in.',
        user: await presentUser(db, user),
        software: user.software ? { slug: user.software } : null,
      };
    },

    async googleAuth(ctx) {
      const { body } = ctx;
      await enforceLimits(services, [[RATE_RULES.loginIp, ctx.ip]]);
      if (!services.google) {
        throw unavailable('Google sign-in is not configured on this server (GOOGLE_CLIENT_ID is not set).');
      }
      const identity = await services.google.verify(body.token).catch(() => {
        throw unauthenticated(body.type === 'signup' ? 'Google auth failed' : 'Google login failed');
      });
      if (!identity.emailVerified) throw unauthenticated('Your Google account email is not verified.');
      const email = normalizeEmail(identity.email);
      const software = await knownSoftware(db, config, body.software);

      let user = await db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb.or([eb('google_sub', '=', identity.sub), eb('email', '=', email)]))
        .orderBy(sql`google_sub = ${identity.sub}`, 'desc')
        .executeTakeFirst();
      let created: Awaited<ReturnType<typeof signedInView>> | undefined;
      if (user) {
        const existing = user;
        // Google proved the address. A password set on an account never linked to Google was set by
        // whoever signed up with that address, without proving it (maybe someone waiting for the
        // owner to arrive: pre-account takeover): it is removed and that account's other sessions end.
        // The owner can set a password again with "forgot password".
        const distrustPassword = existing.google_sub === null && existing.password_hash !== null;
        user = await db.transaction().execute(async (trx) => {
          if (distrustPassword) await trx.deleteFrom('sessions').where('user_id', '=', existing.id).execute();
          return trx
            .updateTable('users')
            .set({
              google_sub: identity.sub,
              ...(distrustPassword ? { password_hash: null } : {}),
              ...(software ? { software } : {}),
            })
            .where('id', '=', existing.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        });
        if (distrustPassword) {
          ctx.request.log.warn(
            { userId: existing.id },
            'Google sign-in into a password account never linked to Google: password removed, other sessions ended',
          );
        }
      } else {
        await endPreviousSession(services, ctx);
        created = await createAccount(
          db,
          {
            email,
            name: identity.name,
            passwordHash: null,
            googleSub: identity.sub,
            software,
            hasInstalled: body.has_installed === true,
            invitationToken: body.invitation_token,
            utm: utmOf(body),
          },
          signedInView,
        );
        user = created.user;
        setSessionCookie(ctx.reply, config, created.sessionId);
      }
      if (!created) await signIn(services, ctx, user);
      return {
        error: false,
        message: created ? 'Account created.' : 'Signed in.',
        id: String(user.id),
        user: created ? created.view : await presentUser(db, user),
      };
    },

    async logout(ctx) {
      const sessionId = readSessionCookie(ctx.request);
      if (sessionId) await destroySession(db, sessionId);
      clearSessionCookie(ctx.reply, config);
      return { error: false, message: 'Signed out.' };
    },

    async forgotPassword(ctx) {
      const email = normalizeEmail(ctx.body.email);
      await enforceLimits(services, [[RATE_RULES.forgotIp, ctx.ip]]);
      // Counted for every address, existing or not, and never refused: others asking for the owner's
      // address only make a mail go out at most once a minute, and the owner always has a fresh link.
      const mailAllowed = await services.rateLimiter.hit(RATE_RULES.forgotMail, email);
      const user = await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', '=', email)
        .executeTakeFirst();
      if (user && mailAllowed) {
        const token = newToken();
        await db
          .insertInto('reset_tokens')
          .values({
            token_hash: hashToken(token),
            user_id: user.id,
            expires_at: new Date(Date.now() + RESET_LIFETIME_MS),
          })
          .execute();
        const link = new URL('/reset-password', config.publicUrl);
        link.searchParams.set('token', token);
        // Sent in the background: waiting for the mail server only for existing accounts would let
        // the response time reveal which accounts exist. A failure is logged, never shown.
        const log = ctx.request.log;
        void Promise.resolve()
          .then(() => services.mailer.send(resetPasswordMail(user.email, link.toString())))
          .catch((err: unknown) => {
            log.error({ err }, 'could not send the reset mail');
          });
      }
      return { error: false, message: FORGOT_PASSWORD_MESSAGE };
    },

    async checkResetToken(ctx) {
      await enforceLimits(services, [[RATE_RULES.resetCheckIp, ctx.ip]]);
      const usable = await db
        .selectFrom('reset_tokens')
        .select('user_id')
        .where('token_hash', '=', hashToken(ctx.body.token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      if (!usable) throw invalid(INVALID_RESET_LINK);
      return { error: false, message: 'This reset link is valid.' };
    },

    async resetPassword(ctx) {
      const { token, new_password: password } = ctx.body;
      await enforceLimits(services, [[RATE_RULES.forgotIp, ctx.ip]]);
      if (!isAcceptablePassword(password)) throw invalid(RESET_PASSWORD_MESSAGE);
      const tokenHash = hashToken(token);
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        // Conditional update: of two uses of one link, only the first changes anything.
        const used = await trx
          .updateTable('reset_tokens')
          .set({ used_at: sql`now()` })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', sql<Date>`now()`)
          .returning('user_id')
          .executeTakeFirst();
        if (!used) throw invalid(INVALID_RESET_LINK);
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', used.user_id)
          .execute();
        // Whoever knew the old password is signed out everywhere.
        await trx.deleteFrom('sessions').where('user_id', '=', used.user_id).execute();
        await trx
          .deleteFrom('reset_tokens')
          .where('user_id', '=', used.user_id)
          .where('used_at', 'is', null)
          .execute();
      });
      clearSessionCookie(ctx.reply, config);
      return {
        error: false,
        message: 'Your password has been reset. Please log in.',
        data: { redirect_url: '/login' },
      };
    },
  };
}
