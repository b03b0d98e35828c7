/**
 * The audit log's settings (admins, `audit.manage`): how long it is kept (docs/product.md#audit-log) and
 * the SIEM endpoint it is streamed to, with its delivery status and a test event
 * (docs/product.md#audit-log-streaming).
 */
import { lookup } from 'node:dns/promises';
import type { components } from '../../contract/api.js';
import { message, type Message } from '../../contract/messages.js';
import { sendTestEvent, DELIVERY_TIMEOUT_MS } from '../audit-stream/deliveries.js';
import type { SendOutcome } from '../audit-stream/sender.js';
import { isLocalUrl } from '../config.js';
import { auditRetentionOf, saveAuditRetention } from '../domain/audit-retention.js';
import {
  checkStreamUrl,
  hostOf,
  removeAuditStream,
  rotateAuditStreamSecret,
  saveAuditStream,
} from '../domain/audit-stream.js';
import { requirePermission } from '../domain/authorization.js';
import { notFound } from '../domain/errors.js';
import { epochSeconds } from '../domain/present.js';
import type { Handlers } from '../http/api.js';
import { RATE_RULES } from '../security/rate-limit.js';
import type { Services } from '../services.js';
import { enforceLimits } from './limits.js';

type AuditStream = components['schemas']['AuditStream'];
type FailureReason = NonNullable<AuditStream['last_failure']>['reason'];

const resolveHost = async (host: string) => (await lookup(host, { all: true })).map((entry) => entry.address);

/** What the admin reads of a test event's outcome. */
function testOutcomeMessage(outcome: SendOutcome, url: string): Message {
  if (outcome.delivered) return message('audit_stream_test_delivered', { status: outcome.status });
  switch (outcome.reason) {
    case 'http_status':
      return message('audit_stream_test_refused', { status: outcome.status ?? 0 });
    case 'timeout':
      return message('audit_stream_test_timeout', { seconds: DELIVERY_TIMEOUT_MS / 1000 });
    case 'address_not_allowed':
      return message('audit_stream_address_not_allowed', { host: new URL(url).hostname });
    case 'unreachable':
      return message('audit_stream_test_unreachable', { host: hostOf(url) });
  }
}

export function auditSettingsHandlers(
  services: Services,
): Pick<
  Handlers,
  | 'getAuditSettings'
  | 'setAuditStream'
  | 'rotateAuditStreamSecret'
  | 'removeAuditStream'
  | 'testAuditStream'
  | 'setAuditRetention'
> {
  const { repos } = services;

  async function presentStream(organizationId: number): Promise<AuditStream | null> {
    const [stream, status] = await Promise.all([
      repos.auditStream.streamOf(organizationId),
      repos.auditStream.statusOf(organizationId),
    ]);
    if (!stream) return null;
    const now = services.clock();
    return {
      url: stream.url,
      created_at: epochSeconds(stream.created_at)!,
      previous_secret_until:
        stream.previous_secret_until !== null && stream.previous_secret_until > now
          ? epochSeconds(stream.previous_secret_until)
          : null,
      last_success_at: epochSeconds(stream.last_success_at),
      last_failure:
        stream.last_failure_at === null
          ? null
          : {
              at: epochSeconds(stream.last_failure_at)!,
              status_code: stream.last_failure_status,
              reason: (stream.last_failure_reason ?? 'unreachable') as FailureReason,
            },
      pending: status.pending,
      failed: status.failed,
    };
  }

  return {
    async getAuditSettings(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'audit.manage');
      const organizationId = user.organization_id;
      return {
        error: false,
        data: {
          retention_days: await auditRetentionOf(repos, organizationId),
          stream: organizationId === null ? null : await presentStream(organizationId),
        },
      };
    },

    async setAuditStream(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'audit.manage');
      const url = await checkStreamUrl(ctx.body.url, {
        local: isLocalUrl(services.config.publicUrl),
        resolve: resolveHost,
      });
      const { organizationId, secret } = await saveAuditStream(services, user, url, ctx.ip);
      return {
        error: false,
        ...message(secret === null ? 'audit_stream_saved' : 'audit_stream_created'),
        data: { secret, stream: (await presentStream(organizationId))! },
      };
    },

    async rotateAuditStreamSecret(ctx) {
      const user = await ctx.user();
      const { organizationId, secret } = await rotateAuditStreamSecret(services, user, ctx.ip);
      return {
        error: false,
        ...message('audit_stream_secret_rotated'),
        data: { secret, stream: (await presentStream(organizationId))! },
      };
    },

    async removeAuditStream(ctx) {
      const user = await ctx.user();
      await removeAuditStream(services, user, ctx.ip);
      return { error: false, ...message('audit_stream_removed') };
    },

    async testAuditStream(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'audit.manage');
      const stream =
        user.organization_id === null ? undefined : await repos.auditStream.streamOf(user.organization_id);
      if (!stream) throw notFound(message('audit_stream_not_found'));
      // Each test is a request to an address an admin chose: bounded, so it cannot be made a flood.
      await enforceLimits(services, [[RATE_RULES.auditStreamTestOrg, String(stream.organization_id)]]);
      const { outcome, event } = await sendTestEvent(services, stream);
      return {
        error: false,
        ...testOutcomeMessage(outcome, stream.url),
        data: { delivered: outcome.delivered, status_code: outcome.status, event },
      };
    },

    async setAuditRetention(ctx) {
      const user = await ctx.user();
      await saveAuditRetention(repos, user, ctx.body.retention_days, ctx.ip);
      return { error: false, ...message('audit_retention_saved', { days: ctx.body.retention_days }) };
    },
  };
}
