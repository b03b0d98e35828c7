/**
 * The team pool (docs/product.md#the-team-pool): top-ups fill it, admins grant and take back, members draw on it
 * within their cap, every movement a pair of ledger entries; concurrent moves never overdraw it; a member
 * who runs out asks the admins. And the ledger export reconciles (docs/product.md#the-ledger): opening
 * balance plus the rows equals the closing balance for every member and for the pool, over any period.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, it } from './helpers/node-test.js';
import { parseCsv } from '../../src/shared/csv.js';
import { completeCheckout } from '../../src/server/domain/billing/paid-checkout.js';
import { LEDGER_CSV_HEADER } from '../../src/server/handlers/credits.js';
import { ORIGIN, mailToken, useTestApp } from './helpers/app.js';
import { lockWaits } from './helpers/lock-waits.js';
import { PASSWORD, invitedMember, signup, type TestUser } from './helpers/users.js';

const t = useTestApp();
const repos = () => t.app.services.repos;
const DAY = 86_400_000;
const day = (date: Date) => date.toISOString().slice(0, 10);

async function row(u: TestUser) {
  return (await repos().users.findById(Number(u.id)))!;
}

async function poolOf(admin: TestUser) {
  return repos().creditPool.balance((await row(admin)).organization_id!);
}

/** Every balance equals its ledger's sum: each member's and the pool's. */
async function assertLedgersHold(admin: TestUser, members: TestUser[]) {
  const org = (await row(admin)).organization_id!;
  const poolSum = await t.app.services.db
    .selectFrom('credit_pool_ledger')
    .select((eb) => eb.fn.sum<string>('amount').as('total'))
    .where('organization_id', '=', org)
    .executeTakeFirstOrThrow();
  assert.equal(await repos().creditPool.balance(org), Number(poolSum.total ?? 0), 'pool = its ledger sum');
  for (const member of [admin, ...members]) {
    const r = await row(member);
    assert.equal(r.credits, await repos().credits.sumOf(r.id), `balance of ${member.email} = ledger sum`);
    assert.ok(r.granted_credits >= 0 && r.granted_credits <= r.top_up_credits);
  }
}

/** Buys a pack through the sandbox checkout, to the pool unless told otherwise. */
async function topUp(buyer: TestUser, creditsTo?: 'pool' | 'own', pack = 'credits-100') {
  const checkout = await t.api('buyCredits', {
    cookie: buyer.cookie,
    body: creditsTo ? { pack, credits_to: creditsTo } : { pack },
  });
  assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
  await completeCheckout(t.app.services, new URL(checkout.body.url).pathname.split('/').pop()!);
}

function spend(u: TestUser, amount = 1) {
  return t.api('spendCredits', {
    cookie: u.cookie,
    body: { amount, feature: 'email_lookup', reference: null, idempotency_key: randomUUID() },
  });
}

const grant = (admin: TestUser, members: TestUser[], amount: number, extra: object = {}) =>
  t.api('grantCredits', {
    cookie: admin.cookie,
    body: { user_ids: members.map((m) => m.id), amount, ...extra },
  });

const takeBack = (admin: TestUser, members: TestUser[], amount?: number, extra: object = {}) =>
  t.api('takeBackCredits', {
    cookie: admin.cookie,
    body: { user_ids: members.map((m) => m.id), ...(amount === undefined ? {} : { amount }), ...extra },
  });

/** Empties a member's own balance (their plan credits). */
async function spendAll(u: TestUser) {
  const credits = (await row(u)).credits;
  if (credits > 0) assert.equal((await spend(u, credits)).status, 200);
}

/** Removes the member from their organization and has them join another's; their new cookie. */
async function moveToAnotherOrganization(member: TestUser, from: TestUser, to: TestUser): Promise<string> {
  const removed = await t.api('removeOrganizationUser', {
    cookie: from.cookie,
    body: { user_id: member.id },
  });
  assert.equal(removed.status, 200, JSON.stringify(removed.body));
  const cookie = (await t.api('login', { body: { email: member.email, password: PASSWORD } })).cookie!;
  assert.equal((await t.api('inviteUser', { cookie: to.cookie, body: { email: member.email } })).status, 200);
  const joined = await t.api('acceptInvite', {
    cookie,
    query: { token: await mailToken(t, member.email), join: 'true' },
  });
  assert.equal(joined.status, 200, JSON.stringify(joined.body));
  return cookie;
}

describe('the team pool', () => {
  it('takes a top-up by default; the buyer may keep it on their own balance', async () => {
    const admin = await signup(t.api);
    await invitedMember(t, admin);
    await topUp(admin);
    assert.equal(await poolOf(admin), 100);
    assert.equal((await row(admin)).credits, 10, 'the admin’s own balance is untouched');
    await topUp(admin, 'own');
    assert.equal(await poolOf(admin), 100);
    assert.deepEqual([(await row(admin)).credits, (await row(admin)).top_up_credits], [110, 100]);
    const usage = await t.api('getCreditUsage', { cookie: admin.cookie });
    assert.equal(usage.body.data.pool_credits, 100);

    const alone = await signup(t.api);
    const refused = await t.api('buyCredits', {
      cookie: alone.cookie,
      body: { pack: 'credits-100', credits_to: 'pool' },
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, 'You have no team pool: it belongs to an organization.');
  });

  it('a pack bought for the pool by someone who moved to another organization before paying goes to them', async () => {
    const buyer = await signup(t.api);
    await invitedMember(t, buyer);
    const checkout = await t.api('buyCredits', {
      cookie: buyer.cookie,
      body: { pack: 'credits-100', credits_to: 'pool' },
    });
    assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
    const other = await signup(t.api);
    await invitedMember(t, other);
    const [before, otherOrg] = [await poolOf(buyer), (await row(other)).organization_id!];
    // Moved before the payment completed (left, and joined another organization).
    await t.app.services.db
      .updateTable('users')
      .set({ organization_id: otherOrg, role: 'member' })
      .where('id', '=', Number(buyer.id))
      .execute();
    await completeCheckout(t.app.services, new URL(checkout.body.url).pathname.split('/').pop()!);
    assert.equal(await poolOf(other), 0, 'not the new organization’s pool');
    assert.equal(before, 0);
    assert.deepEqual([(await row(buyer)).credits, (await row(buyer)).top_up_credits], [110, 100]);
  });

  it('reaches the member who ran out through a grant; an admin takes back only what is unused', async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    await topUp(admin);
    await spendAll(member);
    // Without a pool draw possible (cap 0 left this period), the member is told to ask, never to buy.
    await t.api('setMemberCaps', { cookie: admin.cookie, body: { user_ids: [member.id], monthly_cap: 10 } });
    const out = await spend(member);
    assert.equal(out.status, 409);
    assert.equal(out.body.code, 'cap_reached');
    await t.api('setMemberCaps', {
      cookie: admin.cookie,
      body: { user_ids: [member.id], monthly_cap: null },
    });

    const granted = await grant(admin, [member], 30, { reason: 'Outbound campaign' });
    assert.equal(granted.status, 200, JSON.stringify(granted.body));
    assert.equal(granted.body.message, `Granted 30 credits to ${(await row(member)).name}.`);
    assert.deepEqual(granted.body.data, { granted: 30, members: 1, pool_credits: 70, replayed: false });
    assert.equal((await spend(member, 5)).status, 200);
    assert.deepEqual([(await row(member)).credits, (await row(member)).granted_credits], [25, 25]);

    const tooMuch = await takeBack(admin, [member], 26);
    assert.equal(tooMuch.status, 409);
    assert.equal(tooMuch.body.code, 'not_enough_unused');
    assert.equal(await poolOf(admin), 70, 'nothing moved');
    const all = await takeBack(admin, [member]);
    assert.equal(all.status, 200, JSON.stringify(all.body));
    assert.equal(all.body.data.taken_back, 25);
    assert.equal(await poolOf(admin), 95);
    assert.equal((await row(member)).credits, 0);
    const none = await takeBack(admin, [member]);
    assert.equal(none.body.message, 'No unused granted credits to take back.');

    // Who and why, in both ledgers.
    const entries = await t.app.services.db
      .selectFrom('credit_ledger')
      .select(['kind', 'amount', 'actor_id', 'reason'])
      .where('user_id', '=', Number(member.id))
      .where('kind', 'in', ['pool_grant', 'pool_take_back'])
      .orderBy('id')
      .execute();
    assert.deepEqual(
      entries.map((e) => [e.kind, e.amount, e.actor_id]),
      [
        ['pool_grant', 30, Number(admin.id)],
        ['pool_take_back', -25, Number(admin.id)],
      ],
    );
    assert.match(entries[0]!.reason, /Granted from the team pool by .*: Outbound campaign/);
    await assertLedgersHold(admin, [member]);
  });

  it('gets back the unused credits a removed member was granted; their own credits stay theirs', async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    await topUp(admin);
    assert.equal((await grant(admin, [member], 60)).status, 200);
    const own = (await row(member)).credits - 60;
    const removed = await t.api('removeOrganizationUser', {
      cookie: admin.cookie,
      body: { user_id: member.id },
    });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.equal(await poolOf(admin), 100, 'the 60 granted went back to the pool');
    const left = await row(member);
    assert.deepEqual([left.granted_credits, left.organization_id], [0, null]);
    assert.ok(left.credits <= own, 'nothing of the pool left with them');
    const [entry] = (
      await t.api('listAuditEvents', { cookie: admin.cookie, query: { type: 'member.removed' } })
    ).body.data.events;
    assert.equal(entry.details.credits_returned, 60);
    await assertLedgersHold(admin, []);
    assert.equal(left.credits, await repos().credits.sumOf(left.id), 'their balance = their ledger sum');
  });

  it('lets a member draw on the pool once their own credits run out, within their cap', async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    await spendAll(member);
    const empty = await spend(member);
    assert.equal(empty.status, 409);
    assert.equal(empty.body.code, 'insufficient_credits_ask_admin');
    assert.equal(empty.body.message, 'Not enough credits: ask your organization admin for more.');
    await topUp(admin);
    await t.api('setMemberCaps', { cookie: admin.cookie, body: { user_ids: [member.id], monthly_cap: 14 } });
    const drawn = await spend(member, 3);
    assert.equal(drawn.status, 200, JSON.stringify(drawn.body));
    assert.equal(await poolOf(admin), 97);
    assert.equal((await spend(member, 2)).body.code, 'cap_reached', '10 + 3 + 2 passes the cap of 14');
    assert.equal((await spend(member, 1)).status, 200);
    assert.equal(await poolOf(admin), 96);
    await assertLedgersHold(admin, [member]);
  });

  it('grants in bulk, all or none, and answers a repeated key without moving anything again', async () => {
    const admin = await signup(t.api);
    const [a, b] = [await invitedMember(t, admin), await invitedMember(t, admin)];
    await topUp(admin);
    const short = await grant(admin, [a, b], 60);
    assert.equal(short.status, 409);
    assert.equal(short.body.code, 'pool_insufficient');
    assert.equal(short.body.message, 'The team pool has 100 credits: 120 are needed.');
    const key = randomUUID();
    const first = await grant(admin, [a, b], 20, { idempotency_key: key });
    assert.equal(first.status, 200);
    assert.equal(first.body.message, 'Granted 40 credits to 2 members.');
    const again = await grant(admin, [a, b], 20, { idempotency_key: key });
    assert.equal(again.status, 200);
    assert.equal(again.body.data.replayed, true);
    assert.equal(await poolOf(admin), 60, 'the retry moved nothing');
    const reused = await grant(admin, [a], 5, { idempotency_key: key });
    assert.equal(reused.status, 409);
    assert.equal(reused.body.code, 'grant_key_reused');
    // Another member besides: not the same call, so not answered as done for them.
    const c = await invitedMember(t, admin);
    const more = await grant(admin, [a, b, c], 20, { idempotency_key: key });
    assert.equal(more.status, 409, JSON.stringify(more.body));
    assert.equal(more.body.code, 'grant_key_reused');
    assert.equal(await poolOf(admin), 60, 'nothing moved');
    const taken = await takeBack(admin, [a, b], 20);
    assert.equal(taken.body.message, 'Took back 40 credits from 2 members.');
    // Its credits taken back, the grant no longer stands: its key is spent for good, never "granted" again.
    const undone = await grant(admin, [a, b], 20, { idempotency_key: key });
    assert.deepEqual([undone.status, undone.body.code], [409, 'grant_key_undone']);
    assert.equal(await poolOf(admin), 100, 'nothing moved');
    await assertLedgersHold(admin, [a, b]);
  });

  it('answers a take-back key of everything again only for the very members it named, while it stands', async () => {
    const admin = await signup(t.api);
    const [a, b, none] = [
      await invitedMember(t, admin),
      await invitedMember(t, admin),
      await invitedMember(t, admin),
    ];
    await topUp(admin);
    assert.equal((await grant(admin, [a, b], 20)).status, 200);
    const key = randomUUID();
    const first = await takeBack(admin, [a, none], undefined, { idempotency_key: key });
    assert.equal(first.body.data.taken_back, 20);
    // The same call again, the member who had nothing still with nothing: its answer again.
    const again = await takeBack(admin, [a, none], undefined, { idempotency_key: key });
    assert.deepEqual([again.status, again.body.data.replayed], [200, true]);
    // One more member, with credits to give back: another call, never answered as done for them.
    const more = await takeBack(admin, [a, b], undefined, { idempotency_key: key });
    assert.equal(more.status, 409, JSON.stringify(more.body));
    assert.equal(more.body.code, 'grant_key_reused');
    assert.equal((await row(b)).granted_credits, 20);
    // One fewer, the one who had nothing: another call too (docs/product.md#the-team-pool).
    const fewer = await takeBack(admin, [a], undefined, { idempotency_key: key });
    assert.deepEqual([fewer.status, fewer.body.code], [409, 'grant_key_reused']);
    // Granted again since, the member would keep what an answer "took everything back" left them.
    assert.equal((await grant(admin, [a], 15)).status, 200);
    const undone = await takeBack(admin, [a, none], undefined, { idempotency_key: key });
    assert.deepEqual([undone.status, undone.body.code], [409, 'grant_key_undone']);
    assert.equal((await row(a)).granted_credits, 15, 'nothing moved');
  });

  it('spends a take-back key for good once a member it named, even one who had nothing, is granted credits', async () => {
    const admin = await signup(t.api);
    const none = await invitedMember(t, admin);
    await topUp(admin);
    const key = randomUUID();
    const first = await takeBack(admin, [none], undefined, { idempotency_key: key });
    assert.deepEqual([first.status, first.body.data.taken_back], [200, 0]);
    assert.equal((await grant(admin, [none], 10)).status, 200);
    // "Took back everything" again would leave them the 10 credits granted since.
    const undone = await takeBack(admin, [none], undefined, { idempotency_key: key });
    assert.deepEqual([undone.status, undone.body.code], [409, 'grant_key_undone']);
    assert.equal((await row(none)).granted_credits, 10, 'nothing moved');
  });

  it('writes every grant and take-back, single and bulk, to the audit log: who, whom, how many, why', async () => {
    const admin = await signup(t.api);
    const [a, b] = [await invitedMember(t, admin), await invitedMember(t, admin)];
    await topUp(admin);
    const key = randomUUID();
    assert.equal(
      (await grant(admin, [a], 30, { reason: 'Outbound campaign', idempotency_key: key })).status,
      200,
    );
    assert.equal(
      (await grant(admin, [a], 30, { reason: 'Outbound campaign', idempotency_key: key })).status,
      200,
    );
    assert.equal((await grant(admin, [a, b], 10)).status, 200);
    assert.equal((await takeBack(admin, [a], 5, { reason: 'Campaign over' })).status, 200);
    assert.equal((await takeBack(admin, [a, b])).status, 200);
    const logged = async (type: string) => {
      const res = await t.api('listAuditEvents', { cookie: admin.cookie, query: { type } });
      assert.equal(res.status, 200);
      return (res.body.data.events as { actor_email: string; target_email: string; details: object }[]).map(
        (e) => [e.actor_email, e.target_email, e.details],
      );
    };
    // Newest first; the retried grant moved nothing and is not logged again.
    assert.deepEqual(await logged('credits.granted'), [
      [admin.email, b.email, { credits: 10 }],
      [admin.email, a.email, { credits: 10 }],
      [admin.email, a.email, { credits: 30, reason: 'Outbound campaign' }],
    ]);
    assert.deepEqual(await logged('credits.taken_back'), [
      [admin.email, b.email, { credits: 10 }],
      [admin.email, a.email, { credits: 35 }],
      [admin.email, a.email, { credits: 5, reason: 'Campaign over' }],
    ]);
  });

  it('gives a refund back where its credits came from: the part drawn from the pool to the pool', async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    await topUp(admin);
    assert.equal((await spend(member, 6)).status, 200);
    // 4 credits of their own left: a spend of 10 draws 6 from the pool.
    const key = randomUUID();
    const drawn = await t.api('spendCredits', {
      cookie: member.cookie,
      body: { amount: 10, feature: 'email_lookup', reference: null, idempotency_key: key },
    });
    assert.equal(drawn.status, 200, JSON.stringify(drawn.body));
    assert.equal(await poolOf(admin), 94);
    const refund = await t.api('refundCredits', { cookie: member.cookie, body: { idempotency_key: key } });
    assert.equal(refund.status, 200, JSON.stringify(refund.body));
    assert.deepEqual(
      [refund.body.data.credits, refund.body.data.refunded, refund.body.data.to_pool],
      [4, 4, 6],
    );
    assert.equal(await poolOf(admin), 100, 'the pool got its 6 credits back');
    // Given back whole: the usage report and the cap per kind of lookup count 6 spent, not 12.
    const today = day(new Date());
    const report = await t.api('getUsageReport', { cookie: admin.cookie, query: { from: today, to: today } });
    const memberSpent = (report.body.data.members.items as { email: string; spent: number }[]).find(
      (item) => item.email === member.email,
    )!.spent;
    assert.equal(memberSpent, 6);
    assert.equal((await t.api('getCreditUsage', { cookie: member.cookie })).body.data.email_spent, 6);
    const r = await row(member);
    assert.deepEqual([r.credits, r.granted_credits, r.period_spent], [4, 0, 6]);
    const again = await t.api('refundCredits', { cookie: member.cookie, body: { idempotency_key: key } });
    assert.deepEqual([again.body.data.replayed, again.body.data.to_pool], [true, 6]);
    assert.equal(await poolOf(admin), 100, 'once');
    await assertLedgersHold(admin, [member]);
    const accounts = await exportOf(admin, day(new Date()), day(new Date()));
    for (const [who, account] of accounts) {
      assert.equal(account.opening! + account.sum, account.closing, who);
    }
    assert.deepEqual(accounts.get('pool')!.kinds, ['top_up', 'draw', 'refund']);
  });

  it("gives the granted part of a spend refunded after leaving back to the spend's pool, not to the former member", async () => {
    const adminA = await signup(t.api);
    const member = await invitedMember(t, adminA);
    await topUp(adminA);
    assert.equal((await grant(adminA, [member], 60)).status, 200);
    assert.equal((await spend(member, (await row(member)).credits - 60)).status, 200);
    const paid = await spend(member, 60); // the 60 granted credits
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(await poolOf(adminA), 40);
    const adminB = await signup(t.api);
    const cookie = await moveToAnotherOrganization(member, adminA, adminB);

    const refund = await t.api('refundCredits', { cookie, body: { spend_id: paid.body.data.spend_id } });
    assert.equal(refund.status, 200, JSON.stringify(refund.body));
    assert.deepEqual([refund.body.data.refunded, refund.body.data.to_pool], [0, 60]);
    assert.equal(await poolOf(adminA), 100, "the 60 granted credits went back to A's pool");
    assert.equal((await row(member)).granted_credits, 0, "nothing B's admin could take into B's pool");
    const again = await t.api('refundCredits', { cookie, body: { spend_id: paid.body.data.spend_id } });
    assert.deepEqual([again.body.data.replayed, again.body.data.to_pool], [true, 60]);
    await assertLedgersHold(adminA, []);
  });

  it("counts a spend refunded after moving to another organization in the spend's organization's report", async () => {
    const adminA = await signup(t.api);
    const member = await invitedMember(t, adminA);
    const paid = await spend(member, 5);
    const today = day(new Date());
    const totalSpent = async (admin: TestUser) =>
      (await t.api('getUsageReport', { cookie: admin.cookie, query: { from: today, to: today } })).body.data
        .total_spent;
    assert.equal(await totalSpent(adminA), 5);
    const adminB = await signup(t.api);
    const cookie = await moveToAnotherOrganization(member, adminA, adminB);
    const refund = await t.api('refundCredits', { cookie, body: { spend_id: paid.body.data.spend_id } });
    assert.deepEqual([refund.status, refund.body.data.refunded], [200, 5]);
    assert.equal(await totalSpent(adminB), 0, 'no usage of B');
    assert.equal(await totalSpent(adminA), 0, 'A gave the lookup back');
  });

  it('refuses a hostile member or admin: no role, outsiders, negative amounts', async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    const outsider = await signup(t.api);
    await topUp(admin);
    assert.equal((await grant(member, [member], 10)).status, 403);
    assert.equal((await takeBack(member, [member])).status, 403);
    const foreign = await grant(admin, [member, outsider], 10);
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.message, 'User not found in your organization');
    assert.equal((await row(member)).credits, 10, 'all or none: the member got nothing');
    assert.equal((await takeBack(admin, [outsider])).status, 404);
    for (const amount of [-5, 0, 1.5]) assert.equal((await grant(admin, [member], amount)).status, 400);
    assert.equal((await takeBack(admin, [member], -1)).status, 400);
    // A lone admin has no pool to grant from.
    assert.equal((await grant(outsider, [outsider], 1)).status, 400);
    assert.equal(await poolOf(admin), 100);
  });

  it('never overdraws the pool under 50 parallel grants and spends', async () => {
    const admin = await signup(t.api);
    const members: TestUser[] = [];
    for (let i = 0; i < 5; i += 1) members.push(await invitedMember(t, admin));
    await topUp(admin);
    for (const member of members) await spendAll(member);
    const calls = Array.from({ length: 50 }, (_, i) => {
      const member = members[i % members.length]!;
      return i % 2 === 0 ? grant(admin, [member], 7) : spend(member, 3);
    });
    const answers = await Promise.all(calls);
    for (const answer of answers) assert.ok([200, 409].includes(answer.status), JSON.stringify(answer.body));
    const pool = await poolOf(admin);
    assert.ok(pool >= 0);
    const granted = answers.filter((a, i) => i % 2 === 0 && a.status === 200).length * 7;
    const spent = answers.filter((a, i) => i % 2 === 1 && a.status === 200).length * 3;
    let held = 0;
    for (const member of members) held += (await row(member)).credits;
    // Nothing minted, nothing lost: what left the pool is what members hold or spent.
    assert.equal(100 - pool, held + spent, `granted ${granted}, spent ${spent}, pool ${pool}`);
    await assertLedgersHold(admin, members);
  });

  it('asks the admins for credits by mail; a member without an organization cannot ask', async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    const asked = await t.api('requestCredits', {
      cookie: member.cookie,
      body: { amount: 50, note: 'Berlin leads' },
    });
    assert.equal(asked.status, 200);
    assert.equal(asked.body.message, 'Your admins were asked for credits.');
    const mails = await t.app.services.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', admin.email)
      .execute();
    const mail = mails.find((m) => /asks you for 50 credits/.test(m.subject));
    assert.ok(mail, 'the admin got the request');
    assert.match(mail.text_body, /Berlin leads/);
    const alone = await signup(t.api);
    assert.equal((await t.api('requestCredits', { cookie: alone.cookie, body: {} })).status, 400);
  });
});

/** The export's rows by account (a member's email, or 'pool'): opening, the amounts, closing. */
async function exportOf(admin: TestUser, from: string, to: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/export-credit-ledger?from=${from}&to=${to}`,
    headers: { cookie: admin.cookie, origin: ORIGIN },
  });
  assert.equal(res.statusCode, 200);
  const [header, ...records] = parseCsv(res.body).map((record) => record.cells);
  assert.deepEqual(header, LEDGER_CSV_HEADER);
  const col = (name: string) => LEDGER_CSV_HEADER.indexOf(name);
  const accounts = new Map<string, { opening?: number; sum: number; closing?: number; kinds: string[] }>();
  for (const cells of records) {
    const key = cells[col('account')] === 'pool' ? 'pool' : cells[col('member_email')]!;
    const account = accounts.get(key) ?? { sum: 0, kinds: [] };
    const kind = cells[col('kind')]!;
    const balance = Number(cells[col('balance_after')]);
    if (kind === 'opening_balance') account.opening = balance;
    else if (kind === 'closing_balance') account.closing = balance;
    else {
      account.sum += Number(cells[col('amount')]);
      account.kinds.push(kind);
    }
    accounts.set(key, account);
  }
  return accounts;
}

describe('a refund and a pool draw at once', { skip: !process.env.DATABASE_URL }, () => {
  it('take the pool before the usage totals, both of them: neither deadlocks the other', async () => {
    const admin = await signup(t.api);
    const refunder = await invitedMember(t, admin);
    await topUp(admin);
    await spendAll(refunder);
    const key = randomUUID();
    const drawn = await t.api('spendCredits', {
      cookie: refunder.cookie,
      body: { amount: 5, feature: 'email_lookup', reference: null, idempotency_key: key },
    });
    assert.equal(drawn.status, 200, JSON.stringify(drawn.body));
    // A member whose spends are counted in the refunder's row of the day's usage totals (its slot is the
    // user's id mod 16), with nothing of their own: their spend draws on the pool.
    const org = (await row(admin)).organization_id!;
    const drawerId = Number(refunder.id) + 16_000;
    await t.app.services.db
      .insertInto('users')
      .values({
        id: drawerId,
        email: `drawer-${randomUUID()}@example.com`,
        name: 'Drawer',
        organization_id: org,
      })
      .execute();
    const drawer = { cookie: `session=${await repos().sessions.create(drawerId)}` } as TestUser;
    const holder = new pg.Client({ connectionString: t.config.databaseUrl });
    await holder.connect();
    const { untilWaiting, end } = await lockWaits(t.config.databaseUrl!);
    try {
      await holder.query('begin');
      await holder.query('select 1 from credit_pools where organization_id = $1 for update', [org]);
      // The draw waits for the pool first; then the refund, which gives its pool part back, waits too.
      const spending = spend(drawer, 3);
      await untilWaiting(1);
      const refunding = t.api('refundCredits', { cookie: refunder.cookie, body: { idempotency_key: key } });
      await untilWaiting(2);
      await holder.query('commit');
      const [spent, refunded] = await Promise.all([spending, refunding]);
      assert.equal(spent.status, 200, JSON.stringify(spent.body));
      assert.equal(refunded.status, 200, JSON.stringify(refunded.body));
      assert.equal(await poolOf(admin), 100 - 5 - 3 + 5);
    } finally {
      await Promise.all([holder.end(), end()]);
    }
  });
});

describe('the ledger export reconciles', () => {
  it("shows a member's entries from another organization without what that one's admins typed or they looked up", async () => {
    const adminB = await signup(t.api);
    const member = await invitedMember(t, adminB);
    await topUp(adminB);
    assert.equal((await grant(adminB, [member], 5, { reason: 'Project Zeus shortlist' })).status, 200);
    const spent = await t.api('spendCredits', {
      cookie: member.cookie,
      body: {
        amount: 1,
        feature: 'email_lookup',
        reference: 'https://x.test/in/b-target',
        idempotency_key: randomUUID(),
      },
    });
    assert.equal(spent.status, 200);
    const adminA = await signup(t.api);
    const cookie = await moveToAnotherOrganization(member, adminB, adminA);
    assert.equal((await spend({ ...member, cookie }, 1)).status, 200);
    const text = String(
      (
        await t.api('exportCreditLedger', {
          cookie: adminA.cookie,
          query: { from: day(new Date()), to: day(new Date()) },
        })
      ).body,
    );
    assert.ok(!text.includes('Zeus') && !text.includes('b-target') && !text.includes(adminB.email), text);
    const accounts = await exportOf(adminA, day(new Date()), day(new Date()));
    const theirs = accounts.get(member.email)!;
    assert.equal(theirs.opening! + theirs.sum, theirs.closing, 'the amounts still reconcile');
    assert.ok(
      theirs.kinds.includes('pool_grant') && theirs.kinds.includes('spend'),
      JSON.stringify(theirs.kinds),
    );
    // Nor does a filter by that organization's feature find them: a guessed name tells nothing.
    const filtered = String(
      (
        await t.api('exportCreditLedger', {
          cookie: adminA.cookie,
          query: { from: day(new Date()), to: day(new Date()), feature: 'email_lookup' },
        })
      ).body,
    );
    const rows = filtered
      .split('\r\n')
      .filter((line) => line.includes(member.email) && line.includes(',spend,'));
    assert.equal(rows.length, 1, 'only the spend made in this organization');
  });

  it('holds the admin’s plan grant written before the organization existed', async () => {
    const admin = await signup(t.api);
    await invitedMember(t, admin);
    await topUp(admin, 'own');
    const accounts = await exportOf(admin, day(new Date()), day(new Date()));
    const own = accounts.get(admin.email)!;
    assert.deepEqual([own.opening, own.sum, own.closing], [0, 110, 110]);
    assert.ok(own.kinds.includes('grant'), 'the signup grant is listed');
  });

  it('opening + rows = closing for every member, former ones included, and the pool, over random periods', async () => {
    const admin = await signup(t.api);
    const members = [await invitedMember(t, admin), await invitedMember(t, admin)];
    // A member removed at the end: over any period they were a member in, their balances open and close.
    const leaving = await invitedMember(t, admin);
    const leavingDays: Date[] = [];
    await topUp(admin);
    const org = (await row(admin)).organization_id!;
    // History over the last 60 days, written back-dated through both ledgers.
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    await repos().transaction(async (tx) => {
      for (let i = 0; i < 40; i += 1) {
        const member = [admin, ...members, leaving][i % 4]!;
        const created_at = new Date(Date.now() - Math.floor(random() * 60) * DAY - 1000);
        if (member === leaving) leavingDays.push(created_at);
        const amount = 1 + Math.floor(random() * 5);
        await tx.creditPool.record({
          organization_id: org,
          kind: 'top_up',
          amount,
          reason: 'history',
          created_at,
        });
        await tx.credits.record({
          user_id: Number(member.id),
          organization_id: org,
          kind: 'admin_grant',
          amount,
          reason: 'history',
          created_at,
        });
      }
    });
    await grant(admin, [...members, leaving], 5);
    await spend(members[0]!, 2);
    await spend(leaving, 3);
    // What they leave with: their balance but for the unused credits granted from the pool, which go back.
    const before = await row(leaving);
    const leftWith = before.credits - before.granted_credits;
    const removed = await t.api('removeOrganizationUser', {
      cookie: admin.cookie,
      body: { user_id: leaving.id },
    });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.notEqual(
      (await row(leaving)).credits,
      leftWith,
      'removal left the plan: their balance moved after',
    );
    for (let run = 0; run < 12; run += 1) {
      const start = Math.floor(random() * 70);
      const length = Math.floor(random() * 40);
      const from = day(new Date(Date.now() - start * DAY));
      const to = day(new Date(Date.now() - Math.max(0, start - length) * DAY));
      const accounts = await exportOf(admin, from, to);
      for (const who of [admin, ...members].map((m) => m.email).concat('pool')) {
        assert.ok(accounts.has(who), `${who} from ${from} to ${to}`);
      }
      const end = new Date(`${to}T00:00:00.000Z`).getTime() + DAY;
      if (leavingDays.some((date) => date.getTime() < end)) {
        assert.ok(accounts.has(leaving.email), `the removed member from ${from} to ${to}`);
      }
      for (const [who, account] of accounts) {
        assert.equal(account.opening! + account.sum, account.closing, `${who} from ${from} to ${to}`);
      }
    }
    const today = await exportOf(admin, day(new Date()), day(new Date()));
    for (const member of [admin, ...members]) {
      assert.equal(today.get(member.email)!.closing, (await row(member)).credits);
    }
    assert.equal(today.get(leaving.email)!.closing, leftWith, 'their balance when they left');
    assert.equal(today.get('pool')!.closing, await poolOf(admin));

    const report = await t.api('getUsageReport', {
      cookie: admin.cookie,
      query: { from: day(new Date()), to: day(new Date()) },
    });
    assert.equal(report.body.data.pool.closing_balance, await poolOf(admin));
    const byEmail = new Map(
      (report.body.data.members.items as { email: string; closing_balance: number }[]).map((item) => [
        item.email,
        item.closing_balance,
      ]),
    );
    assert.equal(byEmail.get(members[0]!.email), (await row(members[0]!)).credits);
    assert.equal(byEmail.get(leaving.email), leftWith, 'the report closes a former member when they left');
  });
});
