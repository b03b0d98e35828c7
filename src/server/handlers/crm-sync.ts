/**
 * CRM sync (docs/product.md#crm-sync-rules): get-crm-fields, get-sync-settings, set-sync-settings,
 * sync-profile (the extension's call), and the sync log's list-sync-log and export-sync-log
 * (docs/product.md#sync-log).
 */
import { message, type MessageCode } from '../../contract/messages.js';
import { roleCan } from '../../shared/permissions.js';
import { crmObjects, settingsProblem, type CrmObject } from '../../shared/crm-sync-rules.js';
import type { Software, User } from '../db/schema.js';
import { requirePermission } from '../domain/authorization.js';
import { crmAnswerOf, openRecordApi, syncProfile, syncSettingsFor } from '../domain/crm-sync.js';
import { invalid, notFound, USER_NOT_IN_ORGANIZATION } from '../domain/errors.js';
import { ensureOrganization } from '../domain/organizations.js';
import { epochSeconds, parseId } from '../domain/present.js';
import { isOfferedSoftware } from '../domain/software.js';
import { personOf } from '../repositories/audit.js';
import { withCrmBackoff } from '../crm/provider.js';
import { connectionAttention } from '../crm-health/attention.js';
import type { SyncLogCursor, SyncLogFilter } from '../repositories/crm-sync.js';
import { keyset, sendCsv } from '../http/csv-download.js';
import type { Handlers } from '../http/api.js';
import type { Services } from '../services.js';
import { spendNewsMails } from './credit-news.js';
import { timeRangeOf } from './time-range.js';

/**
 * Who governs the team's sync: the admins, who also choose its shared connection
 * (docs/product.md#roles-and-permissions).
 */
const GOVERNS_SYNC = 'connection.organization';

const SYNC_LOG_CSV_HEADER = [
  'time',
  'member_email',
  'crm',
  'outcome',
  'profile_name',
  'profile_url',
  'record_id',
  'record_url',
  'fields_written',
  'refused_field',
  'detail',
  'credits_charged',
];

type LogQuery = { user_id?: string; outcome?: SyncLogFilter['outcome']; from?: number; to?: number };

export function crmSyncHandlers(
  services: Services,
): Pick<
  Handlers,
  'getCrmFields' | 'getSyncSettings' | 'setSyncSettings' | 'syncProfile' | 'listSyncLog' | 'exportSyncLog'
> {
  const { repos, config } = services;

  async function softwareFor(slug: string): Promise<Software> {
    const row = await repos.catalogue.findSoftware(slug);
    if (!row || !isOfferedSoftware(config, row.slug)) throw invalid(message('software_not_found'));
    return row;
  }

  /** The log's scope: an admin's team (or one member of it), else the caller's own entries. */
  async function logFilter(caller: User, query: LogQuery): Promise<SyncLogFilter> {
    const period = timeRangeOf(query);
    const team = caller.organization_id !== null && roleCan(caller.role, GOVERNS_SYNC);
    let userId: number | undefined;
    if (query.user_id !== undefined) {
      userId = parseId(query.user_id);
      const allowed =
        userId === caller.id ||
        (team && userId !== undefined && (await repos.users.findMember(caller.organization_id!, userId)));
      if (!allowed) throw notFound(USER_NOT_IN_ORGANIZATION);
    }
    return {
      organizationId: team ? caller.organization_id : null,
      userId: team ? userId : caller.id,
      ...(query.outcome === undefined ? {} : { outcome: query.outcome }),
      ...period,
    };
  }

  return {
    async getCrmFields(ctx) {
      const user = await ctx.user();
      const software = await softwareFor(ctx.query.software);
      const object: CrmObject =
        ctx.query.object ?? (await syncSettingsFor(repos, user, software.slug)).settings.object;
      if (!crmObjects(software.slug).includes(object))
        throw invalid(message('sync_object_unsupported', { crm: software.software, object }));
      const api = await openRecordApi(
        { ...services, needsAttention: connectionAttention(services, ctx) },
        user,
        software,
      );
      const fields = await withCrmBackoff(() => api.listFields(object), services.crmRecords.backoff).catch(
        (error: unknown) => {
          throw crmAnswerOf(error, software.software);
        },
      );
      return { error: false, data: { software: software.slug, object, fields } };
    },

    async getSyncSettings(ctx) {
      const user = await ctx.user();
      const software = await softwareFor(ctx.query.software);
      const { settings, saved } = await syncSettingsFor(repos, user, software.slug);
      return {
        error: false,
        data: { software: software.slug, saved, can_edit: roleCan(user.role, GOVERNS_SYNC), settings },
      };
    },

    async setSyncSettings(ctx) {
      const user = await ctx.user();
      requirePermission(user, GOVERNS_SYNC);
      const software = await softwareFor(ctx.body.software);
      const settings = {
        ...ctx.body.settings,
        owner: {
          kind: ctx.body.settings.owner.kind,
          crm_user:
            ctx.body.settings.owner.kind === 'fixed'
              ? (ctx.body.settings.owner.crm_user?.trim() ?? null)
              : null,
        },
      };
      const problem = settingsProblem(software.slug, settings);
      if (problem !== null)
        throw invalid(
          message(problem.code as MessageCode, { ...problem.params, crm: software.software } as never),
        );
      await repos.transaction(async (tx) => {
        const organization = await ensureOrganization(tx, user);
        await tx.crmSync.saveSettings(organization.id, software.slug, settings);
        // An admin change (docs/product.md#audit-log), in the transaction of the change it records.
        await tx.audit.record({
          type: 'crm.sync_settings_changed',
          organizationId: organization.id,
          actor: personOf(user),
          ip: ctx.ip,
          details: { crm: software.software },
        });
      });
      return { error: false, ...message('sync_settings_saved') };
    },

    async syncProfile(ctx) {
      const user = await ctx.user();
      const software = await softwareFor(ctx.body.software);
      const news = spendNewsMails(services, ctx);
      try {
        const data = await syncProfile(
          { ...services, needsAttention: connectionAttention(services, ctx), onSpendNews: news.within },
          user,
          software,
          ctx.body.profile,
          ctx.body.dry_run === true,
        );
        return { error: false, data };
      } finally {
        await news.afterCommit({
          log: (error) => ctx.request.log.warn({ err: error }, 'cap-reached or credit alert mail not sent'),
        });
      }
    },

    async listSyncLog(ctx) {
      const user = await ctx.user();
      const filter = await logFilter(user, ctx.query);
      const limit = ctx.query.limit ?? 25;
      let cursor: SyncLogCursor | undefined;
      if (ctx.query.cursor !== undefined) {
        const [micros, id] = ctx.query.cursor.split('.') as [string, string];
        cursor = { micros, id };
      }
      const rows = await repos.crmSync.page(filter, cursor, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        error: false,
        data: {
          scope: filter.organizationId === null ? 'self' : 'organization',
          next_cursor: rows.length > limit && last ? `${last.micros}.${last.id}` : null,
          entries: page.map((row) => ({
            id: String(row.id),
            created_at: epochSeconds(row.created_at)!,
            user_id: String(row.user_id),
            user_email: row.user_email,
            user_name: row.user_name,
            software: row.software,
            outcome: row.outcome,
            profile_name: row.profile_name,
            profile_url: row.profile_url,
            record_id: row.record_id,
            record_url: row.record_url,
            fields_written: row.fields_written,
            refused_field: row.refused_field,
            detail: row.detail,
            credits_charged: row.credits_charged,
          })),
        },
      };
    },

    async exportSyncLog(ctx) {
      const user = await ctx.user();
      const filter = await logFilter(user, ctx.query);
      type Row = Awaited<ReturnType<typeof repos.crmSync.page>>[number];
      return sendCsv(ctx.reply, {
        filename: `sync-log-${new Date().toISOString().slice(0, 10)}.csv`,
        header: SYNC_LOG_CSV_HEADER,
        batches: keyset<Row>((last, limit) =>
          repos.crmSync.page(filter, last && { micros: last.micros, id: String(last.id) }, limit),
        ),
        cells: (row) => [
          new Date(row.created_at).toISOString(),
          row.user_email,
          row.software,
          row.outcome,
          row.profile_name,
          row.profile_url,
          row.record_id,
          row.record_url,
          row.fields_written.join(' '),
          row.refused_field,
          row.detail,
          row.credits_charged,
        ],
      });
    },
  };
}
