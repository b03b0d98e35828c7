/**
 * An audit entry's details as a sentence in the UI's language ('Role changed from Member to Admin.'),
 * instead of the stored keys ('to: admin; from: member'). The server stores small facts under the keys of
 * AUDIT_DETAIL_KEYS (shared/audit-events.ts); each event kind records the same ones, read here. Entries
 * whose details hold nothing these sentences know (an older entry, a key added later) fall back to the
 * keys and values, translated, so nothing recorded is hidden.
 */
import { auditDetailsText, type AuditDetailKey, type AuditEventType } from '../../../../shared/audit-events';
import { ROLE_NAMES, roleOf } from '../../../../shared/permissions';
import { t, translated } from '../../../i18n';

type Details = Partial<Record<AuditDetailKey, unknown>>;
/** A sentence, or null when the details say nothing the event's name does not. */
type Sentence = (details: Details) => string | null;

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
/** A role as the app names it, translated. */
const role = (value: unknown) => t(ROLE_NAMES[roleOf(text(value))]);
/** A plan's stored name ('Standard') in the reader's language. */
const plan = (value: unknown) => translated(String(value));

const signUpMethods: Record<string, () => string> = {
  password: () => t('Signed up with a password.'),
  google: () => t('Signed up with Google.'),
  sso: () => t('Signed up through single sign-on.'),
};
const signInMethods: Record<string, () => string> = {
  password: () => t('Signed in with a password.'),
  google: () => t('Signed in with Google.'),
  sso: () => t('Signed in through single sign-on.'),
  'password+code': () => t('Signed in with a password and a two-factor code.'),
  'password+recovery code': () => t('Signed in with a password and a recovery code.'),
};

/** A change of seats recorded as 'before → after'; null when unchanged or unreadable. */
function seatChange(value: unknown): { before: number; after: number } | null {
  const match = /^\s*(\d+)\s*→\s*(\d+)\s*$/.exec(text(value) ?? '');
  if (!match) return null;
  const [before, after] = [Number(match[1]), Number(match[2])];
  return before === after ? null : { before, after };
}

function seatsChanged(details: Details): string | null {
  const standard = seatChange(details.standard);
  const pro = seatChange(details.pro);
  const parts = [
    standard && t('Standard seats {before} → {after}', standard),
    pro && t('Pro seats {before} → {after}', pro),
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  const changes = parts.join(t(', '));
  if (details.by === 'payment provider') return t('{changes}, by the payment provider.', { changes });
  if (details.by === 'billing admin') return t('{changes}, by the billing admin.', { changes });
  return t('{changes}.', { changes });
}

function seatsPurchased(details: Details): string | null {
  const standard = count(details.standard) ?? 0;
  const pro = count(details.pro) ?? 0;
  if (standard > 0 && pro > 0) {
    return t(
      'Bought {standard, plural, one {# Standard seat} other {# Standard seats}} and {pro, plural, one {# Pro seat} other {# Pro seats}}.',
      { standard, pro },
    );
  }
  if (standard > 0)
    return t('Bought {standard, plural, one {# Standard seat} other {# Standard seats}}.', { standard });
  if (pro > 0) return t('Bought {pro, plural, one {# Pro seat} other {# Pro seats}}.', { pro });
  return null;
}

/** The kind of lookup a cap is for ('email', 'phone'), in the reader's language. */
const lookupKinds: Record<string, () => string> = {
  email: () => translated('email'),
  phone: () => translated('phone'),
};

function capChanged(details: Details): string {
  const from = count(details.from);
  const to = count(details.to);
  const kind = lookupKinds[String(details.lookup)]?.();
  if (kind !== undefined) {
    if (from === null && to === null) return t('Still no cap on {kind} lookups.', { kind });
    if (from === null) return t('Cap on {kind} lookups set to {to} credits (there was none).', { kind, to });
    if (to === null) return t('Cap on {kind} lookups of {from} credits removed.', { kind, from });
    return t('Cap on {kind} lookups changed from {from} to {to} credits.', { kind, from, to });
  }
  if (from === null && to === null) return t('Still no monthly cap.');
  if (from === null) return t('Monthly cap set to {to} credits (there was none).', { to });
  if (to === null) return t('Monthly cap of {from} credits removed.', { from });
  return t('Monthly cap changed from {from} to {to} credits.', { from, to });
}

/** docs/product.md#credit-alerts: the alerts now on, and the cap new members get. */
function alertsChanged(details: Details): string | null {
  if (details.cap_reached === undefined) return null;
  const below = count(details.pool_below);
  const on = [
    details.cap_warning === true && t('75% of a cap'),
    details.cap_reached === true && t('100% of a cap'),
    below !== null && t('team pool below {count} credits', { count: below }),
    details.credit_requests === true && t('requests for credits'),
  ].filter((part): part is string => typeof part === 'string');
  const cap = count(details.default_cap);
  if (on.length === 0) {
    return cap === null
      ? t('Every credit alert off; no default cap for new members.')
      : t('Every credit alert off; new members get a monthly cap of {cap} credits.', { cap });
  }
  const alerts = on.join(t(', '));
  return cap === null
    ? t('Alerts: {alerts}; no default cap for new members.', { alerts })
    : t('Alerts: {alerts}; new members get a monthly cap of {cap} credits.', { alerts, cap });
}

/** A policy's minutes as the reader says them; null: the product's own limit. */
const policyMinutes = (value: unknown) => {
  const minutes = count(value);
  return minutes === null
    ? t('no limit of its own')
    : t('{minutes, plural, one {# minute} other {# minutes}}', { minutes });
};

/** docs/product.md#session-and-network-policies: both times, before and after. */
function sessionPolicyChanged(details: Details): string | null {
  if (details.idle_to === undefined || details.lifetime_to === undefined) return null;
  return t('Idle timeout: {idleFrom} → {idleTo}. Session lifetime: {lifetimeFrom} → {lifetimeTo}.', {
    idleFrom: policyMinutes(details.idle_from),
    idleTo: policyMinutes(details.idle_to),
    lifetimeFrom: policyMinutes(details.lifetime_from),
    lifetimeTo: policyMinutes(details.lifetime_to),
  });
}

/** docs/product.md#session-and-network-policies: the allow-list before and after (empty: any address). */
function allowListChanged(details: Details): string | null {
  const [from, to] = [text(details.from), text(details.to)];
  if (from === null || to === null) return null;
  const list = (value: string) => (value === '' ? t('any address') : value);
  return t('Allowed addresses: {from} → {to}.', { from: list(from), to: list(to) });
}

function crmConnected(details: Details): string | null {
  const crm = text(details.crm);
  if (!crm) return null;
  const everyone = details.organization_wide === true;
  if (details.method === 'oauth') {
    return everyone
      ? t('Connected {crm} by signing in to it, for the whole organization.', { crm })
      : t('Connected {crm} by signing in to it.', { crm });
  }
  if (details.method === 'api key') {
    return everyone
      ? t('Connected {crm} with an API key, for the whole organization.', { crm })
      : t('Connected {crm} with an API key.', { crm });
  }
  return everyone
    ? t('Connected {crm}, for the whole organization.', { crm })
    : t('Connected {crm}.', { crm });
}

/** Credits an admin granted from the team pool or took back to it: how many, and why when they said. */
function poolMove(
  plain: (credits: number) => string,
  withReason: (credits: number, reason: string) => string,
): Sentence {
  return (details) => {
    const credits = count(details.credits);
    const reason = text(details.reason);
    if (credits === null) return null;
    return reason ? withReason(credits, reason) : plain(credits);
  };
}

const joinedAs: Sentence = (details) =>
  details.role === undefined ? null : t('Joined as {role}.', { role: role(details.role) });

/** Every event kind, so a kind added to shared/audit-events.ts without its sentence fails to compile. */
const SENTENCES: Record<AuditEventType, Sentence> = {
  'auth.signed_up': (details) => signUpMethods[String(details.method)]?.() ?? null,
  'auth.signed_in': (details) => signInMethods[String(details.method)]?.() ?? null,
  // A refused single sign-on keeps the code of the sentence its person read (docs/product.md#single-sign-on).
  'auth.sign_in_failed': (details) =>
    details.method === 'sso' && text(details.reason)
      ? t('Single sign-on refused: {reason}.', { reason: text(details.reason) })
      : null,
  'auth.signed_out': () => null,
  'auth.password_reset': () => null,
  'auth.password_changed': () => null,
  'two_factor.enabled': () => null,
  'two_factor.disabled': () => null,
  'two_factor.code_failed': () => null,
  'two_factor.recovery_code_used': () => null,
  'two_factor.required_changed': (details) =>
    details.required === true
      ? t('Every member must now use two-factor sign-in.')
      : details.required === false
        ? t('Members no longer need two-factor sign-in.')
        : null,
  'sessions.ended': (details) => (details.session === undefined ? null : t('Signed out one device.')),
  'sessions.others_ended': (details) => {
    const sessions = count(details.sessions);
    return sessions === null
      ? null
      : t('{sessions, plural, one {Signed out # other device.} other {Signed out # other devices.}}', {
          sessions,
        });
  },
  'sessions.member_ended': () => null,
  'invitation.sent': (details) =>
    details.role === undefined || details.product === undefined
      ? null
      : t('Invited as {role}, on {product}.', { role: role(details.role), product: plan(details.product) }),
  'invitation.resent': () => null,
  'invitation.revoked': () => null,
  'invitation.accepted': joinedAs,
  'member.role_changed': (details) =>
    details.from === undefined || details.to === undefined
      ? null
      : t('Role changed from {from} to {to}.', { from: role(details.from), to: role(details.to) }),
  'member.product_changed': (details) => {
    if (details.from === undefined || details.to === undefined) return null;
    const values = { from: plan(details.from), to: plan(details.to) };
    return details.seat_moved === true
      ? t('Product changed from {from} to {to}: the seat moved to another member.', values)
      : t('Product changed from {from} to {to}.', values);
  },
  'scim.token_created': () => null,
  'scim.token_rotated': () => null,
  'scim.token_revoked': () => null,
  'scim.user_joined': joinedAs,
  'audit.stream_created': (details) => {
    const host = text(details.host);
    return host === null ? null : t('Streaming to {host}.', { host });
  },
  'audit.stream_secret_rotated': (details) => {
    const host = text(details.host);
    return host === null ? null : t('New signing secret for {host}.', { host });
  },
  'audit.stream_removed': (details) => {
    const host = text(details.host);
    return host === null ? null : t('Stopped streaming to {host}.', { host });
  },
  'audit.stream_changed': (details) => {
    const [from, to] = [text(details.from), text(details.to)];
    return from === null || to === null ? null : t('Endpoint changed from {from} to {to}.', { from, to });
  },
  'audit.retention_changed': (details) => {
    const [from, to] = [count(details.from), count(details.to)];
    return from === null || to === null
      ? null
      : t('Kept for {from} days before, {to} days now.', { from, to });
  },
  'audit.entries_purged': (details) => {
    const [entries, days] = [count(details.entries), count(details.days)];
    return entries === null || days === null
      ? null
      : t('{entries, plural, one {# entry} other {# entries}} older than {days} days deleted.', {
          entries,
          days,
        });
  },
  'scim.user_deprovisioned': (details) => {
    const sessions = count(details.sessions) ?? 0;
    if (details.reason === 'deleted') {
      return t(
        'Deleted by the identity provider: signed out of {sessions, plural, one {# device} other {# devices}}.',
        { sessions },
      );
    }
    return t(
      'Deactivated by the identity provider: signed out of {sessions, plural, one {# device} other {# devices}}.',
      { sessions },
    );
  },
  'member.removed': (details) =>
    details.product === undefined ? null : t('Was on {product}.', { product: plan(details.product) }),
  'billing.plan_changed': (details) => {
    if (details.from === undefined || details.to === undefined) return null;
    const values = { from: plan(details.from), to: plan(details.to) };
    if (details.interval === 'monthly') return t('Plan changed from {from} to {to}, paid monthly.', values);
    if (details.interval === 'yearly') return t('Plan changed from {from} to {to}, paid yearly.', values);
    return t('Plan changed from {from} to {to}.', values);
  },
  'billing.plan_canceled': (details) =>
    details.from === undefined ? null : t('Canceled {plan}: back to Free.', { plan: plan(details.from) }),
  'billing.seats_purchased': seatsPurchased,
  'billing.seats_changed': seatsChanged,
  'crm.connected': crmConnected,
  'crm.disconnected': () => null,
  'crm.needs_attention': (details) => {
    const crm = text(details.crm);
    return crm ? t('{crm} no longer accepts the connection: it needs attention.', { crm }) : null;
  },
  'crm.sync_settings_changed': (details) => {
    const crm = text(details.crm);
    return crm ? t('Changed how profiles sync to {crm}.', { crm }) : null;
  },
  'credits.cap_changed': capChanged,
  'credits.alerts_changed': alertsChanged,
  // The checkout's id is for the payment provider, not for the reader: the CSV keeps it.
  'credits.top_up': (details) => {
    const credits = count(details.credits);
    return credits === null
      ? null
      : t('Bought {credits, plural, one {# credit} other {# credits}}.', { credits });
  },
  'credits.granted': poolMove(
    (credits) =>
      t('Granted {credits, plural, one {# credit} other {# credits}} from the team pool.', { credits }),
    (credits, reason) =>
      t('Granted {credits, plural, one {# credit} other {# credits}} from the team pool. Reason: {reason}', {
        credits,
        reason,
      }),
  ),
  'credits.taken_back': poolMove(
    (credits) =>
      t('Took back {credits, plural, one {# credit} other {# credits}} to the team pool.', { credits }),
    (credits, reason) =>
      t('Took back {credits, plural, one {# credit} other {# credits}} to the team pool. Reason: {reason}', {
        credits,
        reason,
      }),
  ),
  'organization.renamed': (details) => {
    const [from, to] = [text(details.from), text(details.to)];
    // A default name ("Ada's organization") reads in the reader's language, as everywhere it shows.
    return from === null || to === null
      ? null
      : t('Renamed from {from} to {to}.', { from: translated(from), to: translated(to) });
  },
  'domain.verification_lost': (details) =>
    text(details.domain)
      ? t('The TXT record of {domain} was gone: the domain is no longer verified.', {
          domain: text(details.domain),
        })
      : null,
  'domain.verified': (details) =>
    text(details.domain) ? t('Verified {domain}.', { domain: text(details.domain) }) : null,
  'join_request.approved': (details) => {
    if (details.role === undefined) return null;
    return details.address_confirmed === false
      ? t('Approved as {role}; an invitation was mailed to confirm the address.', {
          role: role(details.role),
        })
      : t('Approved as {role}.', { role: role(details.role) });
  },
  'join_request.declined': () => null,
  'invite_link.created': (details) =>
    text(details.domain) ? t('For addresses at {domain}.', { domain: text(details.domain) }) : null,
  'invite_link.revoked': () => null,
  'invite_link.joined': joinedAs,
  'domain.auto_join_changed': (details) =>
    details.enabled === true
      ? t('Turned on: people with a company address join by themselves.')
      : details.enabled === false
        ? t('Turned off: people with a company address ask to join.')
        : null,
  'domain.auto_joined': (details) => {
    const domain = text(details.domain);
    if (details.role === undefined || !domain) return joinedAs(details);
    return t('Joined as {role} with an address at {domain}.', { role: role(details.role), domain });
  },
  'organization.session_policy_changed': sessionPolicyChanged,
  'organization.ip_allow_list_changed': allowListChanged,
  'sso.connection_saved': (details) => {
    const domain = text(details.domain);
    if (!domain) return null;
    return details.method === 'saml'
      ? t('SAML for addresses at {domain}.', { domain })
      : t('OpenID Connect for addresses at {domain}.', { domain });
  },
  'sso.connection_deleted': (details) =>
    details.method === 'saml'
      ? t('It was a SAML connection.')
      : details.method === 'oidc'
        ? t('It was an OpenID Connect connection.')
        : null,
  'sso.connection_tested': (details) =>
    text(details.domain) ? t('For addresses at {domain}.', { domain: text(details.domain) }) : null,
  'sso.user_joined': joinedAs,
  'sso.required_changed': (details) => {
    const domain = text(details.domain);
    if (!domain) return null;
    return details.required === true
      ? t('Addresses at {domain} must now sign in with single sign-on.', { domain })
      : t('Addresses at {domain} may sign in without single sign-on again.', { domain });
  },
  'auth.break_glass_signed_in': () =>
    t('The billing admin signed in with a password and a second factor while single sign-on is required.'),
};

/**
 * What an entry's details say, in the UI's language; '' when they say nothing more than the event's
 * name (a sign-out has no details).
 */
export function auditSentence(type: AuditEventType, details: Record<string, unknown>): string {
  const sentence = (SENTENCES[type] as Sentence | undefined)?.(details);
  if (sentence) return sentence;
  return Object.keys(details).length === 0 ? '' : auditDetailsText(details, translated);
}
