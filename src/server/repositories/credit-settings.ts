/**
 * An organization's credit alerts and default cap (docs/product.md#credit-alerts), the record of the alerts
 * mailed (one row per event and period: inserting it is what claims the mail), and who the alerts go to.
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { CreditSettingsTable, Database } from '../db/schema.js';
import { isLocale, DEFAULT_LOCALE, type Locale } from '../../shared/locale.js';
import { lastSessionLocale } from './sessions.js';

export type CreditSettings = Omit<Selectable<CreditSettingsTable>, 'organization_id'>;

/** An organization that chose nothing: the cap alert the member already had, requests as before, no default cap. */
export const DEFAULT_CREDIT_SETTINGS: CreditSettings = {
  cap_warning_alert: false,
  cap_reached_alert: true,
  pool_below_alert: null,
  credit_request_alert: true,
  default_monthly_cap: null,
};

type AlertEvent = Database['credit_alerts']['event'];

export interface AlertRecipient {
  id: number;
  email: string;
  locale: Locale;
}

export function createCreditSettingsRepository(db: Db) {
  return {
    async of(organizationId: number): Promise<CreditSettings> {
      const row = await db
        .selectFrom('credit_settings')
        .select([
          'cap_warning_alert',
          'cap_reached_alert',
          'pool_below_alert',
          'credit_request_alert',
          'default_monthly_cap',
        ])
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      return row ?? DEFAULT_CREDIT_SETTINGS;
    },

    async save(organizationId: number, settings: CreditSettings): Promise<void> {
      await db
        .insertInto('credit_settings')
        .values({ organization_id: organizationId, ...settings })
        .onConflict((oc) => oc.column('organization_id').doUpdateSet(settings))
        .execute();
    },

    /**
     * Claims the mail of one alert: true for the first caller only. A concurrent caller waits on the
     * first one's row (the primary key) and then finds it, so the alert goes out once.
     */
    async claim(
      organizationId: number,
      event: AlertEvent,
      subject: string,
      period: string,
    ): Promise<boolean> {
      const row = await db
        .insertInto('credit_alerts')
        .values({ organization_id: organizationId, event, subject, period })
        .onConflict((oc) => oc.columns(['organization_id', 'event', 'subject', 'period']).doNothing())
        .returning('event')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The newest entry of the team pool's ledger that left it at `threshold` or more ('0' when none): the
     * pool has been below the threshold since, so each fall below it is named by the entry before it.
     */
    async lastPoolEntryAtOrAbove(organizationId: number, threshold: number): Promise<string> {
      const row = await db
        .selectFrom('credit_pool_ledger')
        .select(sql<string | null>`max(id)::text`.as('id'))
        .where('organization_id', '=', organizationId)
        .where('balance_after', '>=', threshold)
        .executeTakeFirst();
      return row?.id ?? '0';
    },

    /**
     * The members of the organization with one of `roles` (those who govern credits), each with the
     * language of the session they used last (English when none says).
     */
    async recipients(organizationId: number, roles: readonly string[]): Promise<AlertRecipient[]> {
      const rows = await db
        .selectFrom('users')
        .select(['users.id', 'users.email', lastSessionLocale])
        .where('users.organization_id', '=', organizationId)
        .where('users.role', 'in', [...roles])
        .orderBy('users.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
      }));
    },
  };
}
