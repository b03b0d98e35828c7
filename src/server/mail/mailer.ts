/** Outgoing mail behind one interface: SMTP when SMTP_URL is set, the database outbox otherwise. */

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go when it is not the sender (a support request: the customer). */
  replyTo?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}
