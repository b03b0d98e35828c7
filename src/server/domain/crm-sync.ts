/**
 * sync-profile (docs/product.md#crm-sync-rules): the one place the organization's sync settings are
 * applied. It finds the duplicate by the settings' keys, plans the write by the rules
 * (shared/crm-sync-rules.ts), charges the emails and phones it writes through the ledger (once per profile,
 * scope and month), writes all or nothing through the connection's record API, waits out the CRM's 429s a
 * few times, gives the credits back when the write fails, and logs every real sync.
 */
import type { components } from '../../contract/api.js';
import { message } from '../../contract/messages.js';
import {
  chargeableKinds,
  defaultSyncSettings,
  duplicateSearches,
  planWrite,
  profileKey,
  profileName,
  profileValue,
  type SyncProfile,
  type SyncSettings,
} from '../../shared/crm-sync-rules.js';
import type { Software, User } from '../db/schema.js';
import type { InTransaction } from '../repositories/index.js';
import {
  CrmDuplicateAppeared,
  CrmRateLimited,
  CrmRefusedField,
  withCrmBackoff,
  type CrmRecord,
} from '../crm/provider.js';
import type { NewSyncLogEntry } from '../repositories/crm-sync.js';
import type { Repositories } from '../repositories/index.js';
import { recordApiOf, type AccessServices } from './crm-access.js';
import { claimSpendNews, refundSpend, serverChargeKey, spendCredits, type SpendNews } from './credits.js';
import { DomainError, notFound, rejected, tooManyAttempts } from './errors.js';

type SyncResult = components['schemas']['SyncResult'];

/** The settings that apply to the user's syncs: their organization's, else the CRM's defaults. */
export async function syncSettingsFor(
  repos: Repositories,
  user: Pick<User, 'organization_id'>,
  software: string,
): Promise<{ settings: SyncSettings; saved: boolean }> {
  const saved =
    user.organization_id === null
      ? undefined
      : await repos.crmSync.settingsOf(user.organization_id, software);
  return saved ? { settings: saved, saved: true } : { settings: defaultSyncSettings(software), saved: false };
}

/**
 * What a sync needs: what keeps the connection's credentials fresh (the queries, the sealed credentials'
 * box, the CRMs and their record APIs, who is told when the connection needs attention), and the account
 * limit.
 */
export interface SyncServices extends AccessServices {
  /** Runs an account's spends a few at a time (Services' accountLimit). */
  accountLimit: { run<T>(accountId: number, work: () => Promise<T>): Promise<T> };
  /** What a charge's news mails (the cap reached, credit alerts), in its transaction: spendCredits' onNews. */
  onSpendNews: (tx: InTransaction, member: User, news: SpendNews) => Promise<void>;
}

/** Who pays once for a profile: the organization, or the user outside one. */
const scopeOf = (user: Pick<User, 'id' | 'organization_id'>) =>
  user.organization_id === null ? `user:${user.id}` : `org:${user.organization_id}`;

/** The period a profile is paid for once in: the calendar month, UTC. */
const periodOf = (now: Date) => now.toISOString().slice(0, 7);

/**
 * The record API of the user's connection to the CRM, its credentials kept fresh (domain/crm-access.ts):
 * 404 without a connection or an adapter, 422 when the connection needs attention.
 */
export async function openRecordApi(services: AccessServices, user: User, software: Software) {
  const connection = await services.repos.connections.forSync(user, software.slug);
  if (!connection) throw notFound(message('crm_sync_not_connected', { crm: software.software }));
  const organizationId = connection.organization_id ?? user.organization_id;
  const account = organizationId === null ? `user:${user.id}` : `org:${organizationId}`;
  const api = await recordApiOf(services, connection, software, account);
  if (!api) throw notFound(message('crm_sync_unsupported', { crm: software.software }));
  return api;
}

/**
 * A CRM failure as the answer says it, for every call that reaches the CRM's records (sync-profile,
 * get-crm-fields): the refused field (422), a 429 that outlasted the waits, or as is.
 */
export function crmAnswerOf(error: unknown, crm: string): unknown {
  if (error instanceof CrmRefusedField)
    return rejected(message('crm_refused_field', { crm, field: error.field, reason: error.reason }));
  if (error instanceof CrmRateLimited)
    return tooManyAttempts(
      error.retryAfterSeconds,
      message('crm_rate_limited', { crm, seconds: error.retryAfterSeconds }),
    );
  return error;
}

export async function syncProfile(
  services: SyncServices,
  user: User,
  software: Software,
  profile: SyncProfile,
  dryRun: boolean,
  /** Whether this is the second go after a concurrent sync created the duplicate first. */
  again = false,
): Promise<SyncResult> {
  const { repos } = services;
  const logBase = {
    organization_id: user.organization_id,
    user_id: user.id,
    software: software.slug,
    profile_name: profileName(profile),
    profile_url: profileValue(profile, 'profile_url'),
  };
  const log = (entry: Omit<NewSyncLogEntry, keyof typeof logBase>) =>
    repos.crmSync.record({ ...logBase, ...entry });
  let api;
  try {
    api = await openRecordApi(services, user, software);
  } catch (error) {
    // Without a connection (or a CRM this cannot sync) nothing was synced. With one, a sync the connection
    // fails (it needs attention; its token could not be refreshed) is still a failed sync, logged.
    const noSync =
      error instanceof DomainError &&
      (error.code === 'crm_sync_not_connected' || error.code === 'crm_sync_unsupported');
    if (!dryRun && !noSync) await logFailure(log, error, error);
    throw error;
  }
  const { settings } = await syncSettingsFor(repos, user, software.slug);
  const crm = (call: () => Promise<CrmRecord | null>) => withCrmBackoff(call, services.crmRecords.backoff);

  let duplicate: CrmRecord | null = null;
  let matchedBy: SyncResult['matched_by'] = null;
  const searches = duplicateSearches(settings, profile);
  // The duplicate's values of the mapped fields are what the rules compare with.
  const mapped = [
    ...new Set(settings.mapping.flatMap((row) => (row.crm_field === null ? [] : [row.crm_field]))),
  ];
  try {
    for (const search of searches) {
      duplicate = await crm(() => api.findRecord(settings.object, search.match, mapped));
      if (duplicate) {
        matchedBy = search.key;
        break;
      }
    }
  } catch (error) {
    const answer = crmAnswerOf(error, software.software);
    if (!dryRun) await logFailure(log, error, answer);
    throw answer;
  }
  const plan = planWrite(settings, profile, duplicate?.fields ?? null);

  const key = profileKey(profile);
  const scope = scopeOf(user);
  const period = periodOf(new Date());
  const paid = key === null ? [] : await repos.crmSync.chargedKinds(scope, key, period);
  const toCharge = chargeableKinds(plan).filter((kind) => !paid.includes(kind));
  const result = (record: CrmRecord | null, charged: number, logId: string | null): SyncResult => ({
    outcome: plan.outcome,
    dry_run: dryRun,
    record_id: record?.id ?? null,
    record_url: record?.url ?? null,
    matched_by: matchedBy,
    fields: plan.fields,
    credits_charged: charged,
    log_id: logId,
  });
  if (dryRun) return result(duplicate, toCharge.length, null);

  // Charged before the write, so a balance too small writes nothing; given back when the write fails.
  const spends: { kind: 'email' | 'phone'; spendId: string; drewFromPool: boolean }[] = [];
  const giveBack = async (spendIds: string[]) => {
    // Not under the account's limit, which may refuse a call (429) when the account's queue is full: a
    // charge for a sync that wrote nothing is always given back.
    for (const spendId of spendIds) await refundSpend(repos, user.id, { spendId }, 'server');
  };
  try {
    for (const kind of toCharge) {
      const outcome = await services.accountLimit.run(user.id, () =>
        spendCredits(
          repos,
          user.id,
          {
            amount: 1,
            feature: `${kind}_sync`,
            reference: profileValue(profile, 'profile_url') ?? profileValue(profile, 'email'),
            idempotencyKey: serverChargeKey(),
          },
          // Told once the write stands (below): a charge given back tells nothing, and claims nothing.
          null,
        ),
      );
      spends.push({ kind, spendId: outcome.spendId, drewFromPool: outcome.drewFromPool });
    }
  } catch (error) {
    await giveBack(spends.map((s) => s.spendId));
    await log({
      outcome: 'failed',
      fields_written: [],
      detail: error instanceof DomainError ? error.message : 'credits could not be charged',
    });
    throw error;
  }

  let record: CrmRecord;
  try {
    if (plan.outcome === 'created') {
      const owner = settings.owner.kind === 'fixed' ? settings.owner.crm_user! : user.email;
      const unlessMatching = searches.map((search) => search.match);
      record = (await crm(() => api.createRecord(settings.object, plan.values, owner, unlessMatching)))!;
    } else if (plan.outcome === 'updated') {
      record = (await crm(() => api.updateRecord(settings.object, duplicate!.id, plan.values)))!;
    } else {
      record = duplicate!;
    }
  } catch (error) {
    await giveBack(spends.map((s) => s.spendId));
    // Another sync of this profile created the record first: this one finds it and applies the rules to
    // it, as if it had come second (once: a second go finds the record or creates none twice).
    if (error instanceof CrmDuplicateAppeared && !again)
      return syncProfile(services, user, software, profile, dryRun, true);
    const answer = crmAnswerOf(error, software.software);
    await logFailure(log, error, answer);
    throw answer;
  }

  let charged = 0;
  let drewFromPool = false;
  for (const { drewFromPool: drew, ...spend } of spends) {
    const claimed = await repos.crmSync.claimCharge({
      scope,
      profileKey: key ?? '',
      period,
      userId: user.id,
      ...spend,
    });
    if (claimed) {
      charged++;
      drewFromPool ||= drew;
    } else await giveBack([spend.spendId]);
  }
  // What the charges that stand tell (the cap reached, the admins' alerts), now that they stand. Not under
  // the account's limit, which may refuse (429) when its queue is full: the record is written, and the
  // sync is answered and logged as done.
  if (charged > 0) {
    await repos.transaction(async (tx) => {
      const member = (await tx.users.findById(user.id, { forUpdate: true }))!;
      const news = await claimSpendNews(tx, member, drewFromPool);
      if (news) await services.onSpendNews(tx, member, news);
    });
  }
  const logId = await log({
    outcome: plan.outcome,
    record_id: record.id,
    record_url: record.url,
    fields_written: Object.keys(plan.values),
    credits_charged: charged,
  });
  return result(record, charged, logId);
}

/** The log's entry of a sync the CRM refused (naming the field) or that failed. */
async function logFailure(
  log: (
    entry: Omit<NewSyncLogEntry, 'organization_id' | 'user_id' | 'software' | 'profile_name' | 'profile_url'>,
  ) => Promise<string>,
  error: unknown,
  /** What the caller is answered (a 429 of the CRM's as crm_rate_limited). */
  answer: unknown,
) {
  if (error instanceof CrmRefusedField) {
    await log({ outcome: 'refused', fields_written: [], refused_field: error.field, detail: error.reason });
  } else {
    await log({
      outcome: 'failed',
      fields_written: [],
      // A domain error's message is for users; anything else may carry what users must not see.
      detail: answer instanceof DomainError ? answer.message : 'The CRM could not be reached.',
    });
  }
}
