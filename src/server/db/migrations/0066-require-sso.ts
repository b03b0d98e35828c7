/**
 * "Require SSO" (docs/product.md#require-sso):
 *
 * - `sessions.sign_in_method`: how each session was signed in (`password`, `google`, `sso`,
 *   `password+code`, `password+recovery code`), so the session resolver can end the sessions an organization
 *   that requires single sign-on no longer accepts. Sessions from before this migration read as null: not
 *   signed in with single sign-on.
 * - `sso_connections.require_sso`: the organization's setting. Kept on the connection, so deleting the
 *   connection turns it off with it: nobody is left required to use a sign-in that no longer exists.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `alter table sessions add column sign_in_method text;
       alter table sso_connections add column require_sso boolean not null default false`,
    );
  },
} satisfies Migration;
