/** The one invitation mail: invite-user, resend-invitation and the invitation that proves an address. */
import type { Config } from '../config.js';
import type { Invitation, User } from '../db/schema.js';
import { invitationLink } from '../domain/invitations.js';
import type { Mail } from '../mail/mailer.js';
import { invitationMail } from '../mail/templates.js';
import type { InTransaction, Repositories } from '../repositories/index.js';

/** `inviter` null: nobody of the organization is left to name, so the organization invites. */
export async function invitationMailOf(
  config: Pick<Config, 'publicUrl'>,
  data: Repositories | InTransaction,
  inviter: Pick<User, 'name' | 'software'> | null,
  invitation: Invitation,
  token: string,
): Promise<Mail> {
  const org = await data.organizations.get(invitation.organization_id);
  const link = invitationLink(config.publicUrl, token, inviter?.software ?? null);
  return invitationMail(invitation.email, inviter?.name || org.name, org.name, invitation.role, link);
}
