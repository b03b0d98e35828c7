/** crm: pre-connect, access-token, verify-settings, disconnect. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { checkPreconnectValue } from '../domain/preconnect-choices.js';
import type { Software, User } from '../db/schema.js';
import { json } from '../db/json.js';
import { viewOfUser } from '../domain/accounts.js';
import { tokenExpiry, tokenHash, type StoredKeys, type StoredOAuth } from '../domain/crm-access.js';
import { isOfferedSoftware, oauthRedirectUri } from '../domain/software.js';
import { roleCan } from '../../shared/permissions.js';
import { requirePermission } from '../domain/authorization.js';
import { invalid, rejected } from '../domain/errors.js';
import { personOf } from '../repositories/audit.js';
import type { Handlers } from '../http/api.js';
import type { Services } from '../services.js';
import { message } from '../../contract/messages.js';

const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** The connection's current access token, or one a refresh replaced (the extension may still hold it). */
function isTokenOf(stored: StoredOAuth, token: string): boolean {
  if (sameSecret(stored.access_token, token)) return true;
  const hash = tokenHash(token);
  return (stored.earlier_tokens ?? []).some((earlier) => sameSecret(earlier, hash));
}

export function crmHandlers(
  services: Services,
): Pick<Handlers, 'preConnect' | 'accessToken' | 'verifySettings' | 'disconnect'> {
  const { repos, config, secretBox } = services;

  async function softwareFor(user: User, slug: string | null | undefined): Promise<Software> {
    const chosen = slug ?? user.software;
    const row = chosen ? await repos.catalogue.findSoftware(chosen) : undefined;
    if (!row || !isOfferedSoftware(config, row.slug)) throw invalid(message('software_not_found'));
    return row;
  }

  /** Replaces the user's personal connection (or the organization's shared one) in one transaction. */
  async function saveConnection(
    user: User,
    software: Software,
    authType: string,
    credentials: StoredOAuth | StoredKeys,
    shared: boolean,
    ip: string,
    tokenExpiresAt: Date | null = null,
  ) {
    return repos.transaction(async (tx) => {
      await tx.audit.record({
        type: 'crm.connected',
        organizationId: user.organization_id,
        actor: personOf(user),
        target: personOf(user),
        ip,
        details: { crm: software.software, method: authType, organization_wide: shared },
      });
      const id = await tx.connections.replace(user, {
        software: software.slug,
        authType,
        sealedCredentials: secretBox.seal(credentials),
        shared,
        tokenExpiresAt,
      });
      await tx.users.update(user.id, { software: software.slug, preconnect: null });
      return id;
    });
  }

  return {
    async preConnect(ctx) {
      const user = await ctx.user();
      const software = await softwareFor(user, ctx.body.software);
      const shared = ctx.body.is_organization_connection === true;
      if (shared) {
        requirePermission(user, 'connection.organization', message('organization_connection_admin_only'));
        if (user.organization_id === null) throw invalid(message('no_organization'));
      }
      const known = new Set(software.preconnect_fields.map((f) => f.id));
      const fields = ctx.body.fields
        .filter((f) => known.has(f.id))
        .map((f) => ({ id: f.id, value: f.value.trim() }));
      const unknown = ctx.body.fields.find((f) => !known.has(f.id));
      if (unknown) throw invalid(message('crm_unknown_field', { field: unknown.id, crm: software.software }));
      const missing = software.preconnect_fields.find(
        (f) => !fields.some((v) => v.id === f.id && v.value !== ''),
      );
      if (missing) throw invalid(message('field_missing', { field: missing.name }));
      for (const field of fields) {
        const spec = software.preconnect_fields.find((f) => f.id === field.id)!;
        const checked = checkPreconnectValue(software.slug, spec, field.value);
        if ('error' in checked) throw invalid(checked.error);
        field.value = checked.value;
      }
      await repos.users.update(user.id, {
        preconnect: json({ software: software.slug, fields, is_organization_connection: shared }),
      });
      return { error: false, ...message('saved') };
    },

    async accessToken(ctx) {
      const user = await ctx.user();
      const software = await softwareFor(user, ctx.body.software ?? user.preconnect?.software);
      if (software.auth_options === 'api key')
        throw invalid(message('crm_uses_api_key', { crm: software.software }));
      const preconnect = user.preconnect?.software === software.slug ? user.preconnect : null;
      const fields = Object.fromEntries((preconnect?.fields ?? []).map((f) => [f.id, f.value]));
      const tokens = await services.crm
        .forSoftware(software.slug)
        .exchangeCode(software, ctx.body.oauth_code, {
          redirectUri: oauthRedirectUri(config),
          fields,
          userId: user.id,
        });
      const now = Math.floor(Date.now() / 1000);
      const shared =
        preconnect?.is_organization_connection === true &&
        roleCan(user.role, 'connection.organization') &&
        user.organization_id !== null;
      await saveConnection(
        user,
        software,
        'oauth',
        { ...tokens, fields },
        shared,
        ctx.ip,
        tokenExpiry(tokens, new Date(now * 1000)),
      );
      const updated = await repos.users.findById(user.id);
      if (!updated) throw new Error(`User ${user.id} is missing`);
      return {
        error: false,
        ...message('successfully_connected'),
        data: {
          ...tokens,
          expires_at: tokens.expires_in === null ? null : now + tokens.expires_in,
          updated_at: now,
        },
        user: await viewOfUser(repos.users, updated, (await ctx.view()).session_sign_in_method ?? null),
      };
    },

    async verifySettings(ctx) {
      const user = await ctx.user();
      const { body } = ctx;
      const software = await softwareFor(user, body.software);

      if (body.auth_type === 'oauth') {
        if (software.auth_options === 'api key')
          throw invalid(message('crm_uses_api_key', { crm: software.software }));
        const token = body.oauth_access_token?.trim();
        if (!token) throw invalid(message('oauth_token_missing'));
        // The token must be one this server obtained for the user (or for their organization).
        const connections = await repos.connections.oauthConnectionsOf(user, software.slug);
        const match = connections.find((c) => {
          try {
            return isTokenOf(secretBox.open<StoredOAuth>(c.credentials), token);
          } catch {
            return false;
          }
        });
        if (!match) throw rejected(message('oauth_token_not_yours'));
        await repos.connections.touch(match.id);
        return {
          error: false,
          ...message('successfully_connected'),
          api_keys: { api_key_1: null, api_key_2: null, api_key_3: null, api_key_4: null },
          data: { auth_type: 'oauth', connection_id: String(match.id) },
        };
      }

      if (software.auth_options === 'oauth')
        throw invalid(message('crm_uses_oauth', { crm: software.software }));
      const count = Math.min(4, Math.max(1, software.api_keys.length));
      const keys = [body.api_key_1, body.api_key_2, body.api_key_3, body.api_key_4]
        .slice(0, count)
        .map((k) => k?.trim() ?? '');
      if (keys.some((k) => k === '')) throw invalid(message('api_key_fields_missing'));
      await services.crm.forSoftware(software.slug).verifyApiKeys(software, keys);
      const connectionId = await saveConnection(user, software, 'api key', { api_keys: keys }, false, ctx.ip);
      const [k1, k2, k3, k4] = [0, 1, 2, 3].map((i) => keys[i] ?? null);
      return {
        error: false,
        ...message('successfully_connected'),
        api_keys: { api_key_1: k1, api_key_2: k2, api_key_3: k3, api_key_4: k4 },
        data: { auth_type: 'api key', connection_id: String(connectionId) },
      };
    },

    async disconnect(ctx) {
      const user = await ctx.user();
      // The user's own connection, and an organization-wide one only if they made it.
      await repos.transaction(async (tx) => {
        const removed = await tx.connections.deleteMadeBy(user.id);
        await tx.users.update(user.id, { preconnect: null });
        if (removed > 0) {
          await tx.audit.record({
            type: 'crm.disconnected',
            organizationId: user.organization_id,
            actor: personOf(user),
            target: personOf(user),
            ip: ctx.ip,
          });
        }
      });
      return { error: false, ...message('crm_disconnected') };
    },
  };
}
