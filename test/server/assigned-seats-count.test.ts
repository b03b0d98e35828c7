/**
 * The seats held per paid product, kept on the organization by a trigger (migration 0072,
 * docs/performance.md#large-organizations): after members join with products in any spelling, change
 * product, move to another organization, leave and are deleted, the kept counts equal a count of the
 * members, and get-organization-members answers them.
 */
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { it } from './helpers/node-test.js';
import { useTestApp } from './helpers/app.js';
import { signup } from './helpers/users.js';

const t = useTestApp();

/** Every organization's kept counts against a count of its members by the plan key. */
async function assertCountsHold() {
  const { rows } = await sql<{ id: number; kept: string; counted: string }>`
    select o.id, o.assigned_standard || '/' || o.assigned_pro as kept,
      (select count(*) from users u where u.organization_id = o.id and lower(btrim(u.stripe_product)) = 'standard')
        || '/' || (select count(*) from users u where u.organization_id = o.id and lower(btrim(u.stripe_product)) = 'pro')
        as counted
    from organizations o order by o.id`.execute(t.app.services.db);
  assert.ok(rows.length >= 2);
  for (const row of rows) assert.equal(row.kept, row.counted, `organization ${row.id}`);
}

it('holds the seats of each paid product as members join, change, move, leave and go', async () => {
  const { db, repos } = t.app.services;
  const create = (name: string) =>
    repos.organizations.create({
      name,
      billing_admin_id: null,
      seats_standard: 0,
      seats_pro: 0,
      subscription_id: null,
    });
  const [a, b] = [await create('Seats A'), await create('Seats B')];
  const products = ['standard', ' Pro ', 'free', ' Free', 'STANDARD', 'pro', 'pro'];
  const ids: number[] = [];
  for (const [i, product] of products.entries()) {
    const row = await db
      .insertInto('users')
      .values({
        email: `seats.${i}@example.com`,
        name: `Seat ${i}`,
        organization_id: a.id,
        stripe_product: product,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  await assertCountsHold();
  assert.deepEqual(await repos.users.assignedSeatsOf(a.id), { standard: 2, pro: 3 });

  // A product changed, changed to the same key in another spelling, and a name changed (no product).
  await db.updateTable('users').set({ stripe_product: 'pro' }).where('id', '=', ids[0]!).execute();
  await db.updateTable('users').set({ stripe_product: 'PRO' }).where('id', '=', ids[1]!).execute();
  await db.updateTable('users').set({ name: 'Renamed' }).where('id', '=', ids[5]!).execute();
  // One moves to the other organization with a new product, one leaves, one account is deleted.
  await db
    .updateTable('users')
    .set({ organization_id: b.id, stripe_product: 'standard' })
    .where('id', '=', ids[6]!)
    .execute();
  await db.updateTable('users').set({ organization_id: null }).where('id', '=', ids[4]!).execute();
  await db.deleteFrom('users').where('id', '=', ids[5]!).execute();
  await assertCountsHold();
  assert.deepEqual(await repos.users.assignedSeatsOf(a.id), { standard: 0, pro: 2 });
  assert.deepEqual(await repos.users.assignedSeatsOf(b.id), { standard: 1, pro: 0 });
});

it('answers the kept counts in get-organization-members', async () => {
  const admin = await signup(t.api, { name: 'Seats Admin' });
  const invited = await t.api('inviteUser', {
    cookie: admin.cookie,
    body: { email: 'seats.invited@example.com' },
  });
  assert.equal(invited.status, 200, JSON.stringify(invited.body));
  const { db } = t.app.services;
  const adminRow = await db
    .selectFrom('users')
    .select('organization_id')
    .where('id', '=', Number(admin.id))
    .executeTakeFirstOrThrow();
  await db
    .insertInto('users')
    .values({
      email: 'seats.member@example.com',
      name: 'Paid',
      organization_id: adminRow.organization_id,
      stripe_product: 'pro',
    })
    .execute();
  const res = await t.api('getOrganizationMembers', { cookie: admin.cookie });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.data.assigned_seats.pro, 1);
  await assertCountsHold();
});
