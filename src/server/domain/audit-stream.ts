/**
 * An admin streaming the organization's audit log to a SIEM (docs/product.md#audit-log-streaming): the
 * endpoint's address, checked against SSRF (https only; on a deployment, public addresses only), its
 * signing secret (shown once, stored sealed, rotated with 24 hours of overlap) and its removal. Every
 * change is audited, in its transaction.
 */
import { isIP } from 'node:net';
import { message } from '../../contract/messages.js';
import { isLocalUrl } from '../config.js';
import type { User } from '../db/schema.js';
import { personOf } from '../repositories/audit.js';
import type { InTransaction, Repositories } from '../repositories/index.js';
import { isPublicAddress } from '../security/public-address.js';
import type { SecretBox } from '../security/secret-box.js';
import { newSigningSecret } from '../security/webhook-signature.js';
import { requirePermission } from './authorization.js';
import { invalid, notFound } from './errors.js';
import { ensureOrganization } from './organizations.js';

/** How long a rotated secret keeps signing beside the new one. */
const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

const NOT_FOUND = message('audit_stream_not_found');

interface StreamDeps {
  repos: Repositories;
  secretBox: SecretBox;
  clock: () => Date;
}

export interface UrlCheck {
  /** A local install (PUBLIC_URL on this machine): http://localhost is allowed, no address is refused. */
  local: boolean;
  /** The addresses a host name resolves to (none: not found). */
  resolve: (host: string) => Promise<string[]>;
}

/** The host of a saved address, for the audit log: the path may hold a collector's token. */
export const hostOf = (url: string) => new URL(url).host;

/**
 * The address as it will be saved, or a refusal the admin can act on: not a URL, not https:// (http only
 * to this machine on a local install), a user name or password in it, or, on a deployment, a host that is
 * not found or is (or resolves to) a non-public address. Deliveries check the resolved address again.
 */
export async function checkStreamUrl(raw: string, check: UrlCheck): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid(message('audit_stream_url_invalid'));
  }
  const httpToThisMachine = url.protocol === 'http:' && check.local && isLocalUrl(url.toString());
  if (url.protocol !== 'https:' && !httpToThisMachine) throw invalid(message('audit_stream_url_not_https'));
  if (url.username !== '' || url.password !== '') throw invalid(message('audit_stream_url_credentials'));
  if (!check.local) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) !== 0 ? [host] : await check.resolve(host).catch(() => []);
    if (addresses.length === 0) throw invalid(message('audit_stream_host_unknown', { host }));
    if (!addresses.every(isPublicAddress)) {
      throw invalid(message('audit_stream_address_not_allowed', { host }));
    }
  }
  url.hash = '';
  return url.toString();
}

async function adminsOrganization(tx: InTransaction, admin: User) {
  requirePermission(admin, 'audit.manage');
  const org = await ensureOrganization(tx, admin);
  // Two admins at once take turns: the second sees what the first saved.
  await tx.organizations.findById(org.id, { forUpdate: true });
  return org;
}

/**
 * Creates the endpoint (answering its new secret) or changes its address (answering null: the secret
 * stays). `url` is checkStreamUrl's answer.
 */
export async function saveAuditStream(
  deps: StreamDeps,
  admin: User,
  url: string,
  ip: string | null,
): Promise<{ organizationId: number; secret: string | null }> {
  return deps.repos.transaction(async (tx) => {
    const org = await adminsOrganization(tx, admin);
    const audit = { organizationId: org.id, actor: personOf(admin), target: null, ip };
    const existing = await tx.auditStream.streamOf(org.id);
    if (existing) {
      if (existing.url !== url) {
        await tx.auditStream.setUrl(org.id, url);
        await tx.audit.record({
          ...audit,
          type: 'audit.stream_changed',
          details: { from: hostOf(existing.url), to: hostOf(url) },
        });
      }
      return { organizationId: org.id, secret: null };
    }
    const secret = newSigningSecret();
    await tx.auditStream.createStream(org.id, url, deps.secretBox.seal(secret));
    // Recorded after the endpoint exists: this entry is the first the SIEM receives.
    await tx.audit.record({ ...audit, type: 'audit.stream_created', details: { host: hostOf(url) } });
    return { organizationId: org.id, secret };
  });
}

/** A new secret; the current one keeps signing beside it for ROTATION_OVERLAP_MS. */
export async function rotateAuditStreamSecret(
  deps: StreamDeps,
  admin: User,
  ip: string | null,
): Promise<{ organizationId: number; secret: string }> {
  return deps.repos.transaction(async (tx) => {
    const org = await adminsOrganization(tx, admin);
    const stream = await tx.auditStream.streamOf(org.id);
    if (!stream) throw notFound(NOT_FOUND);
    const secret = newSigningSecret();
    await tx.auditStream.rotateSecret(org.id, {
      secret: deps.secretBox.seal(secret),
      previous: stream.secret,
      previousUntil: new Date(deps.clock().getTime() + ROTATION_OVERLAP_MS),
    });
    await tx.audit.record({
      type: 'audit.stream_secret_rotated',
      organizationId: org.id,
      actor: personOf(admin),
      target: null,
      ip,
      details: { host: hostOf(stream.url) },
    });
    return { organizationId: org.id, secret };
  });
}

/** Deletes the endpoint with its secret and its queue; the log itself stays. */
export async function removeAuditStream(deps: StreamDeps, admin: User, ip: string | null): Promise<void> {
  await deps.repos.transaction(async (tx) => {
    const org = await adminsOrganization(tx, admin);
    const stream = await tx.auditStream.streamOf(org.id);
    if (!stream) throw notFound(NOT_FOUND);
    await tx.auditStream.removeStream(org.id);
    // Recorded after the removal: it is not queued for the endpoint that is gone.
    await tx.audit.record({
      type: 'audit.stream_removed',
      organizationId: org.id,
      actor: personOf(admin),
      target: null,
      ip,
      details: { host: hostOf(stream.url) },
    });
  });
}

/** The secrets a delivery at `now` is signed with: the current one, and the previous one while it overlaps. */
export function signingSecrets(
  secretBox: SecretBox,
  stream: { secret: string; previous_secret: string | null; previous_secret_until: Date | null },
  now: Date,
): string[] {
  const secrets = [secretBox.open<string>(stream.secret)];
  if (
    stream.previous_secret !== null &&
    stream.previous_secret_until !== null &&
    stream.previous_secret_until > now
  ) {
    secrets.push(secretBox.open<string>(stream.previous_secret));
  }
  return secrets;
}
