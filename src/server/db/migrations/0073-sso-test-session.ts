/**
 * A test of a single sign-on connection belongs to the session that started it
 * (docs/invariants.md#sessions-and-pending-sign-ins-end-together): `sso_sign_ins.tester_session_hash` names
 * it, and goes with it. Logging out, ending that one session or any way of ending the admin's sessions
 * deletes the test still waiting for the identity provider's answer, so a SAML answer, which arrives by a
 * cross-site post without the session cookie, cannot conclude a test its session no longer backs.
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table sso_sign_ins add column tester_session_hash text references sessions(id_hash) on delete cascade;
      create index sso_sign_ins_tester_session_hash on sso_sign_ins (tester_session_hash);
      `,
    );
  },
} satisfies Migration;
