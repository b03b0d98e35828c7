/**
 * buildApp(config): the whole server as a Fastify instance: the API of openapi.yaml under
 * API_BASE, /org-subscription, the sandbox pages, the Stripe webhook and the built SPA.
 * `await app.ready()` to use it; `await app.close()` also closes the database.
 */
import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createSandboxBilling } from './billing/sandbox.js';
import { ProviderError } from './billing/provider.js';
import { createStripeBilling, createStripeClient, handleStripeWebhook } from './billing/stripe.js';
import { fastifyTrustProxy, type Config } from './config.js';
import { loadContract, type Contract } from './contract.js';
import { createCrmRegistry } from './crm/registry.js';
import { createDb, type Db } from './db/index.js';
import { metaValue } from './db/meta.js';
import { authHandlers } from './handlers/auth.js';
import { billingHandlers } from './handlers/billing.js';
import { catalogueHandlers } from './handlers/catalogue.js';
import { crmHandlers } from './handlers/crm.js';
import { organizationHandlers } from './handlers/organization.js';
import { userHandlers } from './handlers/user.js';
import { registerApi } from './http/api.js';
import { rejectNulBytes } from './http/nul-bytes.js';
import { HttpError, errorEnvelope, handleError } from './http/errors.js';
import { registerWeb, sendAppShell, wantsAppShell } from './http/web.js';
import { createOutboxMailer, isOutboxMailer } from './mail/outbox.js';
import { createSmtpMailer } from './mail/smtp.js';
import { sandboxPlugin } from './sandbox/index.js';
import { createGoogleVerifier } from './security/google.js';
import { createGoogleSandbox, googleSandboxEnabled } from './security/google-sandbox.js';
import { createDbRateLimitStore, createRateLimiter, type RateLimitStore } from './security/rate-limit.js';
import { createRedisRateLimitStore } from './security/rate-limit-redis.js';
import { createSecretBox } from './security/secret-box.js';
import type { Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Request bodies larger than this are refused with 413 (the largest legitimate body is a few KB). */
export const BODY_LIMIT = 64 * 1024;

export interface BuildOptions {
  /** Replace services (tests: a fake Google verifier, a failing mailer...). */
  services?: Partial<Omit<Services, 'config' | 'db'>>;
  contract?: Contract;
  logger?: FastifyServerOptions['logger'];
}

/** Query values that are secrets (invitation and reset tokens, OAuth codes) never reach the logs. */
function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code|oauth_code|id)=)[^&]*/g, '$1[redacted]');
}

async function encryptionSecret(db: Db, config: Config): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  return metaValue(db, 'secret', () => randomBytes(32).toString('base64url'));
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const contract = options.contract ?? loadContract();
  const db = await createDb(config);

  let app: FastifyInstance;
  let rateLimitStore: RateLimitStore | undefined;
  try {
    // Counters shared by every process: Redis when configured (start fails if it does not answer).
    rateLimitStore = config.redisUrl
      ? await createRedisRateLimitStore({
          url: config.redisUrl,
          keyPrefix: config.redisKeyPrefix,
          onError: (error) => app?.log.error({ err: error }, 'Redis (rate limits) connection error'),
        })
      : createDbRateLimitStore(db);
    app = Fastify({
      bodyLimit: BODY_LIMIT,
      trustProxy: fastifyTrustProxy(config.trustProxy),
      // Let in-flight requests finish on close; refuse new ones.
      return503OnClosing: true,
      logger: options.logger ?? {
        level: config.logLevel,
        redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        serializers: {
          req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
        },
      },
    });
  } catch (error) {
    await rateLimitStore?.close();
    await db.destroy();
    throw error;
  }
  const limitStore = rateLimitStore;

  app.addHook('onClose', async () => {
    await services.mailer.close();
    await limitStore.close();
    await db.destroy();
  });

  const serverSecret = await encryptionSecret(db, config);
  // Google's widget when a client id is configured, else (on a sandbox deployment) a page of this server.
  const googleSandbox = googleSandboxEnabled(config) ? createGoogleSandbox(serverSecret) : undefined;
  const stripe = config.stripeSecretKey ? createStripeClient(config.stripeSecretKey) : undefined;
  const services: Services = {
    config,
    db,
    mailer: config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(db),
    billing: stripe ? createStripeBilling(db, config, stripe) : createSandboxBilling(db, config),
    crm: createCrmRegistry(db, config),
    rateLimiter: createRateLimiter(limitStore, config.rateLimitFactor),
    secretBox: createSecretBox(serverSecret),
    google: config.googleClientId ? createGoogleVerifier(config.googleClientId) : googleSandbox?.verifier,
    ...options.services,
  };

  // Scripts (seed-demo) and tests reach the database and providers of a running app through this.
  app.decorate('services', services);

  if (isOutboxMailer(services.mailer) && !config.sandboxPages) {
    app.log.warn(
      `Mail is NOT delivered: SMTP_URL is not set, so mails (password resets, invitations) stay in the database outbox, and /sandbox/mail is off because PUBLIC_URL (${config.publicUrl}) is not local. Set SMTP_URL, or SANDBOX_PAGES=true on a sandbox deployment.`,
    );
  }

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ProviderError) return reply.status(502).send(errorEnvelope(error.message));
    return handleError(error instanceof Error ? error : new Error(String(error)), request, reply);
  });

  // JSON bodies: an empty body is "no body" (bodyless POSTs such as logout still send the JSON
  // content type for CSRF reasons); prototype-poisoning keys are refused.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (error: Error | null, value?: unknown) => {
      if (error) return done(new HttpError(400, 'The request body is not valid JSON.'), undefined);
      done(null, value);
    });
  });

  // NUL characters (which PostgreSQL text refuses) in params, query or body: 400 for every route.
  app.addHook('preValidation', rejectNulBytes);

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    return payload;
  });

  await app.register(fastifyCookie);

  registerApi(app, contract, services, {
    ...authHandlers(services),
    ...userHandlers(services),
    ...catalogueHandlers(services),
    ...billingHandlers(services),
    ...crmHandlers(services),
    ...organizationHandlers(services),
  });

  await app.register(sandboxPlugin, { services, googleSandbox });

  if (stripe && config.stripeWebhookSecret) {
    const secret = config.stripeWebhookSecret;
    await app.register(async (scope) => {
      // Signatures are computed over the exact bytes, so this route keeps the raw body.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      scope.post('/webhooks/stripe', async (request) => {
        const signature = request.headers['stripe-signature'];
        await handleStripeWebhook(
          db,
          stripe,
          secret,
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true };
      });
    });
  }

  const web = await registerWeb(app, config);

  app.setNotFoundHandler((request, reply) => {
    if (wantsAppShell(request, config.apiBase)) return sendAppShell(reply, web.hasBuild);
    return reply.status(404).send(errorEnvelope('Not found'));
  });

  return app;
}
