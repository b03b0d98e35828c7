/** Invitation tokens: 32 random bytes mailed as a link, stored hashed, valid 7 days, used once. */
import type { Invitation, User } from '../db/schema.js';
import { sameEmail } from '../../shared/email.js';
import type { InvitationsRepository } from '../repositories/invitations.js';
import { hashToken, newToken } from '../security/tokens.js';
import { message } from '../../contract/messages.js';

const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const INVALID_INVITATION = message('invitation_invalid');

/** A new token and its stored hash and expiry. */
export function issueInvitationToken(now = Date.now()) {
  const token = newToken();
  return { token, tokenHash: hashToken(token), expiresAt: new Date(now + INVITATION_LIFETIME_MS) };
}

/** The pending, unexpired invitation of a token, or undefined. */
export async function findPendingInvitation(
  invitations: InvitationsRepository,
  token: string,
): Promise<Invitation | undefined> {
  return invitations.findPendingByToken(hashToken(token));
}

/**
 * The used invitation of a token, if `user` accepted it: its invitee opening the mail again (or going
 * back) is told they are a member, not that the invitation is invalid. Anyone else learns nothing.
 */
export async function acceptedInvitationOf(
  invitations: InvitationsRepository,
  token: string,
  user: Pick<User, 'email' | 'organization_id'>,
): Promise<Invitation | undefined> {
  const invitation = await invitations.findAcceptedByToken(hashToken(token));
  const theirs =
    invitation !== undefined &&
    user.organization_id === invitation.organization_id &&
    sameEmail(user.email, invitation.email);
  return theirs ? invitation : undefined;
}

export function invitationLink(publicUrl: string, token: string, software: string | null): string {
  const url = new URL('/accept-invitation', publicUrl);
  url.searchParams.set('token', token);
  if (software) url.searchParams.set('software', software);
  return url.toString();
}
