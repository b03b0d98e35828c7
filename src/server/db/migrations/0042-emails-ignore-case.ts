/**
 * docs/product.md#email-addresses: one account per address whatever its case. Every address the server stores has been
 * normalized (src/shared/email.ts), so older rows in another case come only from hand edits or imports.
 * They are lowercased; addresses that would then collide are not merged or renamed behind anyone's back:
 * the migration stops and names them, for an operator to merge or rename those accounts first (the
 * server does not start until then). The unique index keeps it so from now on.
 */
import { sql, type Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    const { rows } = await sql<{ email: string; accounts: string }>`
      select lower(btrim(email)) as email, count(*)::text as accounts from users
      group by lower(btrim(email)) having count(*) > 1 order by 1`.execute(db);
    if (rows.length > 0) {
      const list = rows.map((row) => `${row.email} (${row.accounts} accounts)`).join(', ');
      throw new Error(
        `These addresses belong to several accounts that differ only by letter case: ${list}. ` +
          'Merge or rename those accounts, then start the server again.',
      );
    }
    await runStatements(
      db,
      `
      update users set email = lower(btrim(email)) where email <> lower(btrim(email));
      update invitations set email = lower(btrim(email)) where email <> lower(btrim(email));
      create unique index users_email_lower on users (lower(email))
    `,
    );
  },
} satisfies Migration;
