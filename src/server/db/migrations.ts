/**
 * Schema migrations, defined in code so the server needs no migration folder at run time.
 * Append new migrations; never edit one that has shipped. Names sort in the order they run.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await runStatements(
        db,
        `
        create table meta (
          key text primary key,
          value text not null
        );

        create table plans (
          slug text primary key,
          name text not null,
          monthly_price integer not null,
          yearly_price integer not null,
          monthly_price_id text not null unique,
          yearly_price_id text not null unique,
          credits integer not null,
          metadata jsonb not null default '{}',
          sort_order integer not null default 0
        );

        create table coupons (
          code text primary key,
          name text not null,
          percent_off integer not null check (percent_off between 1 and 100),
          duration text not null,
          redeem_by timestamptz not null
        );

        create table software (
          slug text primary key,
          software text not null,
          app text not null,
          logo_url text,
          chrome_extension_url text,
          auth_options text not null check (auth_options in ('oauth', 'api key', 'either')),
          oauth_auth_url text,
          oauth_token_url text,
          preconnect_fields jsonb not null default '[]',
          api_keys jsonb not null default '[]',
          create_api_key_url text,
          create_api_key_gif_url text,
          sort_order integer not null default 0
        );

        create table organizations (
          id serial primary key,
          name text not null,
          billing_admin_id integer,
          seats_standard integer not null default 0 check (seats_standard >= 0),
          seats_pro integer not null default 0 check (seats_pro >= 0),
          subscription_id text,
          created_at timestamptz not null default now()
        );

        create table users (
          id serial primary key,
          email text not null unique,
          name text not null,
          password_hash text,
          google_sub text unique,
          role text not null default 'admin',
          credits integer not null default 10,
          has_installed boolean not null default false,
          has_onboarded boolean not null default false,
          software text,
          utm_source text,
          utm_medium text,
          utm_campaign text,
          utm_term text,
          utm_content text,
          organization_id integer references organizations(id) on delete set null,
          stripe_product text not null default 'free',
          stripe_interval text,
          stripe_status text,
          stripe_subscription_id text,
          stripe_customer_id text,
          next_payment_date timestamptz,
          payment_method text,
          preconnect jsonb,
          created_at timestamptz not null default now()
        );
        create index users_organization_id on users(organization_id);

        alter table organizations
          add constraint organizations_billing_admin_fk
          foreign key (billing_admin_id) references users(id) on delete set null;

        create table invitations (
          id serial primary key,
          organization_id integer not null references organizations(id) on delete cascade,
          email text not null,
          role text not null check (role in ('admin', 'member')),
          token_hash text not null unique,
          invited_by integer references users(id) on delete set null,
          expires_at timestamptz not null,
          accepted_at timestamptz,
          created_at timestamptz not null default now()
        );
        create index invitations_organization_id on invitations(organization_id);

        create table sessions (
          id_hash text primary key,
          user_id integer not null references users(id) on delete cascade,
          created_at timestamptz not null default now(),
          last_seen_at timestamptz not null default now()
        );
        create index sessions_user_id on sessions(user_id);

        create table reset_tokens (
          token_hash text primary key,
          user_id integer not null references users(id) on delete cascade,
          expires_at timestamptz not null,
          used_at timestamptz,
          created_at timestamptz not null default now()
        );

        create table crm_connections (
          id serial primary key,
          user_id integer not null references users(id) on delete cascade,
          organization_id integer references organizations(id) on delete cascade,
          software text not null,
          auth_type text not null,
          credentials text not null,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        );
        create index crm_connections_user_id on crm_connections(user_id);
        create index crm_connections_organization_id on crm_connections(organization_id);

        create table oauth_codes (
          code_hash text primary key,
          software text not null,
          user_id integer references users(id) on delete cascade,
          redirect_uri text not null,
          expires_at timestamptz not null,
          used_at timestamptz
        );

        create table outbox (
          id serial primary key,
          to_address text not null,
          subject text not null,
          text_body text not null,
          html_body text,
          created_at timestamptz not null default now()
        );

        create table rate_limits (
          key text primary key,
          window_start timestamptz not null,
          count integer not null
        );

        create table subscriptions (
          id text primary key,
          user_id integer not null references users(id) on delete cascade,
          organization_id integer references organizations(id) on delete set null,
          interval text not null,
          status text not null,
          items jsonb not null default '[]',
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        );

        create table checkout_sessions (
          id text primary key,
          user_id integer not null references users(id) on delete cascade,
          kind text not null check (kind in ('plan', 'seats')),
          product text,
          interval text,
          standard_seats integer not null default 0,
          pro_seats integer not null default 0,
          coupon_code text,
          line_items jsonb not null,
          amount_subtotal integer not null,
          amount_discount integer not null,
          amount_total integer not null,
          cancel_url text,
          status text not null default 'open',
          created_at timestamptz not null default now(),
          completed_at timestamptz
        );

        create table processed_events (
          id text primary key,
          type text not null,
          processed_at timestamptz not null default now()
        );
      `,
      );
    },
  },
  // Demo CRM codes always belong to the user who approved them (OAuth login CSRF): none without one.
  '0002_oauth_codes_user_required': {
    async up(db) {
      await runStatements(
        db,
        `
        delete from oauth_codes where user_id is null;
        alter table oauth_codes alter column user_id set not null
      `,
      );
    },
  },
  // Requests sent through the server's own support form (/support), kept even once mailed.
  '0003_support_requests': {
    async up(db) {
      await runStatements(
        db,
        `
        create table support_requests (
          id serial primary key,
          user_id integer references users(id) on delete set null,
          email text not null,
          message text not null,
          created_at timestamptz not null default now()
        )
      `,
      );
    },
  },
  // Large organizations (issue 12): get-user shows the member count on every call, so it is kept on the
  // organization by a trigger instead of counted each time; the members table sorts and pages through
  // indexes instead of sorting the whole organization.
  '0010_member_count_and_member_indexes': {
    async up(db) {
      await runStatements(
        db,
        `
        alter table organizations add column member_count integer not null default 0;
        update organizations o set member_count = (select count(*) from users u where u.organization_id = o.id);
        create index users_org_joined on users(organization_id, created_at, id);
        create index users_org_name on users(organization_id, lower(name), id);
        create index users_org_email on users(organization_id, email);
        create index users_org_product on users(organization_id, lower(btrim(stripe_product)));
        drop index users_organization_id
      `,
      );
      // One statement each: a function body holds ';'.
      await sql
        .raw(
          `create function users_count_members() returns trigger language plpgsql as $body$
          begin
            if tg_op in ('UPDATE', 'DELETE') and old.organization_id is not null
               and (tg_op = 'DELETE' or new.organization_id is distinct from old.organization_id) then
              update organizations set member_count = member_count - 1 where id = old.organization_id;
            end if;
            if tg_op in ('UPDATE', 'INSERT') and new.organization_id is not null
               and (tg_op = 'INSERT' or new.organization_id is distinct from old.organization_id) then
              update organizations set member_count = member_count + 1 where id = new.organization_id;
            end if;
            return null;
          end
          $body$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger users_count_members after insert or delete or update of organization_id on users
          for each row execute function users_count_members()`,
        )
        .execute(db);
    },
  },
  /**
   * Issue 13: credits are a ledger. Every change of a balance is a row of credit_ledger, and a trigger
   * applies the row to users.credits (and its top-up part) as it is inserted, so the balance equals the
   * ledger's sum by construction and a check forbids a negative one. Existing balances open the ledger.
   */
  '0020_credit_ledger': {
    async up(db) {
      await runStatements(
        db,
        `
        update users set credits = 0 where credits < 0;
        alter table users alter column credits set default 0;
        alter table users add column top_up_credits integer not null default 0;
        alter table users add column monthly_cap integer check (monthly_cap is null or monthly_cap >= 0);
        alter table users add column period_spent integer not null default 0;
        alter table users add column period_granted integer not null default 0;
        alter table users add column credit_period_start timestamptz not null default now();
        alter table users add column credit_period_end timestamptz not null default (now() + interval '1 month');
        alter table users add column cap_mailed_at timestamptz;
        update users set period_granted = credits;
        alter table users add constraint users_credits_not_negative check (credits >= 0);
        alter table users add constraint users_top_up_within_credits
          check (top_up_credits >= 0 and top_up_credits <= credits);

        create table credit_ledger (
          id bigserial primary key,
          user_id integer not null references users(id) on delete cascade,
          organization_id integer references organizations(id) on delete set null,
          kind text not null check (kind in ('grant', 'renewal', 'top_up', 'admin_grant', 'spend', 'refund', 'expiry')),
          amount integer not null,
          top_up_amount integer not null default 0,
          balance_after integer not null default 0,
          feature text,
          reference text,
          idempotency_key text,
          refund_of bigint references credit_ledger(id) on delete set null,
          actor_id integer references users(id) on delete set null,
          reason text not null,
          created_at timestamptz not null default now()
        );
        create unique index credit_ledger_idempotency on credit_ledger(user_id, idempotency_key)
          where idempotency_key is not null;
        create unique index credit_ledger_refund_once on credit_ledger(refund_of) where refund_of is not null;
        create index credit_ledger_user_time on credit_ledger(user_id, created_at);
        create index credit_ledger_org_time on credit_ledger(organization_id, created_at)
          include (user_id, kind, amount, feature);

        insert into credit_ledger (user_id, organization_id, kind, amount, balance_after, reason)
          select id, organization_id, 'grant', credits, credits, 'Opening balance' from users where credits > 0
      `,
      );
      // One statement each: the function body holds ';'.
      await sql
        .raw(
          `create function apply_credit_entry() returns trigger language plpgsql as $$
          begin
            update users set
              credits = credits + new.amount,
              top_up_credits = top_up_credits + new.top_up_amount,
              period_spent = greatest(0, period_spent - case when new.kind in ('spend', 'refund') then new.amount else 0 end)
            where id = new.user_id
            returning credits into new.balance_after;
            if not found then
              raise exception 'credit entry for unknown user %', new.user_id;
            end if;
            return new;
          end
          $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger credit_ledger_apply before insert on credit_ledger
           for each row execute function apply_credit_entry()`,
        )
        .execute(db);
    },
  },
  // Issue 13: credit packs (seeded reference data) and their one-off checkouts.
  '0021_credit_packs': {
    async up(db) {
      await runStatements(
        db,
        `
        create table credit_packs (
          slug text primary key,
          name text not null,
          credits integer not null check (credits > 0),
          price integer not null check (price >= 0),
          sort_order integer not null default 0
        );
        alter table checkout_sessions drop constraint checkout_sessions_kind_check;
        alter table checkout_sessions add constraint checkout_sessions_kind_check
          check (kind in ('plan', 'seats', 'top_up'));
        alter table checkout_sessions add column credit_pack text;
        alter table checkout_sessions add column credits integer not null default 0
      `,
      );
    },
  },
  // The audit log (issue 16): append-only. A trigger refuses UPDATE, DELETE and TRUNCATE on it for every
  // client, the product's own code included, so entries stay (at least a year: nothing ever deletes them).
  // No foreign keys: an entry outlives the account or organization it names.
  '0030_audit_events': {
    async up(db) {
      await runStatements(
        db,
        `
        create table audit_events (
          id serial primary key,
          created_at timestamptz not null default now(),
          organization_id integer,
          type text not null,
          actor_id integer,
          actor_email text,
          target_id integer,
          target_email text,
          ip text,
          details jsonb not null default '{}'::jsonb
        );
        create index audit_events_organization on audit_events (organization_id, id);
        create index audit_events_actor on audit_events (actor_id, id);
        create index audit_events_target on audit_events (target_id, id)
      `,
      );
      // One statement each: the function body holds ';'.
      await sql
        .raw(
          `create function audit_events_append_only() returns trigger language plpgsql as $$
          begin
            raise exception 'audit_events is append-only: entries cannot be changed or deleted'
              using errcode = 'insufficient_privilege';
          end
          $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger audit_events_no_change before update or delete on audit_events
          for each row execute function audit_events_append_only()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger audit_events_no_truncate before truncate on audit_events
          for each statement execute function audit_events_append_only()`,
        )
        .execute(db);
    },
  },
  // Sessions list (issue 16): the browser and address a session was started from, shown in Settings.
  '0031_session_devices': {
    async up(db) {
      await runStatements(
        db,
        `
        alter table sessions add column id serial;
        alter table sessions add column user_agent text;
        alter table sessions add column ip text
      `,
      );
    },
  },
  // Two-factor sign-in (issue 16): the TOTP secret sealed like the CRM credentials (secret-box), the
  // last accepted time step (a code works once), hashed single-use recovery codes, and the sign-ins
  // waiting for their code (a pending sign-in is no session: no operation accepts it as signed in).
  '0032_two_factor': {
    async up(db) {
      await runStatements(
        db,
        `
        alter table users add column totp_secret text;
        alter table users add column totp_pending_secret text;
        alter table users add column totp_last_step integer;
        create table recovery_codes (
          id serial primary key,
          user_id integer not null references users(id) on delete cascade,
          code_hash text not null,
          used_at timestamptz
        );
        create index recovery_codes_user on recovery_codes (user_id);
        create table pending_sign_ins (
          id_hash text primary key,
          user_id integer not null references users(id) on delete cascade,
          attempts integer not null default 0,
          created_at timestamptz not null default now()
        )
      `,
      );
    },
  },
  // An organization can require two-factor sign-in of everyone in it (issue 16).
  '0033_organization_requires_two_factor': {
    async up(db) {
      await runStatements(
        db,
        `alter table organizations add column require_two_factor boolean not null default false`,
      );
    },
  },
  // Issue 15: invitations may carry the billing manager and viewer roles (src/shared/permissions.ts).
  '0040_invitation_roles': {
    async up(db) {
      await runStatements(
        db,
        `
        alter table invitations drop constraint if exists invitations_role_check;
        alter table invitations add constraint invitations_role_check
          check (role in ('admin', 'member', 'billing_manager', 'viewer'))
      `,
      );
    },
  },
  // Issue 15: an invitation can carry a paid product, seated again when it is accepted.
  '0041_invitation_product': {
    async up(db) {
      await runStatements(db, `alter table invitations add column product text not null default 'free'`);
    },
  },
  /**
   * Issue 15: one account per address whatever its case. Every address the server stores has been
   * normalized (src/shared/email.ts), so older rows in another case come only from hand edits or imports.
   * They are lowercased; addresses that would then collide are not merged or renamed behind anyone's back:
   * the migration stops and names them, for an operator to merge or rename those accounts first (the
   * server does not start until then). The unique index keeps it so from now on.
   */
  '0042_emails_ignore_case': {
    async up(db) {
      const { rows } = await sql<{ email: string; accounts: string }>`
        select lower(btrim(email)) as email, count(*)::text as accounts from users
        group by lower(btrim(email)) having count(*) > 1 order by 1`.execute(db);
      if (rows.length > 0) {
        const list = rows.map((row) => `${row.email} (${row.accounts} accounts)`).join(', ');
        throw new Error(
          `These addresses belong to several accounts that differ only by letter case: ${list}. ` +
            'Merge or rename those accounts, then start the server again.',
        );
      }
      await runStatements(
        db,
        `
        update users set email = lower(btrim(email)) where email <> lower(btrim(email));
        update invitations set email = lower(btrim(email)) where email <> lower(btrim(email));
        create unique index users_email_lower on users (lower(email))
      `,
      );
    },
  },
  // Issue 15: the sandbox payment provider keeps its subscriptions' items (one per product, with its
  // quantity) apart from our own record, so tests and the reconciliation can compare the two sides.
  // provider_event_at: the creation time of the newest provider event applied to a subscription
  // (older ones arriving late are skipped).
  '0045_sandbox_subscription_items': {
    async up(db) {
      await runStatements(
        db,
        `
        create table sandbox_subscription_items (
          subscription_id text not null,
          product text not null,
          price_id text not null,
          quantity integer not null check (quantity >= 0),
          updated_at timestamptz not null default now(),
          primary key (subscription_id, product)
        );
        alter table subscriptions add column provider_event_at timestamptz
      `,
      );
    },
  },
  /**
   * Issue 15, company domain: the organization's verified email domain (one organization per domain), the
   * verification mailed but not confirmed yet (its code stored hashed), and requests to join from people
   * at that domain, open for 7 days.
   */
  '0046_company_domain': {
    async up(db) {
      await runStatements(
        db,
        `
        alter table organizations add column domain text;
        alter table organizations add column domain_verified_at timestamptz;
        alter table organizations add column pending_domain text;
        alter table organizations add column pending_domain_email text;
        alter table organizations add column domain_code_hash text;
        alter table organizations add column domain_code_expires_at timestamptz;
        create unique index organizations_domain on organizations (domain);
        create table join_requests (
          id serial primary key,
          organization_id integer not null references organizations (id) on delete cascade,
          user_id integer not null references users (id) on delete cascade,
          status text not null default 'pending' check (status in ('pending', 'approved', 'declined')),
          created_at timestamptz not null default now(),
          expires_at timestamptz not null,
          decided_at timestamptz,
          decided_by integer references users (id) on delete set null
        );
        create index join_requests_pending on join_requests (organization_id, status, expires_at)
      `,
      );
    },
  },
  // Issue 15, invitation links: only the token's hash is kept; `domain` is the verified domain the link was
  // made for, so a link stops working when the organization's domain changes.
  '0047_invite_links': {
    async up(db) {
      await runStatements(
        db,
        `
        create table invite_links (
          id serial primary key,
          organization_id integer not null references organizations (id) on delete cascade,
          token_hash text not null unique,
          domain text not null,
          created_by integer references users (id) on delete set null,
          created_at timestamptz not null default now(),
          expires_at timestamptz not null,
          revoked_at timestamptz
        );
        create index invite_links_organization on invite_links (organization_id) where revoked_at is null
      `,
      );
    },
  },
  // Issue 15, optional auto-join: off until an admin turns it on.
  '0048_domain_auto_join': {
    async up(db) {
      await runStatements(
        db,
        `alter table organizations add column domain_auto_join boolean not null default false`,
      );
    },
  },
  // Issue 15: typing an address proves nothing, so automatic joining and invitation links let in only the
  // people who proved theirs (Google's verified address, a mailed invitation accepted, a mailed reset used).
  // Existing accounts count as proven when they signed in with Google or accepted an invitation to their address.
  '0049_email_proven_at': {
    async up(db) {
      await runStatements(
        db,
        `
        alter table users add column email_proven_at timestamptz;
        update users set email_proven_at = created_at where google_sub is not null;
        update users set email_proven_at = invitations.accepted_at from invitations
          where email_proven_at is null and invitations.accepted_at is not null and lower(invitations.email) = lower(users.email)
      `,
      );
    },
  },
  // Issue 15: the subscription a paid checkout started or paid into, so a late payment can be compared with
  // the checkout that made the account's current subscription (the newest checkout wins, in any order).
  '0050_checkout_subscription': {
    async up(db) {
      await runStatements(
        db,
        `
        alter table checkout_sessions add column subscription_id text;
        create index checkout_sessions_subscription on checkout_sessions (subscription_id) where subscription_id is not null
      `,
      );
    },
  },
};

/**
 * Runs a DDL script one statement at a time: PGlite's extended-protocol query takes a single
 * statement. The scripts here contain no ';' inside literals, so splitting on ';' is safe.
 */
async function runStatements(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of script
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

class InCodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Brings the schema up to date; throws (and the server does not start) when a migration fails. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
