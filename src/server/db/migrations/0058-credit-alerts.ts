/**
 * Credit alerts and caps (docs/product.md#credit-alerts): an organization's choice of the alerts its admins
 * get and of the cap new members join with (credit_settings; no row = the defaults), the record of each
 * alert sent (credit_alerts: its key is the event and its period, so a retried or concurrent spend that
 * reaches the same threshold finds the row and mails nothing), members' caps per kind of lookup, and the
 * language a session was signed in with (the alerts are mailed in it).
 */
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
    await runStatements(
      db,
      `create table credit_settings (
         organization_id integer primary key references organizations(id) on delete cascade,
         cap_warning_alert boolean not null default false,
         cap_reached_alert boolean not null default true,
         pool_below_alert integer check (pool_below_alert is null or pool_below_alert between 1 and 10000000),
         credit_request_alert boolean not null default true,
         default_monthly_cap integer check (default_monthly_cap is null or default_monthly_cap between 0 and 1000000)
       );
       create table credit_alerts (
         organization_id integer not null references organizations(id) on delete cascade,
         event text not null check (event in ('cap_warning', 'cap_reached', 'pool_low')),
         subject text not null,
         period text not null,
         created_at timestamptz not null default now(),
         primary key (organization_id, event, subject, period)
       );
       alter table users add column email_cap integer check (email_cap is null or email_cap between 0 and 1000000);
       alter table users add column phone_cap integer check (phone_cap is null or phone_cap between 0 and 1000000);
       alter table sessions add column locale text`,
    );
  },
} satisfies Migration;
