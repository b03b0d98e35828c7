// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/**
 * The one rule for mails that announce what a transaction writes (src/server/mail/with-mails.ts), used by
 * invitations, domain codes, requests to join and automatic joins: with the outbox the mails are written
 * inside the transaction; over SMTP they are sent after the commit, and a failed send refuses the call or is
 * ignored, as the caller says. No database: a transaction that records what happens.
 */
import assert from 'node:assert/strict';
import { describe, it } from './helpers/node-test.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';
import type { Mailer, PermittedMail } from '../../src/server/mail/mailer.js';
import { mailingTransactions } from '../../src/server/mail/with-mails.js';
import { message } from '../../src/contract/messages.js';

type Tx = { trx: Transaction<Database> };
/** Mails as the handlers hand them over, counted already (mail-limits.ts). */
const mail = (to: string) => ({ to, subject: 'Hello', text: 'Hi' }) as PermittedMail;

function recorder() {
  const events: string[] = [];
  const transaction = async <R>(work: (tx: Tx) => Promise<R>): Promise<R> => {
    events.push('begin');
    try {
      const result = await work({ trx: 'the transaction' as unknown as Transaction<Database> });
      events.push('commit');
      return result;
    } catch (error) {
      events.push('rollback');
      throw error;
    }
  };
  return { events, transaction };
}

function smtp(events: string[], fail?: Error): Mailer {
  return {
    async send(sent) {
      events.push(`send ${sent.to}`);
      if (fail) throw fail;
    },
    async close() {},
  };
}

describe('withMails', () => {
  it('with the outbox, writes the mails in the transaction, before the commit', async () => {
    const { events, transaction } = recorder();
    const outbox: Mailer = {
      send: () => Promise.reject(new Error('not used')),
      async sendWithin(trx, sent) {
        events.push(`outbox ${sent.to} in ${String(trx)}`);
      },
      async close() {},
    };
    const withMails = mailingTransactions(outbox, transaction);
    const result = await withMails(async () => {
      events.push('work');
      return { result: 42, mails: [mail('a@acme.com'), mail('b@acme.com')] };
    }, null);
    assert.equal(result, 42);
    assert.deepEqual(events, [
      'begin',
      'work',
      'outbox a@acme.com in the transaction',
      'outbox b@acme.com in the transaction',
      'commit',
    ]);
  });

  it('work that fails sends nothing', async () => {
    const { events, transaction } = recorder();
    const withMails = mailingTransactions(smtp(events), transaction);
    await assert.rejects(
      withMails(async () => {
        throw new Error('refused');
      }, null),
      /refused/,
    );
    assert.deepEqual(events, ['begin', 'rollback']);
  });

  it('over SMTP, sends after the commit', async () => {
    const { events, transaction } = recorder();
    const withMails = mailingTransactions(smtp(events), transaction);
    await withMails(async () => ({ result: undefined, mails: [mail('a@acme.com')] }), null);
    assert.deepEqual(events, ['begin', 'commit', 'send a@acme.com']);
  });

  it('a failed SMTP send refuses the call with the caller text, is logged, or is ignored; the work stays', async () => {
    const { events, transaction } = recorder();
    const withMails = mailingTransactions(smtp(events, new Error('SMTP down')), transaction);
    await assert.rejects(
      withMails(async () => ({ result: 1, mails: [mail('a@acme.com')] }), { refuse: message('mail_failed') }),
      (error: Error & { kind?: string; code?: string }) =>
        error.message === 'The mail could not be delivered. Try again later.' &&
        error.kind === 'invalid' &&
        error.code === 'mail_failed',
    );
    assert.equal(await withMails(async () => ({ result: 2, mails: [mail('b@acme.com')] }), null), 2);
    assert.deepEqual(events, ['begin', 'commit', 'send a@acme.com', 'begin', 'commit', 'send b@acme.com']);
    const logged: unknown[] = [];
    const logging = { log: (error: unknown) => logged.push(error) };
    assert.equal(await withMails(async () => ({ result: 3, mails: [mail('c@acme.com')] }), logging), 3);
    assert.deepEqual(
      logged.map((error) => (error as Error).message),
      ['SMTP down'],
    );
  });

  it('an SMTP timeout or refused connection is a failed send, not a database outage', async () => {
    // nodemailer raises ETIMEDOUT / ECONNREFUSED, codes the database classifier also knows: the committed
    // work (a signup, a join) must not be answered as "service unavailable".
    for (const code of ['ETIMEDOUT', 'ECONNREFUSED']) {
      const { events, transaction } = recorder();
      const failure = Object.assign(new Error(`connect ${code}`), { code });
      const withMails = mailingTransactions(smtp(events, failure), transaction);
      assert.equal(await withMails(async () => ({ result: 1, mails: [mail('a@acme.com')] }), null), 1);
      await assert.rejects(
        withMails(async () => ({ result: 2, mails: [mail('b@acme.com')] }), {
          refuse: message('mail_failed'),
        }),
        /Try again later\./,
      );
      assert.deepEqual(events.slice(0, 2), ['begin', 'commit']);
    }
  });
});
