/**
 * Credit governance (docs/product.md#credits-and-caps): grants, plan changes, renewals, spends, refunds and caps, each written as
 * ledger entries (repositories/credits.ts) inside the caller's transaction. Plan credits are granted per
 * credit period and expire at its end; top-ups never expire; plan credits are spent first.
 */
import { randomUUID } from 'node:crypto';
import type { User } from '../db/schema.js';
import type { InTransaction, Repositories } from '../repositories/index.js';
import {
  spentInPeriod,
  type NewCreditEntry,
  type SpendAnswer,
  type SpendAttempt,
  type StoredEntry,
} from '../repositories/credits.js';
import { canSetCapOf, roleCan } from '../../shared/permissions.js';
import { conflict, forbidden, notFound } from './errors.js';
import { creditEvent } from './credit-events.js';
import { drawFromPool, returnToPool } from './credit-pool.js';
import { alertsAfterSpend, type CreditAlert } from './credit-alerts.js';
import { CAP_WARNING_RATIO, lookupKindOf, type LookupKind } from '../../shared/credits.js';
import { message } from '../../contract/messages.js';

const INSUFFICIENT_CREDITS = message('insufficient_credits');
/** A member cannot buy packs: their admins grant credits from the team pool (docs/product.md#the-team-pool). */
const ASK_ADMIN_FOR_CREDITS = message('insufficient_credits_ask_admin');
const KEY_REFUNDED = message('idempotency_key_refunded');
const CAP_REACHED = (cap: number) => message('cap_reached', { cap });
/** The cap of each kind of lookup, and what a spend past it answers. */
const KIND_CAPS = {
  email: { column: 'email_cap', reached: (cap: number) => message('email_cap_reached', { cap }) },
  phone: { column: 'phone_cap', reached: (cap: number) => message('phone_cap_reached', { cap }) },
} as const satisfies Record<LookupKind, unknown>;

/** The end of a credit period that starts at `start`: one month later. */
function periodEndOf(start: Date): Date {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

const planPart = (user: Pick<User, 'credits' | 'top_up_credits'>) => user.credits - user.top_up_credits;

/** A plan's credits per period (an unknown plan counts as Free). */
async function allowanceOf(tx: InTransaction, product: string): Promise<number> {
  return (await tx.catalogue.creditsOf(product)) ?? (await tx.catalogue.freeCredits());
}

/** Writes an entry of the user's, in their organization of the moment. */
function recordFor(
  tx: InTransaction,
  user: Pick<User, 'id' | 'organization_id'>,
  entry: Omit<NewCreditEntry, 'user_id' | 'organization_id'>,
) {
  return tx.credits.record({ user_id: user.id, organization_id: user.organization_id, ...entry });
}

/** Plan credits for a new account (signup, invited signup): the Free plan's allowance. */
export async function grantSignupCredits(tx: InTransaction, user: User): Promise<void> {
  const amount = await allowanceOf(tx, user.stripe_product);
  if (amount > 0) {
    await recordFor(tx, user, {
      kind: 'grant',
      amount,
      reason: 'Plan credits on signup',
    });
  }
  await tx.users.update(user.id, { period_granted: amount });
}

/**
 * A product change inside a credit period (seat assignment, removal, cancellation): the new plan grants only
 * what exceeds what this period already granted, and a smaller plan keeps at most its own allowance of plan
 * credits. Cycling plans therefore never mints credits. The user row must be locked by the caller.
 */
export async function applyPlanChange(
  tx: InTransaction,
  userId: number,
  product: string,
  actorId: number | null,
): Promise<void> {
  const user = await tx.users.findById(userId);
  if (!user) throw new Error(`User ${userId} is missing`);
  const allowance = await allowanceOf(tx, product);
  const grant = allowance - user.period_granted;
  if (grant > 0) {
    await recordFor(tx, user, {
      kind: 'grant',
      amount: grant,
      actor_id: actorId === user.id ? null : actorId,
      reason: `Plan changed to ${product}`,
    });
    await tx.users.update(user.id, { period_granted: allowance });
    return;
  }
  const excess = planPart(user) - allowance;
  if (excess > 0) {
    await recordFor(tx, user, {
      kind: 'expiry',
      amount: -excess,
      actor_id: actorId === user.id ? null : actorId,
      reason: `Plan changed to ${product}: plan credits above its allowance expire`,
    });
  }
}

/**
 * A new credit period for the user from `start`: unused plan credits expire, the plan's credits are granted
 * again, usage against the cap starts at 0. Top-ups are kept.
 */
export async function startCreditPeriod(
  tx: InTransaction,
  userId: number,
  start: Date,
  reason: string,
): Promise<void> {
  const user = await tx.users.findById(userId, { forUpdate: true });
  if (!user) throw new Error(`User ${userId} is missing`);
  const unused = planPart(user);
  if (unused > 0) {
    await recordFor(tx, user, {
      kind: 'expiry',
      amount: -unused,
      reason: 'Unused plan credits expire at the end of the period',
    });
  }
  const allowance = await allowanceOf(tx, user.stripe_product);
  if (allowance > 0) {
    await recordFor(tx, user, {
      kind: 'renewal',
      amount: allowance,
      reason,
    });
  }
  await tx.users.update(user.id, {
    period_granted: allowance,
    period_spent: 0,
    credit_period_start: start,
    credit_period_end: periodEndOf(start),
    cap_mailed_at: null,
  });
}

/** Renews the user's credits when their period has ended (lazily, on the next use). */
async function renewIfDue(tx: InTransaction, user: User, now = new Date()): Promise<User> {
  if (user.credit_period_end > now) return user;
  let start = user.credit_period_end;
  while (periodEndOf(start) <= now) start = periodEndOf(start);
  await startCreditPeriod(tx, user.id, start, 'Plan credits for the new period');
  return (await tx.users.findById(user.id, { forUpdate: true }))!;
}

export interface SpendRequest {
  amount: number;
  feature: string;
  reference: string | null;
  idempotencyKey: string;
}

/** What a spend tells: the member reached their cap (their own mail), and the admins' alerts it caused. */
export interface SpendNews {
  capReached: boolean;
  alerts: CreditAlert[];
}

export interface SpendOutcome {
  spendId: string;
  charged: number;
  /** The spender's balance, their usage against the cap and the cap, once it was made. */
  balance: { credits: number; period_spent: number; monthly_cap: number | null };
  /** True when this call was a retry of a spend already made. */
  replayed: boolean;
  /** The spend drew on the team pool (what claimSpendNews needs to know of it). */
  drewFromPool: boolean;
}

/**
 * What the member's spends tell once they stand, each claimed so it is told once per period: they reached
 * their cap (their own mail), and the admins' alerts. Null when nothing is news. In the transaction that
 * holds the member's row.
 */
export async function claimSpendNews(
  tx: InTransaction,
  member: User,
  drewFromPool: boolean,
): Promise<SpendNews | null> {
  const capReached =
    member.monthly_cap !== null &&
    member.period_spent >= member.monthly_cap &&
    (member.cap_mailed_at === null || member.cap_mailed_at < member.credit_period_start);
  if (capReached) await tx.users.update(member.id, { cap_mailed_at: new Date() });
  const alerts = await alertsAfterSpend(tx, member, drewFromPool);
  return capReached || alerts.length > 0 ? { capReached, alerts } : null;
}

/** What spend_credits answers when the caller must do something first, in a transaction. */
const NEEDS_MORE = new Set<SpendAnswer['status']>(['period_ended', 'measure_kind', 'short', 'news']);

/** The answers of spend_credits that end a spend: made, replayed, or refused (migration 0081). */
function outcomeOf(answer: SpendAnswer, kind: LookupKind | null): SpendOutcome {
  switch (answer.status) {
    case 'spent':
    case 'replayed':
      return {
        spendId: answer.spend_id!,
        charged: answer.charged!,
        balance: {
          credits: answer.credits!,
          period_spent: answer.period_spent!,
          monthly_cap: answer.monthly_cap,
        },
        replayed: answer.status === 'replayed',
        drewFromPool: answer.pool_amount! < 0,
      };
    case 'missing':
      throw notFound(message('account_not_found'));
    // Replaying a refunded spend would answer "spent" for a lookup that was given back: a free lookup.
    // Charging it again would need a second spend under the same key. So the key is spent for good.
    case 'key_refunded':
      throw conflict(KEY_REFUNDED);
    case 'key_conflict':
      throw conflict(message('idempotency_conflict'));
    case 'cap_reached':
      throw conflict(CAP_REACHED(answer.detail!));
    case 'kind_cap_reached':
      throw conflict(KIND_CAPS[kind!].reached(answer.detail!));
    default:
      throw new Error(`spend_credits answered ${answer.status} where it ends the spend`);
  }
}

/**
 * One spend, atomic and idempotent: one statement (spend_credits, migration 0081), which locks the user's
 * row, so spends of one user are serialized: the balance and the caps are checked against committed values
 * and a retried key finds its first spend. When it needs more than the user's row (their credit period
 * ended, a cap per kind of lookup to measure, a balance the team pool may make up, news to claim), the
 * spend runs again in a transaction that does that.
 */
export async function spendCredits(
  repos: Repositories,
  userId: number,
  request: SpendRequest,
  /**
   * Mails what the spend tells, in its transaction; called only when there is news. Null: the caller tells
   * it later, once what the spend paid for stands (a CRM sync's charge, given back when the write fails),
   * with claimSpendNews.
   */
  onNews: ((tx: InTransaction, user: User, news: SpendNews) => Promise<void>) | null,
): Promise<SpendOutcome> {
  const kind = lookupKindOf(request.feature);
  const attempt = (newsFrom: number | null): SpendAttempt => ({
    userId,
    amount: request.amount,
    feature: request.feature,
    reference: request.reference,
    idempotencyKey: request.idempotencyKey,
    kind,
    spentOnKind: null,
    drawn: 0,
    newsFrom,
  });
  // Most spends end here, in one round trip.
  const first = await repos.credits.spend(attempt(onNews ? CAP_WARNING_RATIO : null));
  if (!NEEDS_MORE.has(first.status)) return outcomeOf(first, kind);
  return repos.transaction(async (tx) => {
    const next = attempt(null);
    const locked = async () => {
      const user = await tx.users.findById(userId, { forUpdate: true });
      if (!user) throw notFound(message('account_not_found'));
      return user;
    };
    // Each of these is done once: the row is locked from the first, so what it fixed stays fixed.
    const done = new Set<SpendAnswer['status']>();
    for (;;) {
      const answer = await tx.credits.spend(next);
      if (done.has(answer.status)) throw new Error(`spend_credits answered ${answer.status} again`);
      done.add(answer.status);
      if (answer.status === 'period_ended') {
        await renewIfDue(tx, await locked(), answer.held_at!);
      } else if (answer.status === 'measure_kind') {
        const user = await locked();
        next.spentOnKind = await tx.credits.periodSpentOn(user.id, kind!, user.credit_period_start);
      } else if (answer.status === 'short') {
        // Own credits first, then the team pool, within the caps checked above.
        const user = await locked();
        if (!(await drawFromPool(tx, user, answer.detail!))) {
          const buys = user.organization_id === null || roleCan(user.role, 'credits.buy');
          throw conflict(buys ? INSUFFICIENT_CREDITS : ASK_ADMIN_FOR_CREDITS);
        }
        next.drawn = answer.detail!;
      } else {
        const outcome = outcomeOf(answer, kind);
        if (onNews && !outcome.replayed) {
          const after = await locked();
          const news = await claimSpendNews(tx, after, outcome.drewFromPool);
          if (news) await onNews(tx, after, news);
        }
        return outcome;
      }
    }
  });
}

/**
 * What a refund gives back of a spend (`plan` and `topUp`: the parts it took, positive), and how much goes
 * back to the member's usage against their cap. Top-ups never expire, so their part always comes back. Plan
 * credits spent in a period that has ended come back as none: that period's expiry took only what was left
 * unused, not what was spent, so giving them back would mint credits into the new period (on top of its
 * allowance), and the new period's usage is not the one they counted in. Within the current period, plan
 * credits come back up to the plan's current allowance (a smaller plan since the spend keeps its own), and
 * the cap gets back only what came back: a spend that stays partly paid keeps counting against the cap, or
 * a member could spend past it.
 */
export function refundParts(
  spent: { plan: number; topUp: number },
  now: { inCurrentPeriod: boolean; planCredits: number; allowance: number },
): { plan: number; topUp: number; usage: number } {
  if (!now.inCurrentPeriod) return { plan: 0, topUp: spent.topUp, usage: 0 };
  const room = Math.max(0, now.allowance - now.planCredits);
  const plan = Math.min(spent.plan, room);
  return { plan, topUp: spent.topUp, usage: plan + spent.topUp };
}

/**
 * The idempotency keys of the spends the server charges itself (a CRM sync's data, docs/product.md#crm-sync-rules):
 * the server alone gives those back, when what it charged for did not happen. A member refunding one
 * would keep the record written in their CRM, and the profile paid for in the sync log, for free.
 */
const SERVER_CHARGE_KEY_PREFIX = 'crm-sync-';

/** A new key of a spend the server charges (SERVER_CHARGE_KEY_PREFIX). */
export const serverChargeKey = () => `${SERVER_CHARGE_KEY_PREFIX}${randomUUID()}`;

/**
 * Gives back a spend of the user's (a lookup that found nothing), once; each credit where it came from:
 * what the spend drew from the team pool (`toPool`) back to that pool, the rest to the user. A spend the
 * server charged is given back by the server only (`by: 'server'`); to the caller it is no spend of theirs.
 */
export async function refundSpend(
  repos: Repositories,
  userId: number,
  spend: { spendId?: string; idempotencyKey?: string },
  by: 'caller' | 'server' = 'caller',
): Promise<{ entry: StoredEntry; user: User; replayed: boolean; toPool: number }> {
  return repos.transaction(async (tx) => {
    let user = await tx.users.findById(userId, { forUpdate: true });
    if (!user) throw notFound(message('account_not_found'));
    const original =
      spend.spendId !== undefined
        ? await tx.credits.findEntryOf(user.id, spend.spendId)
        : spend.idempotencyKey !== undefined
          ? await tx.credits.findByIdempotencyKey(user.id, spend.idempotencyKey)
          : undefined;
    const serverCharged = original?.idempotency_key?.startsWith(SERVER_CHARGE_KEY_PREFIX) ?? false;
    if (!original || original.kind !== 'spend' || (serverCharged && by === 'caller')) {
      throw notFound(message('spend_not_found'));
    }
    const earlier = await tx.credits.refundOf(original.id);
    // What the refund gave the pool: the granted part it did not give the member (granted_amount below).
    if (earlier)
      return {
        entry: earlier,
        user,
        replayed: true,
        toPool: -original.granted_amount - earlier.granted_amount,
      };
    // Pool credits never expire: they go back whatever the period, to the pool of the spend's organization
    // (to the member if it is gone). A member who has left it since gets back none of what it granted them:
    // leaving gave back what they had not spent (docs/product.md#the-team-pool), and this was not spent.
    const stillMember = user.organization_id === original.organization_id;
    const toPool =
      original.organization_id === null ? 0 : stillMember ? -original.pool_amount : -original.granted_amount;
    // Which period the spend belongs to is only known once an ended period has been renewed.
    user = await renewIfDue(tx, user);
    const back = refundParts(
      { plan: original.top_up_amount - original.amount, topUp: -original.top_up_amount },
      {
        inCurrentPeriod: spentInPeriod(original, user.credit_period_start),
        planCredits: planPart(user),
        allowance: await allowanceOf(tx, user.stripe_product),
      },
    );
    // The pool before the entry, whose usage totals a spend drawing on the pool writes after taking the pool:
    // in the other order the two could wait for each other (the order: member, pool, ledger).
    if (toPool > 0) await tx.creditPool.lock(original.organization_id!);
    // The refund belongs to the spend's organization (its usage, its ledger), wherever the member is now.
    const entry = await recordFor(
      tx,
      { id: user.id, organization_id: original.organization_id },
      {
        kind: 'refund',
        amount: back.plan + back.topUp - toPool,
        top_up_amount: back.topUp - toPool,
        // The top-up part always comes back, granted credits as granted (an admin may take them back), but
        // for the part drawn from the pool, which was granted on the spend and goes back to the pool.
        granted_amount: -original.granted_amount - toPool,
        // The part given back to the pool: with amount, the whole spend the refund takes off the usage.
        pool_amount: toPool,
        feature: original.feature,
        reference: original.reference,
        refund_of: original.id,
        reason:
          toPool > 0
            ? `Refund: the lookup found nothing (${toPool} credits back to the team pool)`
            : 'Refund: the lookup found nothing',
      },
    );
    if (toPool > 0) await returnToPool(tx, user, original.organization_id!, toPool);
    // The ledger trigger takes a refund's amount off the usage; the rule decides what really goes back.
    const after = await tx.users.updateAndGet(user.id, {
      period_spent: Math.max(0, user.period_spent - back.usage),
    });
    return { entry, user: after, replayed: false, toPool };
  });
}

/** The caps set-member-caps sets: the monthly cap, and the caps per kind of lookup given (absent: kept). */
interface MemberCaps {
  monthly: number | null;
  perKind: Partial<Record<LookupKind, number | null>>;
}

/** Sets (or clears, null) the caps of members of the admin's organization, all or none. */
export async function setMonthlyCaps(
  repos: Repositories,
  admin: User,
  memberIds: number[],
  caps: MemberCaps,
): Promise<User[]> {
  return repos.transaction(async (tx) => {
    const organization =
      admin.organization_id === null ? null : await tx.organizations.get(admin.organization_id);
    const members: User[] = [];
    for (const id of [...new Set(memberIds)].sort((a, b) => a - b)) {
      const member =
        admin.organization_id === null
          ? id === admin.id
            ? await tx.users.findById(id, { forUpdate: true })
            : undefined
          : await tx.users.findMember(admin.organization_id, id, { forUpdate: true });
      if (!member) throw notFound(message('member_not_found'));
      if (!canSetCapOf(admin.id, member.id, organization))
        throw forbidden(message('billing_admin_cap_protected'));
      members.push(member);
    }
    const updated: User[] = [];
    const kinds = Object.entries(caps.perKind) as [LookupKind, number | null][];
    for (const member of members) {
      const changes = Object.fromEntries(kinds.map(([kind, cap]) => [KIND_CAPS[kind].column, cap]));
      updated.push(await tx.users.updateAndGet(member.id, { monthly_cap: caps.monthly, ...changes }));
      const changed = (details: { from: number | null; to: number | null; lookup?: LookupKind }) =>
        creditEvent(tx, {
          type: 'credits.cap_changed',
          actor: admin,
          organizationId: admin.organization_id,
          target: member,
          details,
        });
      await changed({ from: member.monthly_cap, to: caps.monthly });
      for (const [kind, cap] of kinds) {
        const from = member[KIND_CAPS[kind].column];
        if (from !== cap) await changed({ from, to: cap, lookup: kind });
      }
    }
    return updated;
  });
}

/**
 * A new billing period for everyone the payer's subscription covers (the payer, and their organization's
 * members): each gets a new credit period from now. The sandbox portal's "Start the next billing period"
 * (tests and demos) and a provider's renewal use it.
 */
export async function renewBillingPeriod(
  repos: Repositories,
  payer: User,
  now = new Date(),
): Promise<number> {
  return repos.transaction(async (tx) => {
    const memberIds =
      payer.organization_id === null ? [payer.id] : await tx.users.memberIdsOf(payer.organization_id);
    for (const id of memberIds) {
      await startCreditPeriod(tx, id, now, 'Plan credits for the new billing period');
    }
    return memberIds.length;
  });
}
