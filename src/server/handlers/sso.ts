/**
 * Single sign-on (docs/product.md#single-sign-on): the admin's connection (get, save, delete, test) and
 * signing in through it (start-sso, finish-sso). The rules are domain/sso-connections.ts and
 * domain/sso-sign-in.ts; here the binding cookie, the session and the answers.
 */
import type { components } from '../../contract/api.js';
import type { SsoConnection } from '../db/schema.js';
import { viewOfUser } from '../domain/accounts.js';
import { epochSeconds } from '../domain/present.js';
import {
  connectionSettings,
  deleteSsoConnection,
  saveSsoConnection,
  serviceProviderUrls,
  type SsoDependencies,
} from '../domain/sso-connections.js';
import { finishSsoSignIn, SSO_SIGN_IN_SECONDS, startSsoSignIn, startSsoTest } from '../domain/sso-sign-in.js';
import type { Handlers } from '../http/api.js';
import {
  clearSsoSignInCookie,
  readSessionCookie,
  readSsoSignInCookie,
  setSsoSignInCookie,
} from '../http/session-cookie.js';
import { setRequireSso } from '../domain/require-sso.js';
import { RATE_RULES } from '../security/rate-limit.js';
import type { Services } from '../services.js';
import { serviceProviderMetadata } from '../sso/saml-metadata.js';
import { sandboxIdentityProvider } from '../sso/sandbox-provider.js';
import { createSamlClient } from '../sso/saml.js';
import { signIn } from './auth.js';
import { reportRefusal, samlConclusionOf } from './saml-acs.js';
import { enforceLimits } from './limits.js';
import { message } from '../../contract/messages.js';

function presentConnection(row: SsoConnection): components['schemas']['SsoConnection'] {
  return {
    id: String(row.id),
    protocol: row.protocol,
    issuer: row.oidc_issuer,
    client_id: row.oidc_client_id,
    client_secret_set: row.oidc_client_secret !== null,
    metadata_url: row.saml_metadata_url,
    metadata_xml: row.saml_metadata_xml,
    tested_at: epochSeconds(row.tested_at),
    updated_at: epochSeconds(row.updated_at)!,
  };
}

export function ssoHandlers(
  services: Services,
): Pick<
  Handlers,
  | 'getSsoConnection'
  | 'saveSsoConnection'
  | 'deleteSsoConnection'
  | 'testSsoConnection'
  | 'setRequireSso'
  | 'startSso'
  | 'finishSso'
  | 'getSamlMetadata'
> {
  const { repos, config } = services;
  const deps: SsoDependencies = {
    repos,
    secretBox: services.secretBox,
    oidc: services.oidc,
    saml: createSamlClient(services.ssoFetch),
    config,
    clock: services.clock,
  };

  return {
    async getSsoConnection(ctx) {
      const user = await ctx.user();
      const { domain, connection } = await connectionSettings(repos, user);
      const urls = serviceProviderUrls(config.publicUrl);
      return {
        error: false,
        data: {
          domain,
          redirect_uri: urls.redirectUri,
          saml: {
            entity_id: urls.samlEntityId,
            acs_url: urls.samlAcsUrl,
            metadata_url: urls.samlMetadataUrl,
          },
          sandbox: sandboxIdentityProvider(config),
          connection: connection ? presentConnection(connection) : null,
          require_sso: connection?.require_sso === true,
        },
      };
    },

    async saveSsoConnection(ctx) {
      const user = await ctx.user();
      const saved = await saveSsoConnection(deps, user, ctx.body, ctx.ip);
      return { error: false, ...message('sso_connection_saved'), data: presentConnection(saved) };
    },

    async deleteSsoConnection(ctx) {
      const user = await ctx.user();
      await deleteSsoConnection(repos, user, ctx.ip);
      return { error: false, ...message('sso_connection_deleted') };
    },

    async setRequireSso(ctx) {
      const user = await ctx.user();
      const enabled = ctx.body.enabled;
      const { domain, sessionsEnded } = await setRequireSso(repos, user, enabled, {
        sessionId: readSessionCookie(ctx.request),
        ip: ctx.ip,
      });
      return {
        error: false,
        ...(enabled
          ? message('sso_require_on', { domain, sessions: sessionsEnded })
          : message('sso_require_off', { domain })),
      };
    },

    async testSsoConnection(ctx) {
      const admin = await ctx.user();
      // ctx.user() found the session of this cookie.
      const sessionId = readSessionCookie(ctx.request)!;
      const { redirectUrl, state, protocol } = await startSsoTest(deps, { admin, sessionId });
      setSsoSignInCookie(ctx.reply, config, state, SSO_SIGN_IN_SECONDS, protocol);
      return { error: false, redirect_url: redirectUrl };
    },

    async startSso(ctx) {
      await enforceLimits(services, [[RATE_RULES.loginIp, ctx.limitedIp]]);
      const { redirectUrl, state, protocol } = await startSsoSignIn(deps, ctx.body.email);
      setSsoSignInCookie(ctx.reply, config, state, SSO_SIGN_IN_SECONDS, protocol);
      return { error: false, redirect_url: redirectUrl };
    },

    async getSamlMetadata(ctx) {
      await ctx.reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(await serviceProviderMetadata(config));
      // The answer is the XML, already sent: nothing for the API layer to serialise.
      return undefined as never;
    },

    async finishSso(ctx) {
      await enforceLimits(services, [[RATE_RULES.loginIp, ctx.limitedIp]]);
      const { saml_outcome: samlOutcome, state, ...answer } = ctx.body;
      const outcome = samlOutcome
        ? await samlConclusionOf(services, samlOutcome, await ctx.optionalUser())
        : await finishOidc(state);
      if (outcome.kind === 'tested') {
        return {
          error: false,
          outcome: 'tested',
          ...message('sso_connection_tested', { email: outcome.email }),
        };
      }
      const { user, created } = outcome;
      return {
        error: false,
        outcome: 'signed_in',
        ...(created ? message('account_created') : message('signed_in')),
        user: await viewOfUser(repos.users, user, 'sso'),
        software: user.software ? { slug: user.software } : null,
      };

      async function finishOidc(state: string | undefined) {
        const browserState = readSsoSignInCookie(ctx.request);
        // Whatever happens, this browser's attempt is over: a new one starts from "Sign in with SSO".
        clearSsoSignInCookie(ctx.reply, config);
        const outcome = await finishSsoSignIn(
          deps,
          { ...answer, state: state ?? '' },
          {
            browserState,
            user: await ctx.optionalUser(),
            ip: ctx.ip,
            report: (detail) => reportRefusal(ctx.request, detail),
          },
        );
        if (outcome.kind === 'signed_in') {
          await signIn(services, ctx, outcome.user, 'sso');
          services.deviceCookies.remember(ctx.request, ctx.reply, outcome.user);
        }
        return outcome;
      }
    },
  };
}
