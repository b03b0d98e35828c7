/**
 * SAML's assertion consumer service at /sso/saml/acs (docs/product.md#signing-in-with-sso): the identity
 * provider's HTTP-POST of its answer. Its own route, outside the JSON API: the identity provider's page
 * posts an HTML form from its own site, so the API's CSRF rule (JSON only, our Origin) cannot hold here;
 * what holds instead is the answer's signature and the `sso_sign_in` cookie (SameSite=None) of the browser
 * that asked. It never answers an XML error or a stack: whatever happens the browser is sent on to
 * /sso/callback with what was concluded, sealed (2 minutes), and the app posts that to finish-sso, which
 * answers it as any single sign-on's end (samlConclusionOf): the user's view, the test's result, or the
 * refusal's sentence by its code.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '../db/schema.js';
import { DomainError, unauthenticated, type RefusalKind } from '../domain/errors.js';
import {
  finishSamlSignIn,
  SamlUnsolicited,
  SSO_SIGN_IN_SECONDS,
  type SsoOutcome,
} from '../domain/sso-sign-in.js';
import type { HandlerContext } from '../http/api.js';
import { HttpError } from '../http/errors.js';
import { clearSsoSignInCookie, readSsoSignInCookie, setSsoSignInCookie } from '../http/session-cookie.js';
import { sessionUserByHash } from '../http/session-user.js';
import { RATE_RULES } from '../security/rate-limit.js';
import type { Services } from '../services.js';
import { SAML_ACS_PATH, SSO_CALLBACK_PATH } from '../../shared/sso-paths.js';
import { message, type Message } from '../../contract/messages.js';
import { createSamlClient } from '../sso/saml.js';
import { signIn } from './auth.js';
import { enforceLimits } from './limits.js';
import { limitedAddress } from '../../shared/ip-allow-list.js';

/** How long the app has to post what the ACS concluded (it does so at once, on /sso/callback's load). */
const CONCLUSION_SECONDS = 120;
/** A SAML response with its certificate and attributes is a few kilobytes; Entra's can reach ~20. */
const ACS_BODY_LIMIT = 256 * 1024;

/** What the ACS concluded, sealed into /sso/callback's query for finish-sso. */
type SamlConclusion = { until: number } & (
  | { kind: 'signed_in'; userId: number; created: boolean }
  | { kind: 'tested'; email: string; testerId: number }
  | { kind: 'refused'; refusal: RefusalKind; said: Message; retryAfterSeconds?: number }
);

/** Why an identity provider's answer was refused, for the log (users read a sentence by its code). */
export function reportRefusal(request: FastifyRequest, detail: string): void {
  request.log.warn({ detail }, 'single sign-on: the identity provider’s answer was refused');
}

/**
 * finish-sso's answer to what the ACS concluded: the refusal again (already audited there), the test's
 * result to the admin who ran it, or the account signed in, to the session the ACS started only.
 */
export async function samlConclusionOf(
  services: Services,
  sealed: string,
  sessionUser: User | undefined,
): Promise<SsoOutcome> {
  let conclusion: SamlConclusion | undefined;
  try {
    conclusion = services.secretBox.open<{ samlConclusion?: SamlConclusion }>(sealed).samlConclusion;
  } catch {
    conclusion = undefined;
  }
  const expired = unauthenticated(message('sso_sign_in_expired'));
  if (!conclusion || conclusion.until < services.clock().getTime()) throw expired;
  if (conclusion.kind === 'refused') {
    // A rate limit's refusal says again when to try (its Retry-After), as it would have at the ACS.
    throw new DomainError(conclusion.refusal, conclusion.said, conclusion.retryAfterSeconds);
  }
  if (conclusion.kind === 'tested') {
    if (sessionUser?.id !== conclusion.testerId) throw expired;
    return { kind: 'tested', email: conclusion.email, tester: sessionUser };
  }
  if (sessionUser?.id !== conclusion.userId) throw expired;
  return { kind: 'signed_in', user: sessionUser, created: conclusion.created };
}

function refusalOf(
  error: unknown,
): { refusal: RefusalKind; said: Message; retryAfterSeconds?: number } | undefined {
  if (error instanceof DomainError) {
    return {
      refusal: error.kind,
      said: { message: error.message, code: error.code, params: error.params },
      ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    };
  }
  if (error instanceof HttpError && error.statusCode === 429) {
    return { refusal: 'rate-limited', said: error.said };
  }
  return undefined;
}

export async function samlAcsPlugin(app: FastifyInstance, options: { services: Services }) {
  const { services } = options;
  const { config } = services;
  await app.register(formbody, { bodyLimit: ACS_BODY_LIMIT });

  app.post(SAML_ACS_PATH, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const text = (value: unknown, max: number) =>
      typeof value === 'string' && value.length <= max ? value : undefined;
    const browserState = readSsoSignInCookie(request);
    const relayState = text(form.RelayState, 512);
    // The answer to this browser's sign-in ends it, whatever comes of it (a new one starts from "Sign in
    // with SSO"); any other post, which any site can make the browser send, leaves it in progress.
    if (browserState !== undefined && relayState === browserState)
      clearSsoSignInCookie(reply, config, 'saml');
    const until = services.clock().getTime() + CONCLUSION_SECONDS * 1000;
    let conclusion: SamlConclusion;
    try {
      await enforceLimits(services, [[RATE_RULES.loginIp, limitedAddress(request.ip)]]);
      const outcome = await finishSamlSignIn(
        {
          repos: services.repos,
          secretBox: services.secretBox,
          oidc: services.oidc,
          saml: createSamlClient(services.ssoFetch),
          config,
          clock: services.clock,
        },
        {
          samlResponse: text(form.SAMLResponse, ACS_BODY_LIMIT) ?? '',
          relayState,
        },
        {
          browserState,
          ip: request.ip,
          report: (detail) => reportRefusal(request, detail),
          testerOf: (sessionHash) => sessionUserByHash(services, request, sessionHash),
        },
      );
      if (outcome instanceof SamlUnsolicited) {
        const { state, redirectUrl } = outcome.start;
        setSsoSignInCookie(reply, config, state, SSO_SIGN_IN_SECONDS, 'saml');
        return reply.redirect(redirectUrl, 303);
      }
      if (outcome.kind === 'tested') {
        conclusion = { kind: 'tested', email: outcome.email, testerId: outcome.tester.id, until };
      } else {
        // signIn reads the request, reply and address of an API call: this route has the same three.
        const ctx = { request, reply, ip: request.ip } as unknown as HandlerContext<'finishSso'>;
        await signIn(services, ctx, outcome.user, 'sso');
        services.deviceCookies.remember(request, reply, outcome.user);
        conclusion = { kind: 'signed_in', userId: outcome.user.id, created: outcome.created, until };
      }
    } catch (error) {
      const refused = refusalOf(error);
      if (!refused) request.log.error({ err: error }, 'single sign-on: the SAML answer could not be handled');
      conclusion = {
        kind: 'refused',
        ...(refused ?? { refusal: 'unauthenticated', said: message('sso_identity_rejected') }),
        until,
      };
    }
    const target = new URL(SSO_CALLBACK_PATH, config.publicUrl);
    target.searchParams.set('saml_outcome', services.secretBox.seal({ samlConclusion: conclusion }));
    return reply.header('cache-control', 'no-store').redirect(target.pathname + target.search, 303);
  });
}
