/**
 * What of the app's state a support snapshot keeps, field by field: an allow-list, not a deny-list. Only
 * the cached answers of the reads listed here go in, each with only the fields named (typed against the
 * contract, so a renamed field fails to compile), and a read's arguments only when every one of them is
 * listed. Everything else is left out by construction: every write (a sign-in's password, two-factor
 * setup's secret and recovery codes, a new invitation link, an OAuth exchange's tokens), the reads that
 * carry a credential (get-invite-link's token) or a whole export, and any field added to an answer later
 * until it is listed here.
 */
import type { Software, User } from '../api/contract-types';
import type { OperationId, QueryParams, SuccessBody } from '../../contract/types';
import type { AppState } from '../entities/session/session-slice';

type KeysOf<T> = T extends object ? keyof T : never;
type ValueAt<T, K> = T extends object ? (K extends keyof T ? T[K] : never) : never;

/**
 * The fields kept of a value of type T: `true` for a plain value (kept as given), an object naming the
 * fields kept of an object (of each item, for a list).
 */
export type Fields<T> = [NonNullable<T>] extends [readonly (infer Item)[]]
  ? Fields<Item>
  : [NonNullable<T>] extends [object]
    ? { [K in KeysOf<NonNullable<T>>]?: Fields<ValueAt<NonNullable<T>, K>> }
    : true;

/** `value` with only the fields `fields` names; a value whose shape differs from the list is left out. */
export function pickFields(value: unknown, fields: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map((item) => pickFields(item, fields)).filter(isKept);
  if (fields === true) return typeof value === 'object' ? undefined : value;
  if (typeof value !== 'object' || typeof fields !== 'object' || fields === null) return undefined;
  const kept: Record<string, unknown> = {};
  for (const [key, itemFields] of Object.entries(fields)) {
    if (!Object.hasOwn(value, key)) continue;
    const item = pickFields((value as Record<string, unknown>)[key], itemFields);
    if (isKept(item)) kept[key] = item;
  }
  return kept;
}

function isKept(value: unknown): boolean {
  return value !== undefined;
}

const SUBSCRIPTION = {
  stripe_product: true,
  stripe_interval: true,
  stripe_status: true,
  stripe_subscription_id: true,
  next_payment_date: true,
  payment_method: true,
} as const;

const MEMBER = {
  id: true,
  name: true,
  email: true,
  role: true,
  subscription: SUBSCRIPTION,
  join_timestamp: true,
} as const;

const USER_FIELDS = {
  id: true,
  email: true,
  name: true,
  role: true,
  credits: true,
  has_installed: true,
  has_onboarded: true,
  personal_connection_id: true,
  connection_id: true,
  connection_status: true,
  join_timestamp: true,
  software: { slug: true },
  subscription: SUBSCRIPTION,
  two_factor_enabled: true,
  must_set_up_two_factor: true,
  organization: {
    id: true,
    name: true,
    billing_admin_id: true,
    seats: { standard: true, pro: true },
    member_count: true,
    require_two_factor: true,
    users: MEMBER,
  },
} as const satisfies Fields<User>;

/** A CRM as the pages show it; its OAuth settings and API key fields are not support's concern. */
const SOFTWARE_FIELDS = {
  slug: true,
  software: true,
  app: true,
  logo_url: true,
  chrome_extension_url: true,
  auth_options: true,
  api_key_1_label: true,
  api_key_2_label: true,
  api_key_3_label: true,
  api_key_4_label: true,
} as const satisfies Fields<Software>;

/** The shared state (`state.app`): the portal link is a signed session of the billing provider, left out. */
export const APP_STATE_FIELDS = {
  user: USER_FIELDS,
  software: SOFTWARE_FIELDS,
  loading: true,
  error: true,
  errorMessage: true,
  userErrorStatus: true,
  initialLoad: true,
  portalLoading: true,
  sessionExpired: true,
  sessionEndedBy: { message: true, code: true },
} as const satisfies Fields<AppState>;

interface ReadRule<K extends OperationId> {
  /** The arguments kept; a cached read with any other argument is left out (its cache key holds it). */
  args: readonly (keyof QueryParams<K>)[];
  data: Fields<SuccessBody<K>>;
}

type ReadRules = { [K in OperationId]?: ReadRule<K> };

/** The cached reads a snapshot keeps, with their fields. */
export const READ_RULES: ReadRules = {
  getUser: { args: [], data: { error: true, data: USER_FIELDS } },
  getSoftware: { args: ['software'], data: { error: true, data: SOFTWARE_FIELDS } },
  getSoftwareOptions: { args: [], data: { error: true, data: SOFTWARE_FIELDS } },
  getPricing: {
    args: ['schedule'],
    data: {
      error: true,
      data: {
        free: {
          price: true,
          monthly_price_id: true,
          yearly_price_id: true,
          metadata: { account_manager: true, credits: true, support: true },
        },
        standard: {
          price: true,
          monthly_price_id: true,
          yearly_price_id: true,
          metadata: { account_manager: true, credits: true, support: true },
        },
        pro: {
          price: true,
          monthly_price_id: true,
          yearly_price_id: true,
          metadata: { account_manager: true, credits: true, support: true },
        },
      },
    },
  },
  getCoupon: {
    args: ['coupon'],
    data: { error: true, data: { percent_off: true, duration: true, name: true, redeem_by: true } },
  },
  getOrgSubscription: {
    args: ['id'],
    data: { items: { unitAmount: true, quantity: true, description: true } },
  },
  getOrganizationMembers: {
    args: [
      'page',
      'per_page',
      'search',
      'product',
      'seat_holders',
      'sort',
      'order',
      'user_id',
      'invitations_page',
      'invitations_per_page',
    ],
    data: {
      error: true,
      data: {
        users: MEMBER,
        invitations: { id: true, email: true, role: true, product: true, created_at: true, expires_at: true },
        total: true,
        member_count: true,
        invitations_total: true,
        assigned_seats: { standard: true, pro: true },
        page: true,
        per_page: true,
      },
    },
  },
  getCompanyDomain: {
    args: [],
    data: {
      error: true,
      data: {
        domain: true,
        pending_domain: true,
        pending_email: true,
        invite_link: { domain: true, created_at: true, expires_at: true },
        auto_join: true,
        join_requests: {
          id: true,
          email: true,
          name: true,
          address_confirmed: true,
          created_at: true,
          expires_at: true,
        },
      },
    },
  },
  getJoinOption: {
    args: [],
    data: {
      error: true,
      data: {
        organization_name: true,
        domain: true,
        requested: true,
        address_confirmed: true,
        invited: true,
      },
    },
  },
  listAuditEvents: {
    args: ['type', 'person', 'from', 'to', 'page', 'page_size'],
    // An event's details are free-form: left out.
    data: {
      error: true,
      data: {
        events: { id: true, type: true, created_at: true, actor_email: true, target_email: true, ip: true },
        total: true,
        page: true,
        page_size: true,
      },
    },
  },
  listSessions: {
    args: [],
    data: {
      error: true,
      data: {
        sessions: {
          id: true,
          device: true,
          place: true,
          ip: true,
          created_at: true,
          last_seen_at: true,
          current: true,
        },
      },
    },
  },
  getTwoFactor: { args: [], data: { error: true, data: { enabled: true, recovery_codes_left: true } } },
  getCreditUsage: {
    args: ['user_id'],
    data: {
      error: true,
      data: {
        user_id: true,
        credits: true,
        plan_credits: true,
        top_up_credits: true,
        monthly_cap: true,
        email_cap: true,
        phone_cap: true,
        period_spent: true,
        email_spent: true,
        phone_spent: true,
        period_start: true,
        period_end: true,
      },
    },
  },
  getCreditSettings: {
    args: [],
    data: {
      error: true,
      data: {
        cap_warning_alert: true,
        cap_reached_alert: true,
        pool_below_alert: true,
        credit_request_alert: true,
        default_monthly_cap: true,
      },
    },
  },
  getUsageReport: {
    args: ['from', 'to', 'user_id', 'feature', 'page', 'page_size'],
    data: {
      error: true,
      data: {
        scope: true,
        from: true,
        to: true,
        total_spent: true,
        by_day: { day: true, spent: true },
        by_feature: { feature: true, spent: true },
        members: {
          items: { user_id: true, name: true, email: true, spent: true, spends: true, monthly_cap: true },
          total: true,
          page: true,
          page_size: true,
        },
      },
    },
  },
  getCreditPacks: {
    args: [],
    data: { error: true, data: { slug: true, name: true, credits: true, price: true } },
  },
};
