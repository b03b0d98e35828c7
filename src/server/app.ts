/**
 * buildApp(config): the whole server as a Fastify instance: the API of openapi.yaml under
 * API_BASE, /org-subscription, the sandbox pages, the Stripe webhook and the built SPA.
 * `await app.ready()` to use it; `await app.close()` also closes the database.
 */
import { randomBytes } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { createSandboxBilling } from './billing/sandbox.js';
import type { BillingProvider } from './billing/provider.js';
import type { createStripeClient } from './billing/stripe.js';
import { createUnavailableBilling } from './billing/unavailable.js';
import { applyProviderEvent } from './domain/billing/provider-events.js';
import { createSubscriptionLock } from './billing/subscription-lock.js';
import { createAccountLimit } from './db/pool-share.js';
import { scheduleAuditDeliveries } from './audit-stream/deliveries.js';
import { purgeAuditLog } from './domain/audit-retention.js';
import { fastifyTrustProxy, isLocalUrl, isLoopbackHost, type Config } from './config.js';
import { loadContract, type Contract } from './contract.js';
import { DAY_MS } from '../shared/duration.js';
import { createCrmRecordsRegistry, createCrmRegistry } from './crm/registry.js';
import { createDb, type Db } from './db/index.js';
import { metaValue } from './db/meta.js';
import { auditSettingsHandlers } from './handlers/audit-settings.js';
import { authHandlers } from './handlers/auth.js';
import { billingHandlers } from './handlers/billing.js';
import { catalogueHandlers } from './handlers/catalogue.js';
import { creditsHandlers } from './handlers/credits.js';
import { crmHandlers } from './handlers/crm.js';
import { crmSyncHandlers } from './handlers/crm-sync.js';
import { organizationHandlers } from './handlers/organization.js';
import { createDnsProver, sandboxDnsProver } from './dns/txt-proof.js';
import { scheduleDnsChecks } from './dns/daily-check.js';
import { scheduleKeyChecks } from './crm-health/key-check.js';
import { scheduleTask } from './scheduled.js';
import { companyDomainHandlers } from './handlers/company-domain.js';
import { inviteLinkHandlers } from './handlers/invite-links.js';
import { scimHandlers } from './handlers/scim.js';
import { scimSettingsHandlers } from './handlers/scim-settings.js';
import { ssoHandlers } from './handlers/sso.js';
import { samlAcsPlugin } from './handlers/saml-acs.js';
import { refreshStaleSamlMetadata } from './domain/sso-connections.js';
import { createSamlClient } from './sso/saml.js';
import { securityHandlers } from './handlers/security.js';
import { userHandlers } from './handlers/user.js';
import { registerApi } from './http/api.js';
import { registerScim } from './http/scim.js';
import { createDeviceCookies } from './http/device-cookie.js';
import { checkRequestText } from './http/request-text.js';
import { HttpError, errorEnvelope, handleError } from './http/errors.js';
import { securityHeaders } from './http/headers.js';
import { RequestLog, loggerOptions, type LogOptions } from './http/logging.js';
import { registerWeb, sendAppShell, wantsAppShell } from './http/web.js';
import { trackRunningHandlers } from './http/running-handlers.js';
import { createOutboxMailer, isOutboxMailer } from './mail/outbox.js';
import { createRepositories, type Repositories } from './repositories/index.js';
import { sandboxPlugin } from './sandbox/index.js';
import { identityProviderSandboxPlugin } from './sandbox/identity-provider-page.js';
import type { OidcClient } from './sso/provider.js';
import { sandboxIdentityProviderEnabled } from './sso/sandbox-provider.js';
import { supportFormUrl } from './support/support-form.js';
import { supportPlugin } from './support/support-page.js';
import { createGoogleSandbox, googleSandboxEnabled } from './security/google-sandbox.js';
import { createDbRateLimitStore, createRateLimiter, type RateLimitStore } from './security/rate-limit.js';
import { createFallbackRateLimitStore } from './security/rate-limit-fallback.js';
import { createSecretBox } from './security/secret-box.js';
import type { Services } from './services.js';
import { message } from '../contract/messages.js';
import { pricingOf } from '../shared/plan-catalogue.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Request bodies larger than this are refused with 413 (the largest legitimate body is a few KB). */
const BODY_LIMIT = 64 * 1024;
/**
 * How long closing waits for handlers still running (their clients gone) before the database closes: a
 * handler stuck on a dependency must not keep the process from stopping (main.ts gives up at 10 s).
 */
const HANDLERS_END_MS = 5_000;

export interface BuildOptions {
  /** Replace services (tests: a fake Google verifier, a failing mailer...). */
  services?: Partial<Omit<Services, 'config' | 'db' | 'repos'>>;
  contract?: Contract;
  /** A Stripe client to use when STRIPE_SECRET_KEY is set (tests: one pointed at a fake Stripe server). */
  stripe?: ReturnType<typeof createStripeClient>;
  /** Level and destination of the log (tests capture it), or false for none; redaction always applies. */
  logger?: LogOptions | false;
  /** An in-memory PGlite starts from this migrated dump (tests open many databases; see db/index.ts). */
  pgliteTemplate?: Blob;
  /** Opens (and migrates) the database in place of `createDb` (tests: a slow start). */
  openDb?: typeof createDb;
}

/**
 * Payment: Stripe when configured, else the sandbox while the sandboxes are on, else none (calls answer
 * 503): a deployment without Stripe never hands out plans for free.
 */
function chooseBilling(
  db: Db,
  repos: Repositories,
  config: Config,
  stripe: { adapter: StripeAdapter; client: ReturnType<typeof createStripeClient> } | undefined,
): BillingProvider {
  if (stripe) return stripe.adapter.createStripeBilling(repos, config, stripe.client);
  if (config.sandboxes) return createSandboxBilling(db, repos, config);
  return createUnavailableBilling();
}

/*
 * The adapters of outside services a deployment may not use are loaded only when configured: their SDKs
 * (Stripe, Redis, nodemailer, Google's) cost about a second of start-up CPU, which every test process and
 * every sandbox deployment would pay for nothing.
 */
type StripeAdapter = typeof import('./billing/stripe.js');

/**
 * Single sign-on's client, loaded on its first use: openid-client is start-up time most processes never
 * need. On a deployment it reaches only public internet addresses (an identity provider's addresses are an
 * admin's choice); a local install may use one on this machine (the sandbox).
 */
function lazyOidcClient(config: Config): OidcClient {
  let loaded: Promise<OidcClient> | undefined;
  const client = () =>
    (loaded ??= Promise.all([import('./sso/oidc.js'), import('./sso/public-fetch.js')]).then(
      ([oidc, guard]) =>
        oidc.createOidcClient({
          fetch: isLocalUrl(config.publicUrl) ? guard.nodeFetch() : guard.publicOnlyFetch(),
        }),
    ));
  return {
    discover: async (...args) => (await client()).discover(...args),
    authorizationUrl: async (...args) => (await client()).authorizationUrl(...args),
    finish: async (...args) => (await client()).finish(...args),
  };
}

async function encryptionSecret(db: Db, config: Config): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  return metaValue(db, 'secret', () => randomBytes(32).toString('base64url'));
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const contract = options.contract ?? loadContract();
  // The logger exists only once Fastify does; the database and Redis report through it from then on.
  const logger: { current?: FastifyBaseLogger } = {};
  const db = await (options.openDb ?? createDb)(config, {
    pgliteTemplate: options.pgliteTemplate,
    // A connection lost between queries: the pool replaces it; calls meanwhile answer 503.
    // Only what says why: pg attaches its whole client to the error (every prepared statement's text).
    onConnectionError: (error) =>
      logger.current?.warn(
        { err: { type: error.name, message: error.message, code: (error as { code?: string }).code } },
        'database connection lost',
      ),
  });

  let app: FastifyInstance;

  let rateLimitStore: RateLimitStore | undefined;
  try {
    // Counters shared by every process: Redis when configured (start fails if it does not answer), with
    // the database's counters taking over while Redis is down.
    const redisUrl = config.redisUrl;
    const redis = redisUrl ? await import('./security/rate-limit-redis.js') : undefined;
    rateLimitStore =
      redis && redisUrl
        ? createFallbackRateLimitStore(
            await redis.createRedisRateLimitStore({
              url: redisUrl,
              keyPrefix: config.redisKeyPrefix,
              onError: () => {},
            }),
            createDbRateLimitStore(db),
            {
              onSwitch: (usingFallback, error) =>
                usingFallback
                  ? logger.current?.error(
                      { err: error },
                      `Redis at ${redis.redactRedisUrl(redisUrl)} does not answer: rate limits are counted in the database until it does`,
                    )
                  : logger.current?.warn('Redis answers again: rate limits are counted in Redis'),
            },
          )
        : createDbRateLimitStore(db);
    app = Fastify({
      bodyLimit: BODY_LIMIT,
      trustProxy: fastifyTrustProxy(config.trustProxy),
      // Let in-flight requests finish on close; refuse new ones.
      return503OnClosing: true,
      // A client has this long to send its whole request (headers and body), and 10 s at most for the
      // headers, so slow or stuck clients cannot hold connections; Node answers 408 and closes.
      requestTimeout: config.requestTimeoutMs,
      http: {
        headersTimeout: Math.min(10_000, config.requestTimeoutMs),
        connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(config.requestTimeoutMs / 4))),
      },
      logger: loggerOptions(config, options.logger),
      // No plugin timeout: a start slowed down by a busy machine (PGlite reopening its data directory
      // competes for the CPU) must wait, not fail after Fastify's default 10 s with "Plugin did not
      // start in time". The database is already open here, so no plugin waits on something that may
      // never come.
      pluginTimeout: 0,
      // One line per request instead of Fastify's two (http/logging.ts).
      logController: new RequestLog(),
      // A URL that cannot be decoded ('%' alone) is refused before any route, hook or error handler:
      // answered here as any bad request is, in the contract's envelope (not Fastify's, which echoes the
      // path), with the headers every answer carries.
      frameworkErrors: (error, _request, frameworkReply) => {
        const reply = frameworkReply as unknown as FastifyReply;
        if (error.code !== 'FST_ERR_BAD_URL') return void reply.send(error);
        reply.status(400).type('application/json; charset=utf-8');
        securityHeaders(reply, config);
        return void reply.send(errorEnvelope(message('bad_request')));
      },
    });
  } catch (error) {
    await rateLimitStore?.close();
    await db.destroy();
    throw error;
  }
  const limitStore = rateLimitStore;
  logger.current = app.log;

  app.addHook('onClose', async () => {
    await services.mailer.close();
    await limitStore.close();
    await db.destroy();
  });
  // Added after the hook above, so it runs before it: the handlers still running end first.
  const handlersEnded = trackRunningHandlers(app);
  app.addHook('onClose', () => handlersEnded(HANDLERS_END_MS));

  const serverSecret = await encryptionSecret(db, config);
  // Google's widget when a client id is configured, else (on a sandbox deployment) a page of this server.
  const googleSandbox = googleSandboxEnabled(config) ? createGoogleSandbox(serverSecret) : undefined;
  const stripeAdapter = config.stripeSecretKey ? await import('./billing/stripe.js') : undefined;
  const stripe =
    stripeAdapter && config.stripeSecretKey
      ? {
          adapter: stripeAdapter,
          client: options.stripe ?? stripeAdapter.createStripeClient(config.stripeSecretKey),
        }
      : undefined;
  const repos = createRepositories(db);
  const services: Services = {
    config,
    db,
    repos,
    mailer: config.smtpUrl
      ? (await import('./mail/smtp.js')).createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(db),
    billing: chooseBilling(db, repos, config, stripe),
    seatLock: createSubscriptionLock(db, { acrossProcesses: Boolean(config.databaseUrl) }),
    accountLimit: createAccountLimit(),
    scimLimit: createAccountLimit(),
    crm: createCrmRegistry(db, config),
    crmRecords: createCrmRecordsRegistry(db, config),
    rateLimiter: createRateLimiter(limitStore, config.rateLimitFactor),
    secretBox: createSecretBox(serverSecret),
    deviceCookies: createDeviceCookies(serverSecret, config),
    google: config.googleClientId
      ? (await import('./security/google.js')).createGoogleVerifier(config.googleClientId)
      : googleSandbox?.verifier,
    dns: config.dnsSandbox ? sandboxDnsProver : createDnsProver(config),
    oidc: lazyOidcClient(config),
    ssoFetch: async (input, init) => {
      const guard = await import('./sso/public-fetch.js');
      return (isLocalUrl(config.publicUrl) ? guard.nodeFetch() : guard.publicOnlyFetch())(input, init);
    },
    clock: () => new Date(),
    ...options.services,
  };

  // Scripts (seed-demo) and tests reach the database and providers of a running app through this.
  app.decorate('services', services);

  warnAboutSandboxes(app.log, services);

  const stopSchedules = [
    // Company domains proven by DNS are looked at again every day (docs/product.md#verifying-a-domain).
    scheduleDnsChecks(services, app.log),
    // So are the API keys of CRM connections (docs/product.md#connection-health).
    scheduleKeyChecks(services, app.log),
    // The sync log keeps 13 months (docs/product.md#sync-log): what is older goes once a day.
    scheduleTask(
      () => repos.crmSync.prune(),
      DAY_MS,
      (error) => app.log.error({ err: error }, 'sync log pruning failed'),
    ),
    // SAML metadata URLs are read again every day, so a rotated certificate is known before it signs
    // (docs/product.md#the-connection).
    scheduleTask(
      () =>
        refreshStaleSamlMetadata(
          { repos, saml: createSamlClient(services.ssoFetch), clock: services.clock, config },
          (connectionId, error) =>
            app.log.warn({ err: error, connectionId }, 'SAML metadata could not be read again'),
        ),
      DAY_MS / 24,
      (error) => app.log.error({ err: error }, 'SAML metadata refresh failed'),
    ),
    // Audit entries past their organization's retention go within the hour (an hourly purge still runs on a
    // server restarted every day; docs/product.md#audit-log).
    scheduleTask(
      () => purgeAuditLog(repos, services.clock()),
      DAY_MS / 24,
      (error) => app.log.error({ err: error }, 'audit log purge failed'),
    ),
  ];
  // Each organization's audit entries go to its SIEM endpoint as they are written
  // (docs/product.md#audit-log-streaming). Not a scheduleTask: a look starts turns while others still run,
  // so one slow endpoint never keeps this process from serving the other organizations.
  const stopAuditDeliveries = scheduleAuditDeliveries(services, app.log);
  // onClose hooks run last added first: this one ends before the database closes.
  app.addHook('onClose', async () => {
    for (const stop of stopSchedules) stop();
    await stopAuditDeliveries();
  });

  if (supportFormUrl(services) === null) {
    app.log.warn(
      "The billing views show no 'Need help with your billing?' link: set SUPPORT_FORM_URL (your help desk's form), or SUPPORT_EMAIL with SMTP_URL to receive the requests of the built-in form at /support.",
    );
  }

  app.setErrorHandler(handleError);

  // JSON bodies: an empty body is "no body" (bodyless POSTs such as logout still send the JSON
  // content type for CSRF reasons); prototype-poisoning keys are refused.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    // The default parser answers through the callback; it returns nothing to wait for.
    void parseJson(request, text, (error: Error | null, value?: unknown) => {
      if (error) return done(new HttpError(400, message('body_not_json')), undefined);
      done(null, value);
    });
  });

  // NUL characters (which PostgreSQL text refuses) in params, query or body: 400 for every route.
  app.addHook('preValidation', checkRequestText);

  app.addHook('onSend', async (_request, reply, payload) => {
    securityHeaders(reply, config);
    return payload;
  });

  await app.register(fastifyCookie);
  // API JSON and server-rendered pages, compressed when the client accepts it (a page of 100 members is
  // ~40 KB of JSON, ~5 KB as brotli). Hashed assets are precompressed at build time (http/web.ts) and
  // already carry Content-Encoding, which this leaves alone.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });

  registerApi(app, contract, services, {
    ...authHandlers(services),
    ...userHandlers(services),
    ...securityHandlers(services),
    ...catalogueHandlers(services),
    ...billingHandlers(services),
    ...crmHandlers(services),
    ...crmSyncHandlers(services),
    ...organizationHandlers(services),
    ...companyDomainHandlers(services),
    ...inviteLinkHandlers(services),
    ...creditsHandlers(services),
    ...scimSettingsHandlers(services),
    ...ssoHandlers(services),
    ...auditSettingsHandlers(services),
  });
  await registerScim(app, contract, services, scimHandlers(services));

  await app.register(samlAcsPlugin, { services });
  await app.register(sandboxPlugin, { services, googleSandbox });
  if (sandboxIdentityProviderEnabled(config)) await app.register(identityProviderSandboxPlugin, { services });
  await app.register(supportPlugin, { services });

  if (stripe && config.stripeWebhookSecret) {
    const secret = config.stripeWebhookSecret;
    await app.register(async (scope) => {
      // Signatures are computed over the exact bytes, so this route keeps the raw body.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      // The adapter reads the event (signature, then the port's terms); the use case applies it.
      scope.post('/webhooks/stripe', async (request) => {
        const signature = request.headers['stripe-signature'];
        const event = stripe.adapter.readStripeEvent(
          stripe.client,
          secret,
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
        await applyProviderEvent({ ...services, log: request.log }, event);
        return { received: true };
      });
    });
  }

  const web = await registerWeb(
    app,
    config,
    { supportFormUrl: supportFormUrl(services) },
    { yearlyPricing: async () => pricingOf(await services.repos.catalogue.plans(), 'yearly') },
  );

  app.setNotFoundHandler((request, reply) => {
    if (wantsAppShell(request, config.apiBase)) return sendAppShell(reply, web, request);
    return reply.status(404).send(errorEnvelope(message('not_found')));
  });

  return app;
}

/**
 * What runs instead of the real providers, said at start: loudly when PUBLIC_URL is not local, or when it
 * is but HOST lets other machines in (a container of one's own; never a deployment with real users).
 */
function warnAboutSandboxes(log: FastifyInstance['log'], services: Services): void {
  const { config } = services;
  const sandboxes = () =>
    [
      services.billing.name === 'sandbox'
        ? 'payments are simulated (anyone can get a paid plan without paying)'
        : undefined,
      'the Demo CRM is offered',
      isOutboxMailer(services.mailer) ? "/sandbox/mail shows every user's mails" : undefined,
      googleSandboxEnabled(config)
        ? 'the Google sign-in sandbox (/sandbox/google/signin) signs anyone up as any address (never into an account it did not create)'
        : undefined,
    ]
      .filter(Boolean)
      .join('; ');
  if (config.sandboxes && !isLocalUrl(config.publicUrl)) {
    log.warn(
      `SANDBOXES is on for a non-local PUBLIC_URL (${config.publicUrl}): ${sandboxes()}. Never do this on a deployment with real users.`,
    );
  } else if (config.sandboxes && !isLoopbackHost(config.host)) {
    log.warn(
      `The sandboxes are on (PUBLIC_URL ${config.publicUrl} is local) and HOST=${config.host} lets other machines in: for whoever reaches this server, ${sandboxes()}. Fine for a container of your own; never on a deployment with real users (set SANDBOXES=false, or PUBLIC_URL to its public address).`,
    );
  }
  if (services.billing.name === 'none') {
    log.warn(
      `Payments are off: STRIPE_SECRET_KEY is not set and the sandboxes are off because PUBLIC_URL (${config.publicUrl}) is not local; checkout and the billing portal answer 503. Set STRIPE_SECRET_KEY, or SANDBOXES=true on a sandbox deployment.`,
    );
  }
  if (isOutboxMailer(services.mailer) && !config.sandboxes) {
    log.warn(
      `Mail is NOT delivered: SMTP_URL is not set, so mails (password resets, invitations) stay in the database outbox, and /sandbox/mail is off because PUBLIC_URL (${config.publicUrl}) is not local. Set SMTP_URL, or SANDBOXES=true on a sandbox deployment.`,
    );
  }
}
