/**
 * credits (docs/product.md#credits-and-caps): spend-credits and refund-credits (the extension's calls), get-credit-usage,
 * set-member-caps, get-usage-report, export-credit-ledger (CSV), get-credit-packs and buy-credits.
 */
import { roleCan } from '../../shared/permissions.js';
import { packLineDescription } from '../domain/billing/quote.js';
import { requirePermission } from '../domain/authorization.js';
import { refundSpend, setMonthlyCaps, spendCredits } from '../domain/credits.js';
import { invalid, notFound } from '../domain/errors.js';
import { USER_NOT_IN_ORGANIZATION } from '../domain/organizations.js';
import { epochSeconds, parseId } from '../domain/present.js';
import type { User } from '../db/schema.js';
import { limitMails } from '../mail/mail-limits.js';
import type { PermittedMail } from '../mail/mailer.js';
import { capReachedMail } from '../mail/templates.js';
import { mailAfterCommit, mailWithin } from '../mail/with-mails.js';
import type { UsageFilter } from '../repositories/credits.js';
import { safeRedirectUrl } from '../http/redirects.js';
import type { Handlers } from '../http/api.js';
import { sendCsv } from '../http/csv-download.js';
import type { Services } from '../services.js';
import { DAY_MS } from '../../shared/duration.js';
import { message } from '../../contract/messages.js';

const MAX_REPORT_DAYS = 366;

/** A report's days: `from` and `to` (included) as UTC midnights; refused when not a real range. */
function reportPeriod(from: string, to: string): { from: Date; to: Date; days: string[] } {
  const start = new Date(`${from}T00:00:00.000Z`);
  const last = new Date(`${to}T00:00:00.000Z`);
  const real = (date: Date, text: string) =>
    !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
  if (!real(start, from) || !real(last, to)) throw invalid(message('dates_invalid'));
  if (last < start) throw invalid(message('period_reversed'));
  const count = Math.round((last.getTime() - start.getTime()) / DAY_MS) + 1;
  if (count > MAX_REPORT_DAYS) throw invalid(message('period_too_long', { days: MAX_REPORT_DAYS }));
  const days = Array.from({ length: count }, (_, i) =>
    new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10),
  );
  return { from: start, to: new Date(last.getTime() + DAY_MS), days };
}

type LedgerExportRow = Awaited<ReturnType<Services['repos']['credits']['entriesAfter']>>[number];

export const LEDGER_CSV_HEADER = [
  'id',
  'date',
  'member_email',
  'member_name',
  'kind',
  'amount',
  'balance_after',
  'feature',
  'reference',
  'reason',
];

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
> {
  const { repos, config } = services;

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
      let mails: PermittedMail[] = [];
      const usageLink = `${config.publicUrl}/dashboard/usage`;
      const outcome = await services.accountLimit.run(user.id, () =>
        spendCredits(
          repos,
          user.id,
          {
            amount: ctx.body.amount,
            feature: ctx.body.feature,
            reference: ctx.body.reference ?? null,
            idempotencyKey: ctx.body.idempotency_key,
          },
          async (tx, member) => {
            const mail = capReachedMail(member.email, member.monthly_cap ?? 0, usageLink);
            const permitted = await limitMails(services, ctx, 'capReached', [mail], tx.trx);
            mails = await mailWithin(services.mailer, tx, permitted);
          },
        ),
      );
      // The spend is done: a mail that cannot go out is logged, never a failed spend.
      await mailAfterCommit(services.mailer, mails, {
        log: (error) => ctx.request.log.warn({ err: error }, 'cap-reached mail not sent'),
      });
      return {
        error: false,
        data: {
          spend_id: outcome.entry.id,
          credits: outcome.user.credits,
          charged: -outcome.entry.amount,
          replayed: outcome.replayed,
          period_spent: outcome.user.period_spent,
          monthly_cap: outcome.user.monthly_cap,
        },
      };
    },

    async refundCredits(ctx) {
      const user = await ctx.user();
      const outcome = await services.accountLimit.run(user.id, () =>
        refundSpend(repos, user.id, {
          ...(ctx.body.spend_id === undefined ? {} : { spendId: ctx.body.spend_id }),
          ...(ctx.body.idempotency_key === undefined ? {} : { idempotencyKey: ctx.body.idempotency_key }),
        }),
      );
      return {
        error: false,
        data: {
          refund_id: outcome.entry.id,
          credits: outcome.user.credits,
          refunded: outcome.entry.amount,
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
          monthly_cap: subject.monthly_cap,
          // A period that ended renews on the next spend: until then it reads as the new one, unused.
          period_spent: ended ? 0 : subject.period_spent,
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
      const updated = await setMonthlyCaps(repos, caller, ids as number[], ctx.body.monthly_cap);
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
      return {
        error: false,
        data: {
          scope,
          from: days[0]!,
          to: days.at(-1)!,
          total_spent: [...summary.byDay.values()].reduce((sum, spent) => sum + spent, 0),
          by_day: days.map((day) => ({ day, spent: summary.byDay.get(day) ?? 0 })),
          by_feature: summary.byFeature,
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
      return sendCsv(ctx.reply, {
        filename: `credit-ledger-${ctx.query.from}-to-${ctx.query.to}.csv`,
        header: LEDGER_CSV_HEADER,
        batch: (last, limit) => repos.credits.entriesAfter(filter, last?.id ?? '0', limit),
        cells: (row: LedgerExportRow) => [
          row.id,
          new Date(row.created_at).toISOString(),
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
        creditPack: { slug: pack.slug, credits: pack.credits },
        cancelUrl: safeRedirectUrl(config, ctx.body.request_url) ?? `${config.publicUrl}/dashboard/usage`,
        successUrl: `${config.publicUrl}/dashboard/billing/success`,
      });
      return { error: false, ...message('checkout_created'), url };
    },
  };
}
