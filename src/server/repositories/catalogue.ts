/** The reference data: the CRM catalogue (software), the plans and the coupons. */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { CreditPack, Plan, Software } from '../db/schema.js';

/** DESIGN.md's Free plan, for a plans table edited without one. */
const FREE_CREDITS_FALLBACK = 10;

export function createCatalogueRepository(db: Db) {
  async function creditsOf(slug: string): Promise<number | undefined> {
    const plan = await db.selectFrom('plans').select('credits').where('slug', '=', slug).executeTakeFirst();
    return plan?.credits;
  }

  return {
    async findSoftware(slug: string): Promise<Software | undefined> {
      return db.selectFrom('software').selectAll().where('slug', '=', slug).executeTakeFirst();
    },

    /** The catalogue by name. */
    async listSoftware(): Promise<Software[]> {
      return db.selectFrom('software').selectAll().orderBy('software').execute();
    },

    /** Every plan by slug. */
    async plans(): Promise<Map<string, Plan>> {
      const plans = await db.selectFrom('plans').selectAll().execute();
      return new Map(plans.map((p) => [p.slug, p]));
    },

    /** The monthly credits of a plan; undefined for an unknown slug. */
    creditsOf,

    /** The monthly credits of the Free plan: what an account keeps at most when it leaves a paid one. */
    async freeCredits(): Promise<number> {
      return (await creditsOf('free')) ?? FREE_CREDITS_FALLBACK;
    },

    /** The credit packs on sale, smallest first. */
    async creditPacks(): Promise<CreditPack[]> {
      return db.selectFrom('credit_packs').selectAll().orderBy('sort_order').orderBy('credits').execute();
    },

    async findCreditPack(slug: string): Promise<CreditPack | undefined> {
      return db.selectFrom('credit_packs').selectAll().where('slug', '=', slug).executeTakeFirst();
    },

    /** A coupon that can still be redeemed, by its code in any letter case; undefined otherwise. */
    async findRedeemableCoupon(code: string) {
      return db
        .selectFrom('coupons')
        .selectAll()
        .where(sql`upper(code)`, '=', code.trim().toUpperCase())
        .where('redeem_by', '>', sql<Date>`now()`)
        .executeTakeFirst();
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
