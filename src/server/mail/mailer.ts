/** Outgoing mail behind one interface: SMTP when SMTP_URL is set, the database outbox otherwise. */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go when it is not the sender (a support request: the customer). */
  replyTo?: string;
}

declare const permitted: unique symbol;
/** A mail counted by permitMail (mail-limits.ts, which alone makes one): the only mail the mailer sends. */
export type PermittedMail = Mail & { readonly [permitted]: true };

/** Takes only mails counted by permitMail (mail-limits.ts). */
export interface Mailer {
  send(mail: PermittedMail): Promise<void>;
  close(): Promise<void>;
  /**
   * Only mailers that keep mail in the database (the outbox): writes the mail in the caller's
   * transaction, so the mail and what it announces (an invitation) are saved together or not at all.
   */
  sendWithin?(trx: Transaction<Database>, mail: PermittedMail): Promise<void>;
}
