/**
 * Configuration comes only from environment variables, checked once at start so that a bad value
 * stops the process with one message naming every problem instead of failing later mid-request.
 */

import { isIP } from 'node:net';
import { isEmailAddress } from '../shared/email.js';

type CrmCredentials = { clientId: string; clientSecret: string };

export interface Config {
  port: number;
  /** Where to listen: HOST, else 'localhost' (loopback only) for a local PUBLIC_URL, else 0.0.0.0. */
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
  /**
   * Where the CRM adapters call each CRM's REST API (HUBSPOT_API_URL, PIPEDRIVE_API_URL, SALESFORCE_API_URL;
   * tests point them at local fakes). Undefined: the CRM's own host (api.hubapi.com; the connection's
   * api_domain, else api.pipedrive.com; the connection's instance_url for Salesforce).
   */
  crmApiUrls: Partial<Record<string, string>>;
  /** Extra origins allowed to make state-changing calls, besides publicUrl's. */
  allowedOrigins: string[];
  redisUrl: string | undefined;
  /** Put before every Redis key (REDIS_KEY_PREFIX), so deployments or test runs can share a Redis. */
  redisKeyPrefix: string;
  /** Folder of the built SPA. */
  webDir: string;
  /**
   * Which X-Forwarded-For hops to trust for the client IP used by rate limits (TRUST_PROXY): false
   * (none), a hop count, or the addresses/CIDRs of the proxies. Never "all", which lets clients pick their IP.
   */
  trustProxy: false | number | string[];
  /** Multiplies every rate limit; tests and load tests raise it. */
  rateLimitFactor: number;
  logLevel: string;
  /**
   * The contact-support form the billing views link to (SUPPORT_FORM_URL, http(s) only). Absent: the
   * server's own form at /support, when someone will read what it sends (see support/support-form.ts).
   */
  supportFormUrl: string | undefined;
  /** Where the server's own support form sends requests (SUPPORT_EMAIL). */
  supportEmail: string | undefined;
  /**
   * Every sandbox on or off at once (SANDBOXES, formerly SANDBOX_PAGES; true|false): the payment sandbox
   * (checkout page, billing portal) when Stripe is not configured, the Demo CRM and its pages, the mail
   * outbox page, and any other page under /sandbox/. Absent: on only when PUBLIC_URL's host is this machine,
   * so a real deployment never hands out free plans or shows other users' mail by accident. Turning them on
   * for a non-local PUBLIC_URL logs a warning at start and on every sandbox payment.
   */
  sandboxes: boolean;
  /**
   * The DNS servers that domain verification asks (DNS_SERVERS: comma-separated addresses, each with an
   * optional :port); undefined asks the system's resolvers.
   */
  dnsServers: string[] | undefined;
  /** How long one DNS question may take before the answer is "DNS error" (DNS_TIMEOUT_MS, default 5000). */
  dnsTimeoutMs: number;
  /**
   * DNS verification without DNS (DNS_SANDBOX, true|false): every TXT record is found. Absent: on when the
   * sandboxes are and the PUBLIC_URL is local and no DNS_SERVERS are given; never with a non-local
   * PUBLIC_URL (a configuration error), so a deployment cannot take domains unproven.
   */
  dnsSandbox: boolean;
  /** How long a database query, or getting a connection, may take before the call answers 503 (DATABASE_TIMEOUT_MS). */
  databaseTimeoutMs: number;
  /** How long a client may take to send a whole request, headers and body (REQUEST_TIMEOUT_MS); then 408. */
  requestTimeoutMs: number;
  /**
   * How often this process looks for audit entries to send to the organizations' SIEM endpoints
   * (AUDIT_STREAM_POLL_MS, default 2000; docs/product.md#audit-log-streaming); 0: this process sends none
   * (another one does).
   */
  auditStreamPollMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The real CRMs whose OAuth apps come from the environment (<SLUG>_CLIENT_ID / _CLIENT_SECRET). */
const REAL_CRM_SLUGS = ['hubspot', 'pipedrive', 'salesforce', 'zoho', 'close', 'copper'] as const;

/** The CRMs with a record adapter, whose API base URL may be set (<SLUG>_API_URL). */
const CRM_API_SLUGS = ['hubspot', 'pipedrive', 'salesforce'] as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const str = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };

  const port = parsePort(str('PORT'), problems);

  const databaseUrl = str('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }

  const publicUrl = parseHttpUrl('PUBLIC_URL', str('PUBLIC_URL') ?? `http://localhost:${port}`, problems);
  // A local PUBLIC_URL turns the sandboxes on (free payments, everyone's mails at /sandbox/mail), so without
  // an explicit HOST such a server answers this machine only: a deployment that forgot PUBLIC_URL is not
  // reachable from outside. 'localhost' binds every loopback address it resolves to (127.0.0.1, ::1).
  const host = str('HOST') ?? (publicUrl !== undefined && isLocalUrl(publicUrl) ? 'localhost' : '0.0.0.0');

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

  const crmApiUrls: Config['crmApiUrls'] = {};
  for (const slug of CRM_API_SLUGS) {
    const name = `${slug.toUpperCase()}_API_URL`;
    const raw = str(name);
    const url = raw === undefined ? undefined : parseHttpUrl(name, raw, problems);
    if (url !== undefined) crmApiUrls[slug] = url.replace(/\/+$/, '');
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

  const trustProxy = parseTrustProxy(str('TRUST_PROXY'), problems);

  const rawSupportFormUrl = str('SUPPORT_FORM_URL');
  const supportFormUrl =
    rawSupportFormUrl === undefined
      ? undefined
      : parseHttpUrl('SUPPORT_FORM_URL', rawSupportFormUrl, problems);
  const supportEmail = str('SUPPORT_EMAIL');
  if (supportEmail !== undefined && !isEmailAddress(supportEmail)) {
    problems.push(
      `SUPPORT_EMAIL must be one email address, like support@example.com (got "${supportEmail}")`,
    );
  }

  const sandboxes = parseSandboxes(str('SANDBOXES'), str('SANDBOX_PAGES'), publicUrl, problems);
  const dnsServers = parseDnsServers(str('DNS_SERVERS'), problems);
  const dnsTimeoutMs = parseMilliseconds('DNS_TIMEOUT_MS', str('DNS_TIMEOUT_MS'), 5_000, problems);
  const localUrl = publicUrl !== undefined && isLocalUrl(publicUrl);
  const rawDnsSandbox = str('DNS_SANDBOX');
  const dnsSandbox =
    rawDnsSandbox === undefined
      ? sandboxes && localUrl && dnsServers === undefined
      : parseBool('DNS_SANDBOX', rawDnsSandbox, problems);
  if (dnsSandbox && !localUrl) {
    problems.push('DNS_SANDBOX=true needs a local PUBLIC_URL: it verifies domains without asking DNS');
  }
  const databaseTimeoutMs = parseMilliseconds(
    'DATABASE_TIMEOUT_MS',
    str('DATABASE_TIMEOUT_MS'),
    10_000,
    problems,
  );
  const requestTimeoutMs = parseMilliseconds(
    'REQUEST_TIMEOUT_MS',
    str('REQUEST_TIMEOUT_MS'),
    30_000,
    problems,
  );

  const rawAuditPoll = str('AUDIT_STREAM_POLL_MS');
  const auditStreamPollMs =
    rawAuditPoll === '0' ? 0 : parseMilliseconds('AUDIT_STREAM_POLL_MS', rawAuditPoll, 2000, problems);

  // SESSION_SECRET encrypts stored CRM credentials. Without it the key is generated and kept in the
  // database beside what it encrypts, which is fine on a developer's machine and protects nothing anywhere else.
  if (sessionSecret === undefined && publicUrl !== undefined && !isLocalUrl(publicUrl)) {
    problems.push(
      'SESSION_SECRET is required when PUBLIC_URL is not a local address: it encrypts the stored CRM credentials (at least 32 characters, e.g. `openssl rand -base64 48`)',
    );
  }

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
    crmApiUrls,
    allowedOrigins,
    redisUrl,
    redisKeyPrefix: str('REDIS_KEY_PREFIX') ?? 'crm-sync:rate:',
    webDir: str('WEB_DIR') ?? 'dist/web',
    trustProxy,
    rateLimitFactor,
    logLevel,
    supportFormUrl,
    supportEmail,
    sandboxes,
    dnsServers,
    dnsTimeoutMs,
    dnsSandbox,
    databaseTimeoutMs,
    requestTimeoutMs,
    auditStreamPollMs,
  };
}

/** True when the URL's host is this machine (localhost, *.localhost, 127.0.0.0/8, ::1). */
export function isLocalUrl(raw: string): boolean {
  return isLoopbackHost(new URL(raw).hostname);
}

/** True when a host name or address (a URL's, or HOST's) is this machine's loopback only. */
export function isLoopbackHost(raw: string): boolean {
  const host = raw.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
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

/**
 * Config.trustProxy in the form Fastify's trustProxy option takes: a hop count becomes "trust the
 * first N addresses counted from the socket" (hop 0 is the socket's peer, the nearest proxy).
 */
export function fastifyTrustProxy(
  trustProxy: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: a hop count, or a comma-separated list of proxy addresses, CIDRs or range names. */
function parseTrustProxy(raw: string | undefined, problems: string[]): false | number | string[] {
  if (raw === undefined || ['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = (entry: string) => {
    if (PROXY_RANGE_NAMES.includes(entry)) return true;
    const [address, prefix, extra] = entry.split('/');
    const version = isIP(address ?? '');
    if (version === 0 || extra !== undefined) return false;
    if (prefix === undefined) return true;
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
  };
  const bad = entries.filter((entry) => !valid(entry));
  if (entries.length === 0 || bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be a hop count (e.g. 1: the load balancer in front of the server) or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8,192.168.1.10, or loopback, linklocal, uniquelocal) (got "${raw}"${bad.length > 0 && entries.length > 1 ? `; not valid: ${bad.join(', ')}` : ''}). "true" is not accepted: it trusts every X-Forwarded-For hop, so any client could choose its IP.`,
    );
    return false;
  }
  return entries;
}

/**
 * SANDBOXES (or its former name SANDBOX_PAGES, which now means the same): explicit true/false, else on only
 * for a local PUBLIC_URL.
 */
function parseSandboxes(
  raw: string | undefined,
  formerName: string | undefined,
  publicUrl: string | undefined,
  problems: string[],
): boolean {
  if (raw !== undefined && formerName !== undefined) {
    const a = parseBool('SANDBOXES', raw, problems);
    const b = parseBool('SANDBOX_PAGES', formerName, problems);
    if (a !== b) problems.push('SANDBOXES and SANDBOX_PAGES (its former name) disagree: set only SANDBOXES');
    return a && b;
  }
  if (raw !== undefined) return parseBool('SANDBOXES', raw, problems);
  if (formerName !== undefined) return parseBool('SANDBOX_PAGES', formerName, problems);
  return publicUrl !== undefined && isLocalUrl(publicUrl);
}

function parseMilliseconds(
  name: string,
  raw: string | undefined,
  fallback: number,
  problems: string[],
): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 100 || value > 600_000) {
    problems.push(`${name} must be a number of milliseconds between 100 and 600000 (got "${raw}")`);
    return fallback;
  }
  return value;
}

/** DNS_SERVERS: "1.1.1.1, 127.0.0.1:5353, [::1]:53": IPv4 or bracketed IPv6 addresses, each with an optional port. */
function parseDnsServers(raw: string | undefined, problems: string[]): string[] | undefined {
  if (raw === undefined) return undefined;
  const servers = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const valid = /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?|[0-9a-fA-F:]+)$/;
  const wrong = servers.filter((server) => !valid.test(server));
  if (servers.length === 0 || wrong.length > 0) {
    problems.push(
      `DNS_SERVERS must be IP addresses with an optional port, like 1.1.1.1,127.0.0.1:5353 (got "${raw}")`,
    );
    return undefined;
  }
  return servers;
}

function parseBool(name: string, raw: string | undefined, problems: string[]): boolean {
  if (raw === undefined) return false;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  problems.push(`${name} must be true or false (got "${raw}")`);
  return false;
}
