/**
 * Keeps mail in the outbox table, listed at /sandbox/mail, so links work on a machine without SMTP.
 * Mail in the outbox is never delivered: on a public deployment, set SMTP_URL.
 */
import type { Db } from '../db/index.js';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Mail, Mailer } from './mailer.js';

const outboxMailers = new WeakSet<Mailer>();

/** True for a mailer of createOutboxMailer (mail kept in the database, not delivered). */
export function isOutboxMailer(mailer: Mailer): boolean {
  return outboxMailers.has(mailer);
}

/** The newest mails of the outbox, newest first (for /sandbox/mail). */
export async function newestMails(db: Db, limit: number) {
  return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

export function createOutboxMailer(db: Db): Mailer {
  const store = async (executor: Db | Transaction<Database>, mail: Mail) => {
    await executor
      .insertInto('outbox')
      .values({
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html ?? null,
      })
      .execute();
  };
  const mailer: Mailer = {
    send: (mail) => store(db, mail),
    sendWithin: (trx, mail) => store(trx, mail),
    async close() {},
  };
  outboxMailers.add(mailer);
  return mailer;
}
