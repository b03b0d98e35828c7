// `npm run seed:demo`: a demo organization to click through: an admin on Pro, members on Free,
// Standard and Pro, purchased seats (one Standard seat still free) and a pending invitation, with three
// weeks of credit usage (monthly caps, one member at their cap, one past 75%, a refund, a top-up).
// It goes through the server's own operations (app.inject), so every business rule applies.
// Run it while the server is stopped when using PGlite (one process per data folder).
import { buildApp } from '../src/server/app.js';
import { ConfigError, loadConfig, type Config } from '../src/server/config.js';
import { completeCheckout } from '../src/server/domain/billing/paid-checkout.js';
import type { Mail, Mailer } from '../src/server/mail/mailer.js';
import { createOutboxMailer } from '../src/server/mail/outbox.js';

const PASSWORD = 'Demo-pass1!';
const ADMIN = 'admin@demo.example.com';
const MEMBERS = [
  { email: 'free@demo.example.com', name: 'Frank Free', product: 'free' },
  { email: 'standard@demo.example.com', name: 'Stella Standard', product: 'standard' },
  { email: 'pro@demo.example.com', name: 'Priya Pro', product: 'pro' },
] as const;
const PENDING = 'invited@demo.example.com';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

// Mails are kept in memory (to read invitation tokens) and in the outbox, never sent over SMTP.
const sent: Mail[] = [];
const app = await buildApp(config, {
  logger: false,
  services: {
    mailer: {
      async send(mail) {
        sent.push(mail);
        await createOutboxMailer(app.services.db).send(mail);
      },
      async close() {},
    } satisfies Mailer,
  },
});

const origin = new URL(config.publicUrl).origin;
async function call(path: string, body: unknown, cookie?: string) {
  const response = await app.inject({
    method: 'POST',
    url: `${config.apiBase}${path}`,
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
  const json = response.json();
  if (response.statusCode !== 200)
    throw new Error(`${path} failed (${response.statusCode}): ${json.message}`);
  const setCookie = ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('session='));
  return { json, cookie: setCookie?.split(';')[0] ?? cookie ?? '' };
}

function tokenOf(email: string): string {
  const mail = sent.filter((m) => m.to === email).at(-1);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`No invitation mail for ${email}`);
  return token;
}

async function checkoutAndPay(path: string, body: unknown, cookie: string) {
  const { json } = await call(path, body, cookie);
  await completeCheckout(app.services, new URL(json.url).pathname.split('/').pop()!);
}

/**
 * Three weeks of lookups, written through the ledger (so every balance is its ledger's sum) and back-dated:
 * the credit period started 21 days ago. Each member spends up to a target share of their cap or plan.
 */
async function seedUsageHistory(memberIds: number[]) {
  const { repos } = app.services;
  const DAY = 86_400_000;
  const periodStart = new Date(Date.now() - 21 * DAY);
  const admin = await repos.users.findByEmail(ADMIN);
  const people = [admin!.id, ...memberIds];
  for (const [index, id] of people.entries()) {
    await repos.transaction(async (tx) => {
      await tx.users.update(id, {
        credit_period_start: periodStart,
        credit_period_end: new Date(periodStart.getTime() + 31 * DAY),
      });
      const user = (await tx.users.findById(id, { forUpdate: true }))!;
      // The capped Free member reaches the cap; the capped Standard member passes 75%; others spend some.
      const target =
        user.monthly_cap !== null ? Math.ceil(user.monthly_cap * (index === 1 ? 1 : 0.8)) : 60 + index * 25;
      let spent = 0;
      for (let day = 20; day >= 0 && spent < target; day -= 1) {
        const today = Math.min(target - spent, user.credits - spent, 1 + ((day * 7 + index * 3) % 6));
        for (let n = 0; n < today; n += 1) {
          const entry = await tx.credits.record({
            user_id: id,
            organization_id: user.organization_id,
            kind: 'spend',
            amount: -1,
            feature: n % 3 === 2 ? 'phone_lookup' : 'email_lookup',
            reference: `https://www.linkedin.com/in/demo-profile-${index}-${day}-${n}`,
            idempotency_key: `demo-${id}-${day}-${n}`,
            reason: `Spent on ${n % 3 === 2 ? 'phone_lookup' : 'email_lookup'}`,
            created_at: new Date(periodStart.getTime() + (20 - day) * DAY + n * 3_600_000),
          });
          spent += 1;
          if (n === 0 && day % 9 === 0) {
            await tx.credits.record({
              user_id: id,
              organization_id: user.organization_id,
              kind: 'refund',
              amount: 1,
              feature: entry.feature,
              reference: entry.reference,
              refund_of: entry.id,
              reason: 'Refund: the lookup found nothing',
              created_at: new Date(periodStart.getTime() + (20 - day) * DAY + 1_800_000),
            });
            spent -= 1;
          }
        }
      }
    });
  }
}

try {
  const existing = await app.services.repos.users.findByEmail(ADMIN);
  if (existing) {
    console.log('The demo organization already exists.');
  } else {
    const { cookie: admin } = await call('/signup', {
      name: 'Dana Admin',
      email: ADMIN,
      password: PASSWORD,
      software: 'demo-crm',
      has_installed: true,
    });
    await call('/set-user-boolean', { key: 'has_onboarded', value: true }, admin);
    await checkoutAndPay('/checkout', { items: [{ price_id: 'price_pro_yearly', quantity: 1 }] }, admin);

    const ids = new Map<string, string>();
    for (const member of MEMBERS) {
      await call('/invite-user', { email: member.email, role: 'member' }, admin);
      const { json } = await call('/signup', {
        name: member.name,
        email: member.email,
        password: PASSWORD,
        software: 'demo-crm',
        has_installed: true,
        invitation_token: tokenOf(member.email),
      });
      ids.set(member.email, json.id);
    }
    // Seats: the admin's Pro seat came with the plan; 2 Standard and 1 more Pro are bought here.
    await checkoutAndPay('/buy-more-seats', { standard_seats: 2, pro_seats: 1 }, admin);
    for (const member of MEMBERS) {
      if (member.product === 'free') continue;
      await call(
        '/set-user-product',
        { user_id: ids.get(member.email), product: member.product, role: 'member' },
        admin,
      );
    }
    await call('/invite-user', { email: PENDING, role: 'member' }, admin);
    await call('/set-member-caps', { user_ids: [ids.get(MEMBERS[0].email)], monthly_cap: 10 }, admin);
    await call('/set-member-caps', { user_ids: [ids.get(MEMBERS[1].email)], monthly_cap: 200 }, admin);
    await checkoutAndPay('/buy-credits', { pack: 'credits-500', credits_to: 'own' }, admin);
    await checkoutAndPay('/buy-credits', { pack: 'credits-500' }, admin);
    await call(
      '/grant-credits',
      { user_ids: [ids.get(MEMBERS[1].email)], amount: 50, reason: 'Demo' },
      admin,
    );
    await seedUsageHistory([...ids.values()].map(Number));
    console.log('Demo organization created.');
  }
  console.log(`
  Sign in at ${config.publicUrl}/login with password ${PASSWORD}:
    admin (billing admin, Pro):  ${ADMIN}
    members:                     ${MEMBERS.map((m) => `${m.email} (${m.product})`).join(', ')}
  Seats: 2 Standard (1 free), 2 Pro (none free). Pending invitation: ${PENDING}.
  Credits: three weeks of usage at ${config.publicUrl}/dashboard/usage; Frank is at his monthly cap of 10,
  Stella past 75% of hers (200); the admin bought 500 top-up credits for themself and 500 for the team
  pool, and granted Stella 50 of them.
  Mails (invitation links): ${config.publicUrl}/sandbox/mail
`);
} finally {
  await app.close();
}
