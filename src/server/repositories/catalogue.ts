/** The reference data: the CRM catalogue (software), the plans and the coupons. */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { CreditPack, Plan, Software } from '../db/schema.js';

/** DESIGN.md's Free plan, for a plans table edited without one. */
const FREE_CREDITS_FALLBACK = 10;

/**
 * How long the plans and the CRM catalogue are kept in memory. They change rarely and only by an
 * operator editing the tables (or the seed), so every process sees an edit within this time without a
 * query per call; a process that changes them itself calls `invalidate()` and sees it at once.
 */
const CATALOGUE_CACHE_MS = 30_000;

interface Cached<T> {
  value: Promise<T>;
  until: number;
}

/** The reference data of one process: plans and software, each read at most once per CATALOGUE_CACHE_MS. */
export function createCatalogueCache(now: () => number = Date.now) {
  const entries = new Map<'plans' | 'software', Cached<unknown>>();
  return {
    get<T>(key: 'plans' | 'software', load: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      if (entry && entry.until > now()) return entry.value as Promise<T>;
      const value = load();
      entries.set(key, { value, until: now() + CATALOGUE_CACHE_MS });
      // A failed read (database down) is not kept: the next call reads again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    invalidate(): void {
      entries.clear();
    },
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;

export function createCatalogueRepository(db: Db, cache: CatalogueCache = createCatalogueCache()) {
  /** Every plan by slug. */
  const plans = (): Promise<Map<string, Plan>> =>
    cache.get('plans', async () => {
      const rows = await db.selectFrom('plans').selectAll().execute();
      return new Map(rows.map((p) => [p.slug, p]));
    });
  /** The catalogue by name. */
  const software = (): Promise<Software[]> =>
    cache.get('software', () => db.selectFrom('software').selectAll().orderBy('software').execute());

  async function creditsOf(slug: string): Promise<number | undefined> {
    return (await plans()).get(slug)?.credits;
  }

  return {
    async findSoftware(slug: string): Promise<Software | undefined> {
      return (await software()).find((row) => row.slug === slug);
    },

    listSoftware: software,

    plans,

    /** Forgets the cached plans and catalogue (after this process changed them). */
    invalidate: () => cache.invalidate(),

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
