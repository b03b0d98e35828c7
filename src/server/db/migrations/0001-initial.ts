import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

export default {
  async up(db) {
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
} satisfies Migration;
