/**
 * The organization's SCIM provisioning settings (docs/scim.md#the-token): its tokens (created, rotated and
 * revoked by an admin, `organization.provisioning`) and its group mappings (docs/scim.md#groups).
 */
import { planKeyOf, PLAN_NAMES } from '../../shared/plans.js';
import { requirePermission } from '../domain/authorization.js';
import { dnsProvenDomain } from '../domain/company-domain.js';
import { invalid, notFound } from '../domain/errors.js';
import { epochSeconds, parseId } from '../domain/present.js';
import { createScimToken, revokeScimToken, rotateScimToken, scimTokenStatus } from '../domain/scim-tokens.js';
import type { ScimToken } from '../db/schema.js';
import type { Handlers } from '../http/api.js';
import { SCIM_BASE } from '../http/scim.js';
import type { Services } from '../services.js';
import { message } from '../../contract/messages.js';

function presentToken(token: ScimToken, now: Date) {
  return {
    id: String(token.id),
    created_at: epochSeconds(token.created_at)!,
    expires_at: epochSeconds(token.expires_at)!,
    grace_until: epochSeconds(token.grace_until),
    last_used_at: epochSeconds(token.last_used_at),
    status: scimTokenStatus(token, now),
  };
}

export function scimSettingsHandlers(
  services: Services,
): Pick<
  Handlers,
  | 'getScimSettings'
  | 'createScimToken'
  | 'rotateScimToken'
  | 'revokeScimToken'
  | 'setScimGroupMapping'
  | 'removeScimGroupMapping'
> {
  const { repos, config } = services;

  return {
    async getScimSettings(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'organization.provisioning');
      const org =
        user.organization_id === null ? undefined : await repos.organizations.get(user.organization_id);
      const [tokens, mappings] = org
        ? await Promise.all([repos.scim.tokensOf(org.id), repos.scim.mappingsOf(org.id)])
        : [[], []];
      const now = new Date();
      return {
        error: false,
        data: {
          base_url: `${config.publicUrl.replace(/\/$/, '')}${SCIM_BASE}`,
          domain: dnsProvenDomain(org),
          tokens: tokens.map((token) => presentToken(token, now)),
          mappings: mappings.map((mapping) => ({
            id: String(mapping.id),
            display_name: mapping.display_name,
            role: mapping.role as 'member' | 'billing_manager' | 'viewer' | null,
            product: mapping.product === null ? null : PLAN_NAMES[planKeyOf(mapping.product)],
          })),
        },
      };
    },

    async createScimToken(ctx) {
      const user = await ctx.user();
      const { token, row } = await createScimToken(repos, user, ctx.body.expires_in_days ?? 90, ctx.ip);
      return {
        error: false,
        ...message('scim_token_created'),
        data: { token, ...presentToken(row, new Date()) },
      };
    },

    async rotateScimToken(ctx) {
      const user = await ctx.user();
      const { token, row } = await rotateScimToken(repos, user, parseId(ctx.body.id), ctx.ip);
      return {
        error: false,
        ...message('scim_token_rotated'),
        data: { token, ...presentToken(row, new Date()) },
      };
    },

    async revokeScimToken(ctx) {
      const user = await ctx.user();
      await revokeScimToken(repos, user, parseId(ctx.body.id), ctx.ip);
      return { error: false, ...message('scim_token_revoked') };
    },

    async setScimGroupMapping(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'organization.provisioning');
      const { display_name: name, role, product } = ctx.body;
      if ((role === undefined) === (product === undefined)) throw invalid(message('scim_mapping_one_target'));
      const displayName = name.trim();
      if (displayName === '') throw invalid(message('scim_mapping_one_target'));
      if (user.organization_id === null) throw invalid(message('scim_needs_domain'));
      await repos.scim.saveMapping(user.organization_id, displayName, {
        role: role ?? null,
        product: product === undefined ? null : planKeyOf(product),
      });
      return { error: false, ...message('scim_mapping_saved') };
    },

    async removeScimGroupMapping(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'organization.provisioning');
      const id = parseId(ctx.body.id);
      if (
        id === undefined ||
        user.organization_id === null ||
        !(await repos.scim.removeMapping(user.organization_id, id))
      ) {
        throw notFound(message('scim_mapping_not_found'));
      }
      return { error: false, ...message('scim_mapping_removed') };
    },
  };
}
