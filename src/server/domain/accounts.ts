/** Creating accounts (email signup and Google), including joining an organization by invitation. */

import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { isOfferedSoftware } from './software.js';
import type { Transaction } from 'kysely';
import type { Database, NewUser, User } from '../db/schema.js';
import { conflict, invalid } from '../domain/errors.js';
import { planKeyOf } from '../../shared/plans.js';
import { INVALID_INVITATION, consumeInvitation, findPendingInvitation } from './invitations.js';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface NewAccount {
  email: string;
  name: string;
  passwordHash: string | null;
  googleSub?: string | null;
  software: string | null;
  hasInstalled: boolean;
  invitationToken: string | null | undefined;
  utm: Pick<NewUser, 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content'>;
}

/** Keeps only a slug of the catalogue, so a stale or forged slug never reaches the user record. */
export async function knownSoftware(
  db: Db,
  config: Pick<Config, 'sandboxes'>,
  slug: string | null | undefined,
): Promise<string | null> {
  if (!slug || !isOfferedSoftware(config, slug)) return null;
  const row = await db.selectFrom('software').select('slug').where('slug', '=', slug).executeTakeFirst();
  return row?.slug ?? null;
}

/**
 * Creates the user in one transaction with the use of the invitation, so a failure leaves neither
 * a half-joined user nor a spent invitation. `andThen` runs in the same transaction (the first session,
 * the answer's view), so a call that fails for any reason, an outage included, leaves no account behind.
 */
export async function createAccount<T>(
  db: Db,
  account: NewAccount,
  andThen: (trx: Transaction<Database>, user: User) => Promise<T>,
): Promise<T> {
  const email = normalizeEmail(account.email);
  const invitation = account.invitationToken
    ? await findPendingInvitation(db, account.invitationToken)
    : undefined;
  if (account.invitationToken && !invitation) throw invalid(INVALID_INVITATION);
  if (invitation && invitation.email !== email) {
    throw invalid('This invitation was sent to another email address: sign up with that address.');
  }

  return db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        email,
        name: account.name.trim(),
        password_hash: account.passwordHash,
        google_sub: account.googleSub ?? null,
        software: account.software,
        has_installed: account.hasInstalled,
        // A new signup is the admin of its own account; an invited one takes the invited role.
        role: invitation ? invitation.role : 'admin',
        organization_id: invitation ? invitation.organization_id : null,
        ...account.utm,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!user) throw conflict('An account with this email already exists. Please log in.');
    if (invitation && !(await consumeInvitation(trx, invitation.id))) throw invalid(INVALID_INVITATION);
    return andThen(trx, user);
  });
}

export const PAID_PLAN_BLOCKS_JOINING =
  'You pay for a plan of your own: cancel it in the billing portal before joining an organization.';

/** Joins an existing account to the organization of an invitation (accept-invite while signed in). */
export async function joinByInvitation(
  db: Db,
  user: User,
  invitationId: number,
  organizationId: number,
  role: string,
) {
  // A plan the user pays for themself is not one of the organization's seats: joining with it would leave
  // more paid members than purchased seats, and two subscriptions billing for one person.
  if (planKeyOf(user.stripe_product) !== 'free' && user.stripe_status === 'active') {
    throw invalid(PAID_PLAN_BLOCKS_JOINING);
  }
  await db.transaction().execute(async (trx) => {
    if (!(await consumeInvitation(trx, invitationId))) throw invalid(INVALID_INVITATION);
    const joined = await trx
      .updateTable('users')
      .set({ organization_id: organizationId, role })
      .where('id', '=', user.id)
      .where('organization_id', 'is', null)
      .executeTakeFirst();
    if (joined.numUpdatedRows !== 1n) throw conflict('You already belong to an organization.');
  });
}
