/**
 * docs/scim.md#the-token: an organization's SCIM bearer tokens. Shown once, stored as a SHA-256, with an
 * expiry; a rotation makes a new token and keeps the old one working for a grace period; a revocation
 * ends one at once; the last use is noted. Creating, rotating and revoking are audited.
 */
import type { Organization, ScimToken, User } from '../db/schema.js';
import type { InTransaction, Repositories } from '../repositories/index.js';
import { personOf } from '../repositories/audit.js';
import { hashToken, newToken } from '../security/tokens.js';
import { permittedOrganization } from './authorization.js';
import { dnsProvenDomain } from './company-domain.js';
import { invalid, notFound } from './errors.js';
import { message } from '../../contract/messages.js';

/** How long a rotated token keeps working beside its successor. */
const SCIM_ROTATION_GRACE_HOURS = 24;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type ScimTokenStatus = 'active' | 'rotated' | 'expired' | 'revoked';

const TOKEN_NOT_FOUND = message('scim_token_not_found');

/** What a token is at `now` (pure): the settings show it, and only a working one authenticates. */
export function scimTokenStatus(
  token: Pick<ScimToken, 'expires_at' | 'grace_until' | 'revoked_at'>,
  now: Date,
): ScimTokenStatus {
  if (token.revoked_at !== null) return 'revoked';
  const end =
    token.grace_until !== null && token.grace_until < token.expires_at ? token.grace_until : token.expires_at;
  if (end <= now) return 'expired';
  return token.grace_until === null ? 'active' : 'rotated';
}

const adminsOrganization = (repos: Repositories, admin: User) =>
  permittedOrganization(repos, admin, 'organization.provisioning');

/** A new token of the admin's organization: its value (shown once) and its row. */
export async function createScimToken(
  repos: Repositories,
  admin: User,
  expiresInDays: number,
  ip: string | null,
): Promise<{ token: string; row: ScimToken }> {
  const org = await adminsOrganization(repos, admin);
  if (!org || dnsProvenDomain(org) === null) throw invalid(message('scim_needs_domain'));
  return repos.transaction((tx) =>
    issueToken(tx, org, admin, new Date(Date.now() + expiresInDays * DAY_MS), 'scim.token_created', ip),
  );
}

/** A new token's value and row, saved with its audit entry in the caller's transaction. */
async function issueToken(
  tx: InTransaction,
  org: Organization,
  admin: User,
  expiresAt: Date,
  type: 'scim.token_created' | 'scim.token_rotated',
  ip: string | null,
): Promise<{ token: string; row: ScimToken }> {
  const token = newToken();
  const row = await tx.scim.insertToken({
    organizationId: org.id,
    tokenHash: hashToken(token),
    createdBy: admin.id,
    expiresAt,
  });
  await tx.audit.record({
    type,
    organizationId: org.id,
    actor: personOf(admin),
    target: null,
    ip,
    details: {},
  });
  return { token, row };
}

/**
 * A new token in place of a working one, for the old one's lifetime from now; the old one keeps working
 * for SCIM_ROTATION_GRACE_HOURS (or until it expires, if sooner).
 */
export async function rotateScimToken(
  repos: Repositories,
  admin: User,
  id: number | undefined,
  ip: string | null,
): Promise<{ token: string; row: ScimToken }> {
  const org = await adminsOrganization(repos, admin);
  if (!org || id === undefined) throw notFound(TOKEN_NOT_FOUND);
  return repos.transaction(async (tx) => {
    const old = await tx.scim.findToken(org.id, id, { forUpdate: true });
    const now = new Date();
    if (!old || scimTokenStatus(old, now) !== 'active') throw notFound(TOKEN_NOT_FOUND);
    const lifetime = Math.max(DAY_MS, old.expires_at.getTime() - old.created_at.getTime());
    await tx.scim.setTokenGrace(old.id, new Date(now.getTime() + SCIM_ROTATION_GRACE_HOURS * HOUR_MS));
    return issueToken(tx, org, admin, new Date(now.getTime() + lifetime), 'scim.token_rotated', ip);
  });
}

/** Ends a token at once, rotated or not. */
export async function revokeScimToken(
  repos: Repositories,
  admin: User,
  id: number | undefined,
  ip: string | null,
): Promise<void> {
  const org = await adminsOrganization(repos, admin);
  if (!org || id === undefined) throw notFound(TOKEN_NOT_FOUND);
  await repos.transaction(async (tx) => {
    const token = await tx.scim.findToken(org.id, id, { forUpdate: true });
    if (!token || token.revoked_at !== null) throw notFound(TOKEN_NOT_FOUND);
    await tx.scim.revokeToken(token.id);
    await tx.audit.record({
      type: 'scim.token_revoked',
      organizationId: org.id,
      actor: personOf(admin),
      target: null,
      ip,
      details: {},
    });
  });
}

/** The organization of a working bearer token (its use noted), or undefined. */
export async function organizationOfScimToken(
  repos: Repositories,
  bearer: string | undefined,
): Promise<Organization | undefined> {
  if (!bearer) return undefined;
  const token = await repos.scim.findWorkingToken(hashToken(bearer));
  if (!token) return undefined;
  await repos.scim.touchToken(token.id);
  return repos.organizations.get(token.organization_id);
}
