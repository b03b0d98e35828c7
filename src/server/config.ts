/**
 * Configuration comes only from environment variables, checked once at start so that a bad value
 * stops the process with one message naming every problem instead of failing later mid-request.
 */

export type CrmCredentials = { clientId: string; clientSecret: string };

export interface Config {
  port: number;
  host: string;
  /** Absent: embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** Folder of the embedded database, or 'memory://' for an in-memory one (tests). */
  dataDir: string;
  /** Origin (and optional path) the browser sees; used for links in mails, redirects and CSRF. */
  publicUrl: string;
  /** Path prefix of the API, e.g. '/api'. Always starts with '/' and never ends with one. */
  apiBase: string;
  /** Used to derive the key that encrypts CRM secrets at rest; random per process when absent. */
  sessionSecret: string | undefined;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  smtpUrl: string | undefined;
  /** Sender address of outgoing mail. */
  mailFrom: string;
  googleClientId: string | undefined;
  /** OAuth apps of real CRMs, by slug; a CRM without an entry answers connect with a clear error. */
  crm: Partial<Record<string, CrmCredentials>>;
  /** Extra origins allowed to make state-changing calls, besides publicUrl's. */
  allowedOrigins: string[];
  redisUrl: string | undefined;
  /** Folder of the built SPA. */
  webDir: string;
  /** Trust X-Forwarded-For (behind a load balancer) for the client IP used by rate limits. */
  trustProxy: boolean;
  /** Multiplies every rate limit; tests and load tests raise it. */
  rateLimitFactor: number;
  logLevel: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The real CRMs whose OAuth apps come from the environment (<SLUG>_CLIENT_ID / _CLIENT_SECRET). */
export const REAL_CRM_SLUGS = ['hubspot', 'pipedrive', 'salesforce', 'zoho', 'close', 'copper'] as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const str = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };

  const port = parsePort(str('PORT'), problems);
  const host = str('HOST') ?? '0.0.0.0';

  const databaseUrl = str('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }

  const publicUrl = parseHttpUrl('PUBLIC_URL', str('PUBLIC_URL') ?? `http://localhost:${port}`, problems);

  const rawApiBase = str('API_BASE') ?? '/api';
  let apiBase = rawApiBase.replace(/\/+$/, '');
  if (!apiBase.startsWith('/') || /[\s?#]/.test(apiBase) || apiBase === '') {
    problems.push(`API_BASE must be a path starting with '/', like /api (got "${rawApiBase}")`);
    apiBase = '/api';
  }

  const sessionSecret = str('SESSION_SECRET');
  if (sessionSecret !== undefined && sessionSecret.length < 32) {
    problems.push('SESSION_SECRET must be at least 32 characters long');
  }

  const stripeSecretKey = str('STRIPE_SECRET_KEY');
  if (stripeSecretKey !== undefined && !/^(sk|rk)_(test|live)_/.test(stripeSecretKey)) {
    problems.push('STRIPE_SECRET_KEY must start with sk_test_, sk_live_, rk_test_ or rk_live_');
  }
  const stripeWebhookSecret = str('STRIPE_WEBHOOK_SECRET');
  if (stripeWebhookSecret !== undefined && !stripeWebhookSecret.startsWith('whsec_')) {
    problems.push('STRIPE_WEBHOOK_SECRET must start with whsec_');
  }
  if (stripeSecretKey !== undefined && stripeWebhookSecret === undefined) {
    problems.push('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  }

  const smtpUrl = str('SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/]/.test(smtpUrl)) {
    problems.push('SMTP_URL must look like smtp://user:pass@host:port or smtps://...');
  }
  const mailFrom = str('MAIL_FROM') ?? 'CRM Sync <no-reply@localhost>';

  const googleClientId = str('GOOGLE_CLIENT_ID');
  if (googleClientId !== undefined && !/\.apps\.googleusercontent\.com$/.test(googleClientId)) {
    problems.push('GOOGLE_CLIENT_ID must end with .apps.googleusercontent.com');
  }

  const crm: Config['crm'] = {};
  for (const slug of REAL_CRM_SLUGS) {
    const prefix = slug.toUpperCase();
    const clientId = str(`${prefix}_CLIENT_ID`);
    const clientSecret = str(`${prefix}_CLIENT_SECRET`);
    if ((clientId === undefined) !== (clientSecret === undefined)) {
      problems.push(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
    } else if (clientId !== undefined && clientSecret !== undefined) {
      crm[slug] = { clientId, clientSecret };
    }
  }

  const allowedOrigins: string[] = [];
  for (const origin of (str('ALLOWED_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)) {
    const parsed = parseHttpUrl('ALLOWED_ORIGINS', origin, problems);
    if (parsed !== undefined) allowedOrigins.push(new URL(parsed).origin);
  }

  const redisUrl = str('REDIS_URL');
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) {
    problems.push('REDIS_URL must start with redis:// or rediss://');
  }

  const rateLimitFactor = Number(str('RATE_LIMIT_FACTOR') ?? '1');
  if (!Number.isFinite(rateLimitFactor) || rateLimitFactor <= 0) {
    problems.push('RATE_LIMIT_FACTOR must be a positive number');
  }

  const logLevel = str('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const trustProxy = parseBool('TRUST_PROXY', str('TRUST_PROXY'), problems);

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host,
    databaseUrl,
    dataDir: str('DATA_DIR') ?? './data',
    publicUrl: publicUrl!.replace(/\/+$/, ''),
    apiBase,
    sessionSecret,
    stripeSecretKey,
    stripeWebhookSecret,
    smtpUrl,
    mailFrom,
    googleClientId,
    crm,
    allowedOrigins,
    redisUrl,
    webDir: str('WEB_DIR') ?? 'dist/web',
    trustProxy,
    rateLimitFactor,
    logLevel,
  };
}

function parsePort(raw: string | undefined, problems: string[]): number {
  if (raw === undefined) return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT must be an integer between 0 and 65535 (got "${raw}")`);
    return 3000;
  }
  return port;
}

function parseHttpUrl(name: string, raw: string, problems: string[]): string | undefined {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return raw;
  } catch {
    problems.push(`${name} must be an http:// or https:// URL (got "${raw}")`);
    return undefined;
  }
}

function parseBool(name: string, raw: string | undefined, problems: string[]): boolean {
  if (raw === undefined) return false;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  problems.push(`${name} must be true or false (got "${raw}")`);
  return false;
}
