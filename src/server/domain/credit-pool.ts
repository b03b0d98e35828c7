/**
 * The team pool (docs/product.md#the-team-pool): admins grant its credits to members and take unused ones back,
 * singly or in bulk, all or none; a member's spend draws on it when their own balance runs short. Each
 * movement is two ledger entries written together, the pool's and the member's, with who moved it and why.
 * Locks are taken in one order everywhere: the members' rows (by id), then the pool's row, then the rows a
 * ledger entry's triggers write (the usage totals); so concurrent grants, take-backs, spends and refunds
 * never overdraw the pool nor wait on each other in a circle.
 */
import type { User } from '../db/schema.js';
import type { InTransaction, Repositories } from '../repositories/index.js';
import type { PoolMoveCall } from '../repositories/credit-pool.js';
import { creditEvent } from './credit-events.js';
import { conflict, invalid, notFound, USER_NOT_IN_ORGANIZATION } from './errors.js';
import { message } from '../../contract/messages.js';

export const NO_POOL = message('no_team_pool');
const KEY_REUSED = message('grant_key_reused');
const KEY_UNDONE = message('grant_key_undone');

export interface PoolMove {
  kind: 'grant' | 'take_back';
  memberIds: number[];
  /** Credits per member; null on a take-back: every unused granted credit. */
  amount: number | null;
  reason: string | null;
  idempotencyKey: string | null;
  /** The admin's address, for the audit log. */
  ip: string | null;
}

export interface PoolMoveOutcome {
  /** Credits moved per member (members with nothing to take back are left out). */
  moved: { member: User; amount: number }[];
  pool: number;
  /** True when the key's earlier call is answered again and nothing moved. */
  replayed: boolean;
}

const why = (text: string, reason: string | null) => (reason ? `${text}: ${reason}` : text);

/** The members a move names, ascending, each once: the order its rows are locked in. */
const namedMembers = (move: PoolMove) => [...new Set(move.memberIds)].sort((a, b) => a - b);

/** What a move asks, as its idempotency key keeps it (credit_pool_keys). */
const callOf = (move: PoolMove): PoolMoveCall => ({
  kind: move.kind,
  member_ids: namedMembers(move),
  amount: move.amount,
});

/**
 * A retried call asks what its key's first call asked: the same kind, the same members (one more or one
 * fewer, also one who had nothing to give back, is another call) and the same amount. Otherwise the key
 * answers another call (409), never part of it as done.
 */
function sameMove(move: PoolMove, earlier: PoolMoveCall): boolean {
  const asked = callOf(move);
  return (
    asked.kind === earlier.kind &&
    asked.amount === earlier.amount &&
    asked.member_ids.join() === earlier.member_ids.join()
  );
}

/**
 * Whether a key's call was reversed since: credits taken back from a member its grant named (also on leaving,
 * if they came back), or granted to a member its take-back named (one who had nothing to give back included: the
 * replay would answer "took everything back" while they hold credits). Its replay would then answer as done
 * a move that no longer stands, as a refunded spend's key would (docs/invariants.md).
 */
function reversedSince(
  tx: InTransaction,
  organizationId: number,
  earlier: { call: PoolMoveCall; sinceEntryId: string },
) {
  const opposite = earlier.call.kind === 'grant' ? 'take_back' : 'grant';
  return tx.creditPool.movedSince(organizationId, earlier.call.member_ids, opposite, earlier.sinceEntryId);
}

export async function movePoolCredits(
  repos: Repositories,
  admin: User,
  move: PoolMove,
): Promise<PoolMoveOutcome> {
  const organizationId = admin.organization_id;
  if (organizationId === null) throw invalid(NO_POOL);
  return repos.transaction(async (tx) => {
    const members: User[] = [];
    for (const id of namedMembers(move)) {
      const member = await tx.users.findMember(organizationId, id, { forUpdate: true });
      if (!member) throw notFound(USER_NOT_IN_ORGANIZATION);
      members.push(member);
    }
    let pool = await tx.creditPool.lock(organizationId);
    if (move.idempotencyKey !== null) {
      const earlier = await tx.creditPool.findKey(organizationId, move.idempotencyKey);
      if (earlier) {
        if (!sameMove(move, earlier.call)) throw conflict(KEY_REUSED);
        if (await reversedSince(tx, organizationId, earlier)) throw conflict(KEY_UNDONE);
        const byId = new Map(members.map((member) => [member.id, member]));
        return {
          moved: earlier.entries.map((entry) => ({
            member: byId.get(entry.member_id!)!,
            amount: Math.abs(entry.amount),
          })),
          pool,
          replayed: true,
        };
      }
      await tx.creditPool.keepKey(organizationId, move.idempotencyKey, callOf(move));
    }
    const moves =
      move.kind === 'grant' ? grants(members, move.amount!, pool) : takeBacks(members, move.amount);
    const moved: PoolMoveOutcome['moved'] = [];
    for (const { member, amount } of moves) {
      pool = await recordMove(tx, admin, member, move, amount);
      moved.push({ member: (await tx.users.findById(member.id))!, amount });
    }
    return { moved, pool, replayed: false };
  });
}

function grants(members: User[], amount: number, pool: number) {
  const needed = amount * members.length;
  if (needed > pool) {
    throw conflict(message('pool_insufficient', { pool, needed }));
  }
  return members.map((member) => ({ member, amount }));
}

/** What each member gives back: `amount`, refused when more than their unused granted credits; or all. */
function takeBacks(members: User[], amount: number | null) {
  const short = members.find((member) => amount !== null && member.granted_credits < amount);
  if (short) {
    throw conflict(
      message('not_enough_unused', { member: short.name, unused: short.granted_credits, amount: amount! }),
    );
  }
  return members
    .map((member) => ({ member, amount: amount ?? member.granted_credits }))
    .filter((entry) => entry.amount > 0);
}

/**
 * One member's grant or take-back: the pool's entry and the member's, together, and the audit log's entry
 * (who, whom, how many, why). Answers the pool's balance.
 */
async function recordMove(
  tx: InTransaction,
  admin: User,
  member: User,
  move: PoolMove,
  amount: number,
): Promise<number> {
  const balance = await writeMove(tx, member, move.kind, amount, {
    actorId: admin.id,
    idempotencyKey: move.idempotencyKey,
    memberReason: why(
      move.kind === 'grant'
        ? `Granted from the team pool by ${admin.email}`
        : `Taken back to the team pool by ${admin.email}`,
      move.reason,
    ),
    poolReason: why(
      move.kind === 'grant'
        ? `Granted to ${member.email} by ${admin.email}`
        : `Taken back from ${member.email} by ${admin.email}`,
      move.reason,
    ),
  });
  await creditEvent(tx, {
    type: move.kind === 'grant' ? 'credits.granted' : 'credits.taken_back',
    actor: admin,
    organizationId: member.organization_id,
    target: member,
    details: move.reason ? { credits: amount, reason: move.reason } : { credits: amount },
    ip: move.ip,
  });
  return balance;
}

/**
 * The two entries of one movement between the pool and a member, written together: the member's
 * (`pool_grant` or `pool_take_back`; granted credits are top-up credits an admin may take back while
 * unused) and the pool's. Answers the pool's balance. The caller holds the member's row and the pool's.
 */
async function writeMove(
  tx: InTransaction,
  member: User,
  kind: PoolMove['kind'],
  amount: number,
  how: { actorId: number | null; idempotencyKey: string | null; memberReason: string; poolReason: string },
): Promise<number> {
  const sign = kind === 'grant' ? 1 : -1;
  await tx.credits.record({
    user_id: member.id,
    organization_id: member.organization_id,
    kind: kind === 'grant' ? 'pool_grant' : 'pool_take_back',
    amount: sign * amount,
    top_up_amount: sign * amount,
    granted_amount: sign * amount,
    actor_id: how.actorId,
    reason: how.memberReason,
  });
  const entry = await tx.creditPool.record({
    organization_id: member.organization_id!,
    kind,
    amount: -sign * amount,
    member_id: member.id,
    actor_id: how.actorId,
    idempotency_key: how.idempotencyKey,
    reason: how.poolReason,
  });
  return entry.balance_after;
}

/**
 * A spend larger than the member's balance: the rest comes from the team pool when it holds enough (the
 * caller checked the cap and holds the member's row). Answers false, drawing nothing, when it does not.
 */
export async function drawFromPool(tx: InTransaction, member: User, short: number): Promise<boolean> {
  if (member.organization_id === null) return false;
  const pool = await tx.creditPool.lock(member.organization_id);
  if (pool < short) return false;
  await tx.creditPool.record({
    organization_id: member.organization_id,
    kind: 'draw',
    amount: -short,
    member_id: member.id,
    actor_id: member.id,
    reason: `Drawn by ${member.email}: their own credits ran out`,
  });
  await tx.credits.record({
    user_id: member.id,
    organization_id: member.organization_id,
    kind: 'pool_draw',
    amount: short,
    top_up_amount: short,
    granted_amount: short,
    reason: 'Drawn from the team pool: own credits ran out',
  });
  return true;
}

/**
 * A member leaving the organization (removed, or deprovisioned by its identity provider) gives the credits
 * granted from its pool that they have not used back to that pool, as a take-back written while they are
 * still its member: they were lent, not given, and once the member is gone no admin could take them back
 * (docs/product.md#the-team-pool). Their plan credits and own top-ups stay theirs. The caller holds the
 * member's row (then the pool's is taken, in the usual order). Answers the credits given back.
 */
export async function returnGrantedOnLeaving(
  tx: InTransaction,
  member: User,
  actorId: number | null,
): Promise<number> {
  const amount = member.granted_credits;
  if (member.organization_id === null || amount <= 0) return 0;
  const reason = `Returned to the team pool: ${member.email} left the organization`;
  await tx.creditPool.lock(member.organization_id);
  await writeMove(tx, member, 'take_back', amount, {
    actorId,
    idempotencyKey: null,
    memberReason: reason,
    poolReason: reason,
  });
  return amount;
}

/**
 * A refunded spend's part drawn from the team pool goes back to that pool (docs/product.md#the-team-pool):
 * the pool's entry, the member's refund entry leaving it out. The caller holds the member's row.
 */
export async function returnToPool(
  tx: InTransaction,
  member: User,
  organizationId: number,
  amount: number,
): Promise<void> {
  await tx.creditPool.lock(organizationId);
  await tx.creditPool.record({
    organization_id: organizationId,
    kind: 'refund',
    amount,
    member_id: member.id,
    actor_id: member.id,
    reason: `Refund of a spend by ${member.email}: the lookup found nothing`,
  });
}
