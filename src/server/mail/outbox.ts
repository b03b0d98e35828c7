/**
 * Keeps mail in the outbox table, listed at /sandbox/mail, so links work on a machine without SMTP.
 * Mail in the outbox is never delivered: on a public deployment, set SMTP_URL.
 */
import type { Db } from '../db/index.js';
import type { Mailer } from './mailer.js';

const outboxMailers = new WeakSet<Mailer>();

/** True for a mailer of createOutboxMailer (mail kept in the database, not delivered). */
export function isOutboxMailer(mailer: Mailer): boolean {
  return outboxMailers.has(mailer);
}

export function createOutboxMailer(db: Db): Mailer {
  const mailer: Mailer = {
    async send(mail) {
      await db
        .insertInto('outbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html ?? null,
        })
        .execute();
    },
    async close() {},
  };
  outboxMailers.add(mailer);
  return mailer;
}
