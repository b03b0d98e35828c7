/**
 * The Demo CRM sandbox: its OAuth authorize page is served by this server
 * (/sandbox/crm/authorize), codes are stored hashed and single use, and API keys that start with
 * `demo_` are accepted. It keeps state in the same database as everything else: the access tokens it
 * issues expire after an hour and are refreshed with a refresh token that works once (each refresh
 * issues a new one, as CRMs that rotate them do), and its control page (/sandbox/crm/tokens) lets them
 * expire at once, refuse the refresh, or refuse an API key, so the whole connection health loop
 * (docs/product.md#connection-health) can be tried on a local install.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { hashToken } from '../security/tokens.js';
import { invalid, rejected } from '../domain/errors.js';
import { CrmAccessRefused, type CrmAccess, type CrmProvider, type OAuthTokenSet } from './provider.js';
import { message } from '../../contract/messages.js';

const CODE_LIFETIME_MS = 10 * 60 * 1000;
/** How long a Demo CRM access token lives, in seconds (what real CRMs usually give: an hour). */
const ACCESS_TOKEN_SECONDS = 3600;

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

/** A new access and refresh token of the user, kept hashed. */
async function issueTokens(db: Db, publicUrl: string, userId: number): Promise<OAuthTokenSet> {
  const access = `demo_at_${randomBytes(24).toString('base64url')}`;
  const refresh = `demo_rt_${randomBytes(24).toString('base64url')}`;
  await db
    .insertInto('demo_crm_tokens')
    .values([
      {
        token_hash: hashToken(access),
        kind: 'access',
        user_id: userId,
        expires_at: new Date(Date.now() + ACCESS_TOKEN_SECONDS * 1000),
      },
      { token_hash: hashToken(refresh), kind: 'refresh', user_id: userId, expires_at: null },
    ])
    .execute();
  return {
    access_token: access,
    refresh_token: refresh,
    domain: 'demo-crm.local',
    api_domain: `${publicUrl}/sandbox/crm`,
    scope: 'contacts',
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
  };
}

/** Whether a key is one the Demo CRM was told to refuse (its control page). */
async function isRefusedKey(db: Db, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('demo_crm_tokens')
    .select('token_hash')
    .where('token_hash', '=', hashToken(key))
    .where('kind', '=', 'refused_key')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the Demo CRM takes these credentials for a record call: an access token it issued that has not
 * expired, or an API key that starts with `demo_` and was not refused.
 */
export async function demoAccepts(db: Db, credentials: CrmAccess['credentials']): Promise<boolean> {
  if (credentials.access_token !== undefined) {
    const row = await db
      .selectFrom('demo_crm_tokens')
      .select('token_hash')
      .where('token_hash', '=', hashToken(credentials.access_token))
      .where('kind', '=', 'access')
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row !== undefined;
  }
  const key = credentials.api_keys?.[0] ?? '';
  return key.startsWith('demo_') && !(await isRefusedKey(db, key));
}

/**
 * The control page's buttons: the user's access tokens expire now, and with `refuseRefresh` their refresh
 * tokens stop working too (the next refresh is answered invalid_grant).
 */
export async function expireDemoTokens(db: Db, userId: number, refuseRefresh: boolean): Promise<void> {
  await db
    .updateTable('demo_crm_tokens')
    .set({ expires_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('kind', '=', 'access')
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
  if (refuseRefresh) {
    await db
      .deleteFrom('demo_crm_tokens')
      .where('user_id', '=', userId)
      .where('kind', '=', 'refresh')
      .execute();
  }
}

/** The control page's other button: the Demo CRM refuses this API key from now on. */
export async function refuseDemoKey(db: Db, userId: number, key: string): Promise<void> {
  await db
    .insertInto('demo_crm_tokens')
    .values({ token_hash: hashToken(key), kind: 'refused_key', user_id: userId, expires_at: null })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute();
}

export function createDemoCrm(db: Db, publicUrl: string): CrmProvider {
  return {
    async exchangeCode(_software, code, context) {
      const codeHash = hashToken(code);
      // Only the user the code was issued to redeems it (a code without a user is never redeemed), and
      // another account's attempt does not use it up; and only with the redirect URI it was issued to, as
      // a CRM checks it (OAuth 2.0, section 4.1.3), both in their normal form (the authorize page keeps
      // it so; PUBLIC_URL may be written otherwise, LOCALHOST for localhost).
      const redirectUri = new URL(context.redirectUri).toString();
      const used = await db
        .updateTable('oauth_codes')
        .set({ used_at: sql`now()` })
        .where('code_hash', '=', codeHash)
        .where('software', '=', 'demo-crm')
        .where('user_id', '=', context.userId)
        .where('redirect_uri', '=', redirectUri)
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
      return issueTokens(db, publicUrl, context.userId);
    },

    async refreshTokens(_software, refreshToken) {
      // A refresh token works once: taking it is the check (a second use, or one refused on the control
      // page, finds nothing). The user's expired access tokens go with it.
      const taken = await db
        .deleteFrom('demo_crm_tokens')
        .where('token_hash', '=', hashToken(refreshToken))
        .where('kind', '=', 'refresh')
        .returning('user_id')
        .executeTakeFirst();
      if (!taken) throw new CrmAccessRefused('invalid_grant');
      await db
        .deleteFrom('demo_crm_tokens')
        .where('user_id', '=', taken.user_id)
        .where('kind', '=', 'access')
        .where('expires_at', '<=', sql<Date>`now()`)
        .execute();
      return issueTokens(db, publicUrl, taken.user_id);
    },

    async verifyApiKeys(_software, keys) {
      const key = keys[0] ?? '';
      if (!key.startsWith('demo_')) throw rejected(message('demo_crm_key_invalid'));
      if (await isRefusedKey(db, key))
        throw rejected(message('crm_refused_credentials', { crm: 'Demo CRM' }));
    },
  };
}
