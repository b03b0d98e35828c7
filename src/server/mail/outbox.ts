/** Keeps mail in the outbox table, listed at /sandbox/mail, so links work on a machine without SMTP. */
import type { Db } from '../db/index.js';
import type { Mailer } from './mailer.js';

export function createOutboxMailer(db: Db): Mailer {
  return {
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
}
