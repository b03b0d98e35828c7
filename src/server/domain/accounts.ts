/** Creating accounts (email signup and Google), including joining an organization by invitation. */
import { domainOf } from '../../shared/company-domain.js';
import { normalizeEmail, sameEmail } from '../../shared/email.js';
import { planKeyOf } from '../../shared/plans.js';
import type { Config } from '../config.js';
import type { Invitation, NewUser, Organization, SignInMethod, User } from '../db/schema.js';
import { personOf } from '../repositories/audit.js';
import type { InTransaction, Repositories } from '../repositories/index.js';
import type { CatalogueRepository } from '../repositories/catalogue.js';
import type { UsersRepository } from '../repositories/users.js';
import { grantSignupCredits } from './credits.js';
import { conflict, forbidden, invalid } from './errors.js';
import { INVALID_INVITATION, findPendingInvitation } from './invitations.js';
import { seatFromInvitation } from './organizations.js';
import { applyDefaultCap } from './credit-settings.js';
import { presentUser, type UserView } from './present.js';
import { isOfferedSoftware } from './software.js';
import { stillBills } from './billing/provider-subscription.js';
import { message, type Message } from '../../contract/messages.js';

export interface NewAccount {
  email: string;
  name: string;
  passwordHash: string | null;
  googleSub?: string | null;
  software: string | null;
  hasInstalled: boolean;
  invitationToken: string | null | undefined;
  /** Whoever vouches for the signup proved the address (Google verified it). */
  addressVerified: boolean;
  utm: Pick<NewUser, 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content'>;
}

/** Keeps only a slug of the catalogue, so a stale or forged slug never reaches the user record. */
export async function knownSoftware(
  catalogue: CatalogueRepository,
  config: Pick<Config, 'sandboxes'>,
  slug: string | null | undefined,
): Promise<string | null> {
  if (!slug || !isOfferedSoftware(config, slug)) return null;
  const row = await catalogue.findSoftware(slug);
  return row?.slug ?? null;
}

/**
 * docs/product.md#proven-addresses: whether the user proved the address is theirs (Google verified it, or a mailed invitation or
 * password reset reached them). The one rule of every way into an organization: only such an address
 * joins (createAccount for a signup, joinOrganization for an existing account, which refuses any other);
 * an unproven one is mailed an invitation instead (handlers/proving-invitation.ts).
 */
export function addressProven(user: Pick<User, 'email_proven_at'>): boolean {
  return user.email_proven_at !== null;
}

/**
 * The one write of a proof of the address (docs/product.md#proven-addresses): under a hold of the account's
 * row, re-read, so a proof and a change of the address (or of the account) take turns. An address proven
 * already keeps its first proof. Answers the account as it now is (undefined when it is gone).
 */
export async function proveAddress(
  tx: InTransaction,
  user: Pick<User, 'id'>,
  at: Date = new Date(),
): Promise<User | undefined> {
  const current = await tx.users.findById(user.id, { forUpdate: true });
  if (!current || addressProven(current)) return current;
  return tx.users.updateAndGet(user.id, { email_proven_at: at });
}

export const ADDRESS_NOT_CONFIRMED = message('address_not_confirmed');

/** The organization a signup reached through its address's domain (docs/product.md#automatic-joining). */
export interface DomainJoining {
  /** Joined at once: the address is proven. */
  joined: Organization | null;
  /** Let in only by accepting an invitation mailed to the address (andThen saves and mails it). */
  toProve: Organization | null;
}

/**
 * The user as the contract shows it (get-user and the answers that sign in), for a session signed in with
 * `signInMethod` when the answer starts one.
 */
export async function viewOfUser(
  users: UsersRepository,
  user: User,
  signInMethod: SignInMethod | null,
): Promise<UserView> {
  return presentUser(user, { ...(await users.viewExtras(user)), session_sign_in_method: signInMethod });
}

/**
 * Creates the user in one transaction with the use of the invitation (or the automatic joining of the
 * organization that verified the address's domain), so a failure leaves neither a half-joined user nor a
 * spent invitation. `andThen` runs in the same transaction (the first session,
 * the answer's view), so a call that fails for any reason, an outage included, leaves no account behind.
 */
export async function createAccount<T>(
  repos: Repositories,
  account: NewAccount,
  andThen: (
    tx: InTransaction,
    user: User,
    seatNotice: Message | null,
    domainJoining: DomainJoining,
  ) => Promise<T>,
): Promise<T> {
  const email = normalizeEmail(account.email);
  const invitation = account.invitationToken
    ? await findPendingInvitation(repos.invitations, account.invitationToken)
    : undefined;
  if (account.invitationToken && !invitation) throw invalid(INVALID_INVITATION);
  if (invitation && !sameEmail(invitation.email, email)) {
    throw invalid(message('invitation_other_address'));
  }

  return repos.transaction(async (tx) => {
    // The organization first, as every seat change locks it: inserting the member would otherwise take
    // a weaker lock that two acceptances would both hold, then deadlock upgrading (seatFromInvitation).
    if (invitation) {
      await tx.organizations.findById(invitation.organization_id, { forUpdate: true });
      if (await turnedOffByScim(tx, invitation.organization_id, email)) throw turnedOff(email);
    }
    // docs/product.md#automatic-joining: without an invitation, an organization that lets its verified domain in takes the signup
    // as a Free member (no seat to check: Free uses none), if the address is proven: else it is mailed an
    // invitation. A used invitation proves the address too: its token came by mail.
    const provenAt = invitation || account.addressVerified ? new Date() : null;
    const domainTarget = invitation
      ? null
      : ((await tx.companyDomain.autoJoinTarget(domainOf(email))) ?? null);
    // Someone its identity provider turned off is neither joined nor mailed an invitation to prove it.
    const target = domainTarget && !(await turnedOffByScim(tx, domainTarget.id, email)) ? domainTarget : null;
    const autoJoined = target && addressProven({ email_proven_at: provenAt }) ? target : null;
    const user = await tx.users.insert({
      email,
      name: account.name.trim(),
      password_hash: account.passwordHash,
      google_sub: account.googleSub ?? null,
      software: account.software,
      has_installed: account.hasInstalled,
      // A new signup is the admin of its own account; an invited one takes the invited role.
      role: invitation ? invitation.role : autoJoined ? 'member' : 'admin',
      organization_id: invitation ? invitation.organization_id : (autoJoined?.id ?? null),
      email_proven_at: provenAt,
      ...account.utm,
    });
    if (!user) throw conflict(message('account_exists'));
    if (invitation && !(await tx.invitations.consume(invitation.id))) throw invalid(INVALID_INVITATION);
    await grantSignupCredits(tx, user);
    if (user.organization_id !== null) await applyDefaultCap(tx, user.id, user.organization_id);
    const seatNotice = invitation ? await seatFromInvitation(tx, user.id, invitation) : null;
    return andThen(tx, (await tx.users.findById(user.id))!, seatNotice, {
      joined: autoJoined,
      toProve: autoJoined ? null : target,
    });
  });
}

const PAID_PLAN_BLOCKS_JOINING = message('own_plan_blocks_joining');

/**
 * Whether the organization's identity provider has turned the person of `email` off: its SCIM user there is
 * inactive (docs/scim.md#deprovisioning). Every way into the organization asks (joinWithin, createAccount):
 * an invitation link, an approved request, an invitation an admin sent since, a sign-in by SSO or the
 * verified domain would otherwise let back in, for good, someone the identity provider reads as out.
 */
async function turnedOffByScim(tx: InTransaction, organizationId: number, email: string): Promise<boolean> {
  return (await tx.scim.findUserByName(organizationId, email))?.active === false;
}

const turnedOff = (email: string) => forbidden(message('scim_user_inactive', { email }));

/**
 * A plan the user pays for themself is not one of the organization's seats: joining with it would leave
 * more paid members than purchased seats, and two subscriptions billing for one person.
 */
export function refuseOwnPaidPlan(user: Pick<User, 'stripe_product' | 'stripe_status'>): void {
  // Past due or paused bills (or retries) as active does: joining would leave two subscriptions billing one seat.
  if (planKeyOf(user.stripe_product) !== 'free' && stillBills(user.stripe_status)) {
    throw invalid(PAID_PLAN_BLOCKS_JOINING);
  }
}

/** Joins an existing account to the organization of an invitation (accept-invite while signed in). */
export async function joinByInvitation(
  repos: Repositories,
  user: User,
  invitation: Pick<Invitation, 'id' | 'organization_id' | 'role' | 'product' | 'invited_by'>,
  ip: string | null,
): Promise<Message | null> {
  return joinOrganization(repos, user, invitation, ip, async (tx) => {
    if (!(await tx.invitations.consume(invitation.id))) throw invalid(INVALID_INVITATION);
    // The token came by mail to the address: its owner is who accepts.
    await proveAddress(tx, user);
  });
}

type Grant = Pick<Invitation, 'organization_id' | 'role' | 'product' | 'invited_by'>;

/** An approved request to join and an invitation link both make a Free member. */
export function freeMemberGrant(organizationId: number, invitedBy: number | null): Grant {
  return { organization_id: organizationId, role: 'member', product: 'free', invited_by: invitedBy };
}

/**
 * An existing user without organization joins one: by invitation, or by an approved request to join
 * or an invitation link (both pass a Free member grant). `claim` uses up what let them in (the invitation, the
 * request) in the same transaction, under the organization's lock, and throws when it is gone. Only a
 * proven address joins (addressProven), whatever the way in.
 */
export async function joinOrganization(
  repos: Repositories,
  user: User,
  grant: Grant,
  ip: string | null,
  claim: (tx: InTransaction) => Promise<void>,
  audit: JoinAudit = { type: 'invitation.accepted', actor: user },
): Promise<Message | null> {
  refuseOwnPaidPlan(user);
  return repos.transaction((tx) => joinWithin(tx, user, grant, ip, claim, audit));
}

interface JoinAudit {
  type:
    | 'invitation.accepted'
    | 'join_request.approved'
    | 'invite_link.joined'
    | 'scim.user_joined'
    | 'sso.user_joined';
  /** Who let them in; null for the organization's identity provider (SCIM, single sign-on). */
  actor: User | null;
}

/** joinOrganization in the caller's transaction (SCIM provisioning's, docs/scim.md#provisioning). */
export async function joinWithin(
  tx: InTransaction,
  user: User,
  grant: Grant,
  ip: string | null,
  claim: (tx: InTransaction) => Promise<void>,
  audit: JoinAudit,
): Promise<Message | null> {
  refuseOwnPaidPlan(user);
  await tx.organizations.findById(grant.organization_id, { forUpdate: true }); // see createAccount
  if (await turnedOffByScim(tx, grant.organization_id, user.email)) throw turnedOff(user.email);
  await claim(tx);
  // After the claim: accepting a mailed invitation is what proves the address.
  const joining = await tx.users.findById(user.id);
  if (!joining || !addressProven(joining)) throw invalid(ADDRESS_NOT_CONFIRMED);
  if (!(await tx.users.joinOrganization(user.id, grant.organization_id, grant.role))) {
    throw conflict(message('already_belong_organization'));
  }
  await applyDefaultCap(tx, user.id, grant.organization_id);
  await tx.audit.record({
    type: audit.type,
    organizationId: grant.organization_id,
    actor: audit.actor ? personOf(audit.actor) : null,
    target: personOf(user),
    ip,
    details: { role: grant.role },
  });
  return seatFromInvitation(tx, user.id, grant);
}
