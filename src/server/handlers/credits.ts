/**
 * credits (docs/product.md#credits-and-caps): spend-credits and refund-credits (the extension's calls), get-credit-usage,
 * set-member-caps, get-usage-report, export-credit-ledger (CSV), get-credit-packs and buy-credits; the team
 * pool's grant-credits, take-back-credits and request-credits (docs/product.md#the-team-pool); the credit alerts'
 * get-credit-settings and set-credit-settings (docs/product.md#credit-alerts).
 */
import { roleCan } from '../../shared/permissions.js';
import { packLineDescription } from '../domain/billing/quote.js';
import { requirePermission } from '../domain/authorization.js';
import { refundSpend, setMonthlyCaps, spendCredits } from '../domain/credits.js';
import { alertRecipients } from '../domain/credit-alerts.js';
import { spendNewsMails } from './credit-news.js';
import { saveCreditSettings } from '../domain/credit-settings.js';
import { movePoolCredits, NO_POOL, type PoolMove } from '../domain/credit-pool.js';
import { invalid, notFound, USER_NOT_IN_ORGANIZATION } from '../domain/errors.js';
import { epochSeconds, parseId } from '../domain/present.js';
import type { User } from '../db/schema.js';
import { limitMails } from '../mail/mail-limits.js';
import { creditRequestMail, personInMail } from '../mail/templates.js';
import { mailingTransactions } from '../mail/with-mails.js';
import type { UsageFilter } from '../repositories/credits.js';
import { DEFAULT_CREDIT_SETTINGS } from '../repositories/credit-settings.js';
import { safeRedirectUrl } from '../http/redirects.js';
import type { Handlers } from '../http/api.js';
import { keyset, sendCsv } from '../http/csv-download.js';
import type { Services } from '../services.js';
import { DAY_MS } from '../../shared/duration.js';
import { message } from '../../contract/messages.js';

const MAX_REPORT_DAYS = 366;

/**
 * A report's days: `from` and `to` (included) as UTC midnights; refused when not a real range. A real day
 * is also one the database can hold, as can the midnight after it (the period's end): from year 1 (there
 * is no year 0) to 9999-12-30.
 */
function reportPeriod(from: string, to: string): { from: Date; to: Date; days: string[] } {
  const start = new Date(`${from}T00:00:00.000Z`);
  const last = new Date(`${to}T00:00:00.000Z`);
  const real = (date: Date, text: string) =>
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === text &&
    text >= '0001-01-01' &&
    text <= '9999-12-30';
  if (!real(start, from) || !real(last, to)) throw invalid(message('dates_invalid'));
  if (last < start) throw invalid(message('period_reversed'));
  const count = Math.round((last.getTime() - start.getTime()) / DAY_MS) + 1;
  if (count > MAX_REPORT_DAYS) throw invalid(message('period_too_long', { days: MAX_REPORT_DAYS }));
  const days = Array.from({ length: count }, (_, i) =>
    new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10),
  );
  return { from: start, to: new Date(last.getTime() + DAY_MS), days };
}

/** A row of the ledger CSV: an entry of a member's or of the pool's, or a balance at either end. */
interface LedgerCsvRow {
  id: string;
  date: Date;
  account: 'member' | 'pool';
  email: string | null;
  name: string | null;
  kind: string;
  amount: number | null;
  balance_after: number;
  feature: string | null;
  reference: string | null;
  reason: string | null;
}

export const LEDGER_CSV_HEADER = [
  'id',
  'date',
  'account',
  'member_email',
  'member_name',
  'kind',
  'amount',
  'balance_after',
  'feature',
  'reference',
  'reason',
];

/** A balance row of the CSV (`opening_balance` or `closing_balance`). */
function balanceRow(
  kind: 'opening_balance' | 'closing_balance',
  date: Date,
  account: LedgerCsvRow['account'],
  who: { email: string; name: string } | null,
  balance: number,
): LedgerCsvRow {
  return {
    id: '',
    date,
    account,
    email: who?.email ?? null,
    name: who?.name ?? null,
    kind,
    amount: null,
    balance_after: balance,
    feature: null,
    reference: null,
    reason: null,
  };
}

export function creditsHandlers(
  services: Services,
): Pick<
  Handlers,
  | 'spendCredits'
  | 'refundCredits'
  | 'getCreditUsage'
  | 'setMemberCaps'
  | 'getUsageReport'
  | 'exportCreditLedger'
  | 'getCreditPacks'
  | 'buyCredits'
  | 'grantCredits'
  | 'takeBackCredits'
  | 'requestCredits'
  | 'getCreditSettings'
  | 'setCreditSettings'
> {
  const { repos, config } = services;
  const withMails = mailingTransactions(services.mailer, repos.transaction);

  /**
   * The mails a spend's news makes, counted by their rules: the member's own at their cap, and each
   * alert to the admins in their language (docs/product.md#credit-alerts).
   */
  /** Grant-credits and take-back-credits: the admin's move, and the message that says what moved. */
  async function moveCredits(
    caller: User,
    kind: PoolMove['kind'],
    body: { user_ids: string[]; amount?: number | null; reason?: string | null; idempotency_key?: string },
    ip: string | null,
  ) {
    requirePermission(caller, 'credits.govern');
    const ids = body.user_ids.map(parseId);
    if (ids.some((id) => id === undefined)) throw notFound(USER_NOT_IN_ORGANIZATION);
    const outcome = await movePoolCredits(repos, caller, {
      kind,
      memberIds: ids as number[],
      amount: body.amount ?? null,
      reason: body.reason?.trim() || null,
      idempotencyKey: body.idempotency_key ?? null,
      ip,
    });
    const total = outcome.moved.reduce((sum, move) => sum + move.amount, 0);
    const one = outcome.moved.length === 1 ? outcome.moved[0]!.member.name : undefined;
    const count = outcome.moved.length;
    const said =
      count === 0
        ? message('nothing_to_take_back')
        : kind === 'grant'
          ? one === undefined
            ? message('credits_granted_many', { total, count })
            : message('credits_granted_one', { total, member: one })
          : one === undefined
            ? message('credits_taken_back_many', { total, count })
            : message('credits_taken_back_one', { total, member: one });
    return {
      error: false as const,
      ...said,
      data: {
        ...(kind === 'grant' ? { granted: total } : { taken_back: total }),
        members: outcome.moved.length,
        pool_credits: outcome.pool,
        replayed: outcome.replayed,
      },
    };
  }

  /**
   * Whose usage the caller asks for: their own (no id, or their id), or, for an admin, a member of their
   * organization. Anyone else's id is 404, like an unknown one.
   */
  async function subjectOf(caller: User, userId: string | undefined): Promise<User> {
    if (userId === undefined) return caller;
    const id = parseId(userId);
    if (id === caller.id) return caller;
    if (id === undefined || caller.organization_id === null || !roleCan(caller.role, 'credits.govern')) {
      throw notFound(USER_NOT_IN_ORGANIZATION);
    }
    const member = await repos.users.findMember(caller.organization_id, id);
    if (!member) throw notFound(USER_NOT_IN_ORGANIZATION);
    return member;
  }

  /** The report's scope: the organization for an admin in one, else the caller's own entries. */
  async function usageFilter(
    caller: User,
    query: { from: string; to: string; user_id?: string; feature?: string },
  ): Promise<{ filter: UsageFilter; days: string[]; scope: 'organization' | 'self' }> {
    const period = reportPeriod(query.from, query.to);
    const team = caller.organization_id !== null && roleCan(caller.role, 'credits.govern');
    const subject = query.user_id === undefined ? undefined : await subjectOf(caller, query.user_id);
    const filter: UsageFilter = {
      organizationId: team ? caller.organization_id : null,
      userId: team ? subject?.id : caller.id,
      from: period.from,
      to: period.to,
      ...(query.feature === undefined ? {} : { feature: query.feature }),
    };
    return { filter, days: period.days, scope: team ? 'organization' : 'self' };
  }

  return {
    async spendCredits(ctx) {
      const user = await ctx.user();
      const news = spendNewsMails(services, ctx);
      const outcome = await spendCredits(
        repos,
        user.id,
        {
          amount: ctx.body.amount,
          feature: ctx.body.feature,
          reference: ctx.body.reference ?? null,
          idempotencyKey: ctx.body.idempotency_key,
        },
        news.within,
      );
      await news.afterCommit({
        log: (error) => ctx.request.log.warn({ err: error }, 'cap-reached or credit alert mail not sent'),
      });
      return {
        error: false,
        data: {
          spend_id: outcome.spendId,
          credits: outcome.balance.credits,
          charged: outcome.charged,
          replayed: outcome.replayed,
          period_spent: outcome.balance.period_spent,
          monthly_cap: outcome.balance.monthly_cap,
        },
      };
    },

    async refundCredits(ctx) {
      const user = await ctx.user();
      const outcome = await refundSpend(repos, user.id, {
        ...(ctx.body.spend_id === undefined ? {} : { spendId: ctx.body.spend_id }),
        ...(ctx.body.idempotency_key === undefined ? {} : { idempotencyKey: ctx.body.idempotency_key }),
      });
      return {
        error: false,
        data: {
          refund_id: outcome.entry.id,
          credits: outcome.user.credits,
          refunded: outcome.entry.amount,
          to_pool: outcome.toPool,
          replayed: outcome.replayed,
        },
      };
    },

    async getCreditUsage(ctx) {
      const caller = await ctx.user();
      const subject = await subjectOf(caller, ctx.query.user_id);
      const ended = subject.credit_period_end <= new Date();
      return {
        error: false,
        data: {
          user_id: String(subject.id),
          credits: subject.credits,
          plan_credits: subject.credits - subject.top_up_credits,
          top_up_credits: subject.top_up_credits,
          granted_credits: subject.granted_credits,
          pool_credits:
            subject.organization_id === null ? null : await repos.creditPool.balance(subject.organization_id),
          monthly_cap: subject.monthly_cap,
          email_cap: subject.email_cap,
          phone_cap: subject.phone_cap,
          // A period that ended renews on the next spend: until then it reads as the new one, unused.
          period_spent: ended ? 0 : subject.period_spent,
          email_spent: ended
            ? 0
            : await repos.credits.periodSpentOn(subject.id, 'email', subject.credit_period_start),
          phone_spent: ended
            ? 0
            : await repos.credits.periodSpentOn(subject.id, 'phone', subject.credit_period_start),
          period_start: epochSeconds(subject.credit_period_start)!,
          period_end: epochSeconds(subject.credit_period_end)!,
        },
      };
    },

    async setMemberCaps(ctx) {
      const caller = await ctx.user();
      requirePermission(caller, 'credits.govern');
      const ids = ctx.body.user_ids.map(parseId);
      if (ids.some((id) => id === undefined)) throw notFound(USER_NOT_IN_ORGANIZATION);
      const { monthly_cap: monthly, email_cap: email, phone_cap: phone } = ctx.body;
      const updated = await setMonthlyCaps(repos, caller, ids as number[], {
        monthly,
        perKind: { ...(email === undefined ? {} : { email }), ...(phone === undefined ? {} : { phone }) },
      });
      const removed = ctx.body.monthly_cap === null;
      const said =
        updated.length === 1
          ? message(removed ? 'monthly_cap_removed' : 'monthly_cap_set', { member: updated[0]!.name })
          : message(removed ? 'monthly_cap_removed_many' : 'monthly_cap_set_many', { count: updated.length });
      return { error: false, ...said, data: { updated: updated.length } };
    },

    async getUsageReport(ctx) {
      const caller = await ctx.user();
      const { filter, days, scope } = await usageFilter(caller, ctx.query);
      const page = Number(ctx.query.page ?? '1');
      const pageSize = Number(ctx.query.page_size ?? '25');
      const summary = await repos.credits.usageSummary(filter);
      const pageRows = summary.members.slice((page - 1) * pageSize, page * pageSize);
      const people = new Map(
        (await repos.users.findManyByIds(pageRows.map((row) => row.user_id))).map((u) => [u.id, u]),
      );
      const pageIds = pageRows.map((row) => row.user_id);
      // An organization's former members close with the balance they left with, as in the ledger export.
      const balancesOf =
        scope === 'organization' && filter.organizationId !== null
          ? { organizationId: filter.organizationId, userIds: pageIds }
          : { userIds: pageIds };
      const balances = new Map(
        (await repos.credits.balancesOver(balancesOf, filter)).map((row) => [row.user_id, row]),
      );
      const pool =
        scope === 'organization' && filter.organizationId !== null
          ? {
              opening_balance: await repos.creditPool.balanceAt(filter.organizationId, filter.from),
              closing_balance: await repos.creditPool.balanceAt(filter.organizationId, filter.to),
            }
          : null;
      return {
        error: false,
        data: {
          scope,
          from: days[0]!,
          to: days.at(-1)!,
          total_spent: [...summary.byDay.values()].reduce((sum, spent) => sum + spent, 0),
          by_day: days.map((day) => ({ day, spent: summary.byDay.get(day) ?? 0 })),
          by_feature: summary.byFeature,
          pool,
          members: {
            items: pageRows.map((row) => {
              const person = people.get(row.user_id);
              return {
                user_id: String(row.user_id),
                name: person?.name ?? 'Deleted account',
                email: person?.email ?? '',
                spent: row.spent,
                spends: row.spends,
                monthly_cap: person?.monthly_cap ?? null,
                opening_balance: balances.get(row.user_id)?.opening ?? 0,
                closing_balance: balances.get(row.user_id)?.closing ?? 0,
              };
            }),
            total: summary.members.length,
            page,
            page_size: pageSize,
          },
        },
      };
    },

    async exportCreditLedger(ctx) {
      const caller = await ctx.user();
      const { filter } = await usageFilter(caller, ctx.query);
      const period = { from: filter.from, to: filter.to };
      const organizationId = filter.organizationId;
      // Whose balances open and close the file: the member asked for, the organization's members, or the caller.
      const who =
        organizationId === null || filter.userId !== undefined
          ? { userIds: [filter.userId ?? caller.id] }
          : { organizationId };
      // The pool's entries have no member and no feature: listed only in the organization's whole ledger.
      const withPool = organizationId !== null && filter.userId === undefined && filter.feature === undefined;
      async function* batches(): AsyncIterable<LedgerCsvRow[]> {
        const balances = await repos.credits.balancesOver(who, period);
        const poolOpening = withPool ? await repos.creditPool.balanceAt(organizationId, period.from) : 0;
        yield [
          ...balances.map((row) => balanceRow('opening_balance', period.from, 'member', row, row.opening)),
          ...(withPool ? [balanceRow('opening_balance', period.from, 'pool', null, poolOpening)] : []),
        ];
        for await (const rows of keyset((last: LedgerCsvRow | undefined, limit) =>
          repos.credits
            .entriesAfter(filter, last?.id ?? '0', limit)
            .then((entries) =>
              entries.map((entry) => ({ ...entry, date: entry.created_at, account: 'member' as const })),
            ),
        )) {
          yield rows;
        }
        if (withPool) {
          for await (const rows of keyset((last: LedgerCsvRow | undefined, limit) =>
            repos.creditPool.entriesAfter(organizationId, period, last?.id ?? '0', limit).then((entries) =>
              entries.map((entry) => ({
                ...entry,
                date: entry.created_at,
                account: 'pool' as const,
                feature: null,
              })),
            ),
          )) {
            yield rows;
          }
        }
        const poolClosing = withPool ? await repos.creditPool.balanceAt(organizationId, period.to) : 0;
        yield [
          ...balances.map((row) => balanceRow('closing_balance', period.to, 'member', row, row.closing)),
          ...(withPool ? [balanceRow('closing_balance', period.to, 'pool', null, poolClosing)] : []),
        ];
      }
      return sendCsv(ctx.reply, {
        filename: `credit-ledger-${ctx.query.from}-to-${ctx.query.to}.csv`,
        header: LEDGER_CSV_HEADER,
        batches: batches(),
        cells: (row: LedgerCsvRow) => [
          row.id,
          new Date(row.date).toISOString(),
          row.account,
          row.email,
          row.name,
          row.kind,
          row.amount,
          row.balance_after,
          row.feature,
          row.reference,
          row.reason,
        ],
      });
    },

    async getCreditPacks() {
      const packs = await repos.catalogue.creditPacks();
      return {
        error: false,
        data: packs.map((pack) => ({
          slug: pack.slug,
          name: pack.name,
          credits: pack.credits,
          price: pack.price,
        })),
      };
    },

    async buyCredits(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'credits.buy');
      const pack = await repos.catalogue.findCreditPack(ctx.body.pack);
      if (!pack) throw notFound(message('credit_pack_unknown'));
      const to = ctx.body.credits_to ?? (user.organization_id === null ? 'own' : 'pool');
      if (to === 'pool' && user.organization_id === null) throw invalid(NO_POOL);
      const url = await services.billing.createCheckout({
        user,
        kind: 'top_up',
        product: null,
        interval: user.stripe_interval === 'monthly' ? 'monthly' : 'yearly',
        standardSeats: 0,
        proSeats: 0,
        lineItems: [
          {
            description: packLineDescription(pack.name),
            price_id: `pack_${pack.slug}`,
            product: pack.slug,
            unit_amount: pack.price,
            quantity: 1,
          },
        ],
        coupon: undefined,
        creditPack: { slug: pack.slug, credits: pack.credits, to },
        cancelUrl: safeRedirectUrl(config, ctx.body.request_url) ?? `${config.publicUrl}/dashboard/usage`,
        successUrl: `${config.publicUrl}/dashboard/billing/success`,
      });
      return { error: false, ...message('checkout_created'), url };
    },

    grantCredits: async (ctx) => moveCredits(await ctx.user(), 'grant', ctx.body, ctx.ip),

    takeBackCredits: async (ctx) => moveCredits(await ctx.user(), 'take_back', ctx.body, ctx.ip),

    async requestCredits(ctx) {
      const user = await ctx.user();
      if (user.organization_id === null) throw invalid(NO_POOL);
      const organizationId = user.organization_id;
      await withMails(async (tx) => {
        if (!(await tx.creditSettings.of(organizationId)).credit_request_alert) {
          throw invalid(message('credit_requests_off'));
        }
        const admins = (await alertRecipients(tx, organizationId)).filter((admin) => admin.id !== user.id);
        if (admins.length === 0) throw invalid(message('no_other_admin_to_ask'));
        const link = `${config.publicUrl}/dashboard/usage`;
        const request = {
          requester: personInMail(user),
          amount: ctx.body.amount ?? null,
          note: ctx.body.note?.trim() || null,
        };
        const mails = admins.map((admin) => creditRequestMail(admin.email, admin.locale, request, link));
        // A member may ask again and again: each admin's inbox is limited, past that the mail is skipped.
        return { result: undefined, mails: await limitMails(services, ctx, 'creditRequest', mails, tx.trx) };
      }, null);
      return { error: false, ...message('credits_requested') };
    },

    async getCreditSettings(ctx) {
      const caller = await ctx.user();
      requirePermission(caller, 'credits.govern');
      const settings =
        caller.organization_id === null
          ? DEFAULT_CREDIT_SETTINGS
          : await repos.creditSettings.of(caller.organization_id);
      return { error: false, data: settings };
    },

    async setCreditSettings(ctx) {
      const caller = await ctx.user();
      requirePermission(caller, 'credits.govern');
      await saveCreditSettings(repos, caller, ctx.body, ctx.ip);
      return { error: false, ...message('credit_settings_saved') };
    },
  };
}
