/**
 * Mails that announce what a transaction writes (an invitation, a verification code, a request to join,
 * a member who joined): one rule for every handler that sends them. With the outbox the mails are written
 * in the same transaction, so both are saved or neither, whatever happens to the database meanwhile. Over
 * SMTP they can only go out after the commit; what a failed send means is the caller's to say.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { invalid } from '../domain/errors.js';
import type { Mailer, PermittedMail } from './mailer.js';
import type { Message } from '../../contract/messages.js';

/** What a transaction of the repositories carries (repositories' InTransaction), as far as mail needs it. */
interface WithTrx {
  trx: Transaction<Database>;
}

/**
 * After a failed SMTP send: `refuse` answers the call with this text (the work stays committed: the
 * text says how to try again), `log` reports the error and answers as if sent, null ignores it (the work
 * is what mattered).
 */
export type MailFailure = { refuse: Message } | { log: (error: unknown) => void } | null;

/**
 * Inside the transaction: writes the mails to the outbox when the mailer keeps them in the database, and
 * answers those still to be sent after the commit (none with the outbox).
 */
export async function mailWithin(
  mailer: Mailer,
  tx: WithTrx,
  mails: PermittedMail[],
): Promise<PermittedMail[]> {
  if (!mailer.sendWithin) return mails;
  for (const mail of mails) await mailer.sendWithin(tx.trx, mail);
  return [];
}

/**
 * After the commit: sends what mailWithin left over. Only SMTP sends here, so a socket error (ETIMEDOUT,
 * ECONNREFUSED) is the mail server's, never the database's: the committed work stands either way.
 */
export async function mailAfterCommit(
  mailer: Mailer,
  mails: PermittedMail[],
  onFailure: MailFailure,
): Promise<void> {
  for (const mail of mails) {
    try {
      await mailer.send(mail);
    } catch (error) {
      if (onFailure && 'refuse' in onFailure) throw invalid(onFailure.refuse);
      onFailure?.log(error);
    }
  }
}

/**
 * `withMails(work, onFailure)` for one way of running transactions (repos.transaction): runs `work` in a
 * transaction and sends the mails it answers, in the transaction or after the commit.
 */
export function mailingTransactions<Tx extends WithTrx>(
  mailer: Mailer,
  transaction: <R>(work: (tx: Tx) => Promise<R>) => Promise<R>,
) {
  return async function withMails<T>(
    work: (tx: Tx) => Promise<{ result: T; mails: PermittedMail[] }>,
    onFailure: MailFailure,
  ): Promise<T> {
    const { result, later } = await transaction(async (tx) => {
      const done = await work(tx);
      return { result: done.result, later: await mailWithin(mailer, tx, done.mails) };
    });
    await mailAfterCommit(mailer, later, onFailure);
    return result;
  };
}
