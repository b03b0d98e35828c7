/**
 * What payments leave behind: checkout sessions (recorded before any provider sees them), the
 * subscriptions /org-subscription reads, and the Stripe events already handled.
 */
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { Db } from '../db/index.js';
import { json } from '../db/json.js';
import { REPLACED, subscriptionEnded } from '../db/subscription-status.js';
import type {
  CheckoutSession,
  CheckoutSessionsTable,
  Database,
  SubscriptionItem,
  SubscriptionsTable,
  User,
} from '../db/schema.js';

type NewSubscription = Omit<Insertable<SubscriptionsTable>, 'items' | 'created_at' | 'updated_at'> & {
  items: SubscriptionItem[];
};

/** Subscriptions the user pays or whose organization they belong to. */
function paidByOrSharedWith(user: Pick<User, 'id' | 'organization_id'>) {
  return (eb: ExpressionBuilder<Database, 'subscriptions'>) =>
    user.organization_id === null
      ? eb('user_id', '=', user.id)
      : eb.or([eb('user_id', '=', user.id), eb('organization_id', '=', user.organization_id)]);
}

export function createBillingRepository(db: Db) {
  return {
    async recordCheckout(values: Insertable<CheckoutSessionsTable>): Promise<void> {
      await db.insertInto('checkout_sessions').values(values).execute();
    },

    /** A checkout session of the user (another user's ids find nothing). */
    async findCheckoutOf(userId: number, id: string): Promise<CheckoutSession | undefined> {
      return db
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** The checkout session, locked until the transaction ends: a payment applies once. */
    async lockCheckout(id: string): Promise<CheckoutSession | undefined> {
      return db
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async markCheckoutPaid(id: string, subscriptionId: string | null = null): Promise<CheckoutSession> {
      return db
        .updateTable('checkout_sessions')
        .set({ status: 'paid', completed_at: sql`now()`, subscription_id: subscriptionId })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Whether a paid checkout opened after this one started or paid into the subscription (compared in
     * the database, at its precision).
     */
    async paidCheckoutNewerThan(subscriptionId: string, checkoutId: string): Promise<boolean> {
      const row = await db
        .selectFrom('checkout_sessions as newer')
        .select('newer.id')
        .where('newer.subscription_id', '=', subscriptionId)
        .where('newer.status', '=', 'paid')
        .where('newer.id', '<>', checkoutId)
        .where((eb) =>
          eb(
            'newer.created_at',
            '>',
            eb
              .selectFrom('checkout_sessions as this')
              .select('this.created_at')
              .where('this.id', '=', checkoutId),
          ),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The user's paid checkouts, newest first: the sandbox's invoices. */
    async paidCheckoutsOf(userId: number, limit: number): Promise<CheckoutSession[]> {
      return db
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'paid')
        .orderBy('completed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Cancels a checkout that is still open (a paid one stays paid). */
    async cancelCheckout(id: string): Promise<void> {
      await db
        .updateTable('checkout_sessions')
        .set({ status: 'canceled' })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .execute();
    },

    /** Writes the subscription record, or rewrites it when it exists. */
    async saveSubscription(subscription: NewSubscription): Promise<void> {
      const { items, ...values } = subscription;
      await db
        .insertInto('subscriptions')
        .values({ ...values, items: json(items) })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            organization_id: values.organization_id ?? null,
            interval: values.interval,
            status: values.status,
            items: json(items),
            updated_at: sql`now()`,
          }),
        )
        .execute();
    },

    /** The subscription now pays for an organization's seats (its payer founded one). */
    async moveSubscriptionTo(id: string, organizationId: number): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set({ organization_id: organizationId })
        .where('id', '=', id)
        .execute();
    },

    /** Our record of a subscription (what we believe the provider charges). */
    async findSubscription(id: string) {
      return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The creation time of the newest provider event applied to the subscription. */
    async providerEventAt(id: string): Promise<Date | null | undefined> {
      const row = await db
        .selectFrom('subscriptions')
        .select('provider_event_at')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.provider_event_at;
    },

    async setProviderEventAt(id: string, at: Date): Promise<void> {
      await db.updateTable('subscriptions').set({ provider_event_at: at }).where('id', '=', id).execute();
    },

    /** A subscription the user pays or whose organization they belong to. */
    async findSubscriptionVisibleTo(user: Pick<User, 'id' | 'organization_id'>, id: string) {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', id)
        .where(paidByOrSharedWith(user))
        .executeTakeFirst();
    },

    /** Ids of the subscriptions in this status that the user pays or their organization has. */
    async subscriptionsWithStatus(
      user: Pick<User, 'id' | 'organization_id'>,
      status: string,
    ): Promise<string[]> {
      const rows = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('status', '=', status)
        .where(paidByOrSharedWith(user))
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * A subscription marked 'replaced' (one-subscription.ts) only ever moves on to an ended status. It is
     * often one the provider has just created, whose own customer.subscription.updated (incomplete →
     * active) can arrive after the payment marked it: were that to make it 'active' again, the
     * cancellation (cancelReplacedSubscriptions reads 'replaced') would never happen and it stays billed.
     */
    async setSubscriptionStatus(id: string, status: string): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set({ status, updated_at: sql`now()` })
        .where('id', '=', id)
        .where((eb) => (subscriptionEnded(status) ? eb.lit(true) : eb('status', '!=', REPLACED)))
        .execute();
    },

    /**
     * Claims a provider event to apply it, until `until`: false when it was applied already, or another
     * delivery is applying it now (providers repeat deliveries). A claim that ran out (its process died
     * while applying) is taken again.
     */
    async claimEvent(id: string, type: string, now: Date, until: Date): Promise<boolean> {
      const claimed = await db
        .insertInto('processed_events')
        .values({ id, type, done: false, claimed_until: until })
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet({ claimed_until: until })
            .where('processed_events.done', '=', false)
            .where('processed_events.claimed_until', '<', now),
        )
        .returning('id')
        .executeTakeFirst();
      return claimed !== undefined;
    },

    /**
     * A claimed event, applied: done for good. `claimedUntil` is the claim's (claimEvent's `until`): a claim
     * taken over since by another delivery is that one's to end.
     */
    async markEventDone(id: string, claimedUntil: Date): Promise<void> {
      await db
        .updateTable('processed_events')
        .set({ done: true, claimed_until: null, processed_at: sql`now()` })
        .where('id', '=', id)
        .where('claimed_until', '=', claimedUntil)
        .execute();
    },

    /** Forgets an event whose handling failed under this claim, so the provider's retry is handled. */
    async forgetEvent(id: string, claimedUntil: Date): Promise<void> {
      await db
        .deleteFrom('processed_events')
        .where('id', '=', id)
        .where('done', '=', false)
        .where('claimed_until', '=', claimedUntil)
        .execute();
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
