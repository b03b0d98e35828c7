/**
 * Two-factor sign-in (docs/product.md#two-factor-sign-in): the TOTP secret sealed like the CRM credentials (secret-box), the
 * last accepted time step (a code works once), hashed single-use recovery codes, and the sign-ins
 * waiting for their code (a pending sign-in is no session: no operation accepts it as signed in).
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `
      alter table users add column totp_secret text;
      alter table users add column totp_pending_secret text;
      alter table users add column totp_last_step integer;
      create table recovery_codes (
        id serial primary key,
        user_id integer not null references users(id) on delete cascade,
        code_hash text not null,
        used_at timestamptz
      );
      create index recovery_codes_user on recovery_codes (user_id);
      create table pending_sign_ins (
        id_hash text primary key,
        user_id integer not null references users(id) on delete cascade,
        attempts integer not null default 0,
        created_at timestamptz not null default now()
      )
    `,
    );
  },
} satisfies Migration;
