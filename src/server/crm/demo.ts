/**
 * The Demo CRM sandbox: its OAuth authorize page is served by this server
 * (/sandbox/crm/authorize), codes are stored hashed and single use, and API keys that start with
 * `demo_` are accepted. It keeps state in the same database as everything else.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { hashToken } from '../security/tokens.js';
import { invalid, rejected } from '../domain/errors.js';
import type { CrmProvider } from './provider.js';
import { message } from '../../contract/messages.js';

const CODE_LIFETIME_MS = 10 * 60 * 1000;

/** Issues an authorization code for the authorize page's Approve button, to the signed-in user. */
export async function issueDemoCode(db: Db, redirectUri: string, userId: number): Promise<string> {
  const code = `demo_code_${randomBytes(24).toString('base64url')}`;
  await db
    .insertInto('oauth_codes')
    .values({
      code_hash: hashToken(code),
      software: 'demo-crm',
      user_id: userId,
      redirect_uri: redirectUri,
      expires_at: new Date(Date.now() + CODE_LIFETIME_MS),
    })
    .execute();
  return code;
}

export function createDemoCrm(db: Db, publicUrl: string): CrmProvider {
  return {
    async exchangeCode(_software, code, context) {
      const codeHash = hashToken(code);
      // Only the user the code was issued to redeems it (a code without a user is never redeemed), and
      // another account's attempt does not use it up.
      const used = await db
        .updateTable('oauth_codes')
        .set({ used_at: sql`now()` })
        .where('code_hash', '=', codeHash)
        .where('software', '=', 'demo-crm')
        .where('user_id', '=', context.userId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning(['redirect_uri', 'user_id'])
        .executeTakeFirst();
      if (!used) {
        const other = await db
          .selectFrom('oauth_codes')
          .select('user_id')
          .where('code_hash', '=', codeHash)
          .where('software', '=', 'demo-crm')
          .executeTakeFirst();
        if (other && other.user_id !== context.userId)
          throw invalid(message('authorization_code_other_account'));
        throw invalid(message('authorization_code_invalid'));
      }
      return {
        access_token: `demo_at_${randomBytes(24).toString('base64url')}`,
        refresh_token: `demo_rt_${randomBytes(24).toString('base64url')}`,
        domain: 'demo-crm.local',
        api_domain: `${publicUrl}/sandbox/crm`,
        scope: 'contacts',
        token_type: 'Bearer',
        expires_in: 3600,
      };
    },

    async verifyApiKeys(_software, keys) {
      if (!keys[0]?.startsWith('demo_')) {
        throw rejected(message('demo_crm_key_invalid'));
      }
    },
  };
}
