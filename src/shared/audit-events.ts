/**
 * The audit log's event types: the one list the server records (src/server/repositories/audit.ts) and the
 * SPA's Audit page filters and labels. Adding an event means adding it here (and to the contract's
 * AuditEventType enum, which a server test keeps equal to this list).
 */

import { PLAN_NAMES } from './plans.js';
import { ROLES } from './permissions.js';

export const AUDIT_EVENT_LABELS = {
  'auth.signed_up': 'Signed up',
  'auth.signed_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.signed_out': 'Signed out',
  'auth.password_reset': 'Password reset',
  'auth.password_changed': 'Password changed',
  'two_factor.enabled': 'Two-factor sign-in turned on',
  'two_factor.disabled': 'Two-factor sign-in turned off',
  'two_factor.code_failed': 'Two-factor code refused',
  'two_factor.recovery_code_used': 'Recovery code used',
  'two_factor.required_changed': 'Two-factor requirement changed',
  'sessions.ended': 'Session ended',
  'sessions.others_ended': 'Other sessions ended',
  'sessions.member_ended': "Member's sessions ended",
  'invitation.sent': 'Invitation sent',
  'invitation.resent': 'Invitation resent',
  'invitation.revoked': 'Invitation revoked',
  'invitation.accepted': 'Invitation accepted',
  'member.role_changed': 'Role changed',
  'member.product_changed': 'Product changed',
  'member.removed': 'Member removed',
  'billing.plan_changed': 'Plan changed',
  'billing.plan_canceled': 'Plan canceled',
  'billing.seats_purchased': 'Seats purchased',
  'billing.seats_changed': 'Seats changed',
  'crm.connected': 'CRM connected',
  'crm.disconnected': 'CRM disconnected',
  'crm.needs_attention': 'CRM connection needs attention',
  'crm.sync_settings_changed': 'CRM sync settings changed',
  'credits.cap_changed': 'Credit cap changed',
  'credits.top_up': 'Credits topped up',
  'credits.granted': 'Credits granted from the team pool',
  'credits.taken_back': 'Credits taken back to the team pool',
  'credits.alerts_changed': 'Credit alerts changed',
  'domain.verified': 'Company domain verified',
  'organization.renamed': 'Organization renamed',
  'domain.verification_lost': 'Company domain no longer verified',
  'join_request.approved': 'Request to join approved',
  'join_request.declined': 'Request to join declined',
  'invite_link.created': 'Invitation link created',
  'invite_link.revoked': 'Invitation link revoked',
  'invite_link.joined': 'Joined by invitation link',
  'domain.auto_join_changed': 'Automatic joining changed',
  'domain.auto_joined': 'Joined by company domain',
  'organization.session_policy_changed': 'Session policy changed',
  'organization.ip_allow_list_changed': 'IP allow-list changed',
  'scim.token_created': 'SCIM token created',
  'scim.token_rotated': 'SCIM token rotated',
  'scim.token_revoked': 'SCIM token revoked',
  'scim.user_joined': 'Joined by SCIM provisioning',
  'scim.user_deprovisioned': 'Deprovisioned by SCIM',
  'sso.connection_saved': 'Single sign-on connection saved',
  'sso.connection_deleted': 'Single sign-on connection deleted',
  'sso.connection_tested': 'Single sign-on connection tested',
  'sso.user_joined': 'Joined by single sign-on',
  'sso.required_changed': 'Single sign-on requirement changed',
  'auth.break_glass_signed_in': 'Break-glass sign-in (single sign-on required)',
  'audit.stream_created': 'Audit log streaming turned on',
  'audit.stream_changed': 'Audit log streaming endpoint changed',
  'audit.stream_secret_rotated': 'Audit log streaming secret rotated',
  'audit.stream_removed': 'Audit log streaming turned off',
  'audit.retention_changed': 'Audit log retention changed',
  'audit.entries_purged': 'Old audit log entries deleted',
} as const;

export type AuditEventType = keyof typeof AUDIT_EVENT_LABELS;

export const AUDIT_EVENT_TYPES = Object.keys(AUDIT_EVENT_LABELS) as AuditEventType[];

export function isAuditEventType(value: string): value is AuditEventType {
  return Object.hasOwn(AUDIT_EVENT_LABELS, value);
}

/**
 * The keys an entry's details may have: the recorder accepts no other (repositories/audit.ts), so each
 * has its translation in the SPA's catalogues (a test checks) and never shows raw in Chinese.
 */
export const AUDIT_DETAIL_KEYS = [
  'address_confirmed',
  'by',
  'cap_reached',
  'cap_warning',
  'checkout',
  'credit_requests',
  'credits',
  'crm',
  'days',
  'default_cap',
  'domain',
  'enabled',
  'entries',
  'from',
  'host',
  'idle_from',
  'idle_to',
  'interval',
  'lifetime_from',
  'lifetime_to',
  'lookup',
  'method',
  'organization_wide',
  'pack',
  'pool_below',
  'pro',
  'product',
  'reason',
  'required',
  'role',
  'seat_moved',
  'session',
  'sessions',
  'standard',
  'to',
] as const;

export type AuditDetailKey = (typeof AUDIT_DETAIL_KEYS)[number];

/**
 * The values of details that are words rather than data (a role, a plan, how someone signed in or
 * connected, a billing interval, who changed the seats, yes or no): translated where they are shown.
 * Names, addresses and numbers show as recorded.
 */
export const AUDIT_DETAIL_WORDS: readonly string[] = [
  ...ROLES,
  ...Object.values(PLAN_NAMES),
  'password',
  'google',
  'sso',
  'oauth',
  'api key',
  'monthly',
  'yearly',
  'email',
  'phone',
  'payment provider',
  'deactivated',
  'deleted',
  'identity provider',
  'billing admin',
  'true',
  'false',
];

/**
 * An entry's details as one readable text ("to: admin; from: member"): the Audit page and the CSV.
 * `word` gives a key or a word value in the reader's language (the SPA's translated(); the CSV keeps
 * the English).
 */
export function auditDetailsText(
  details: Record<string, unknown>,
  word: (text: string) => string = (text) => text,
): string {
  return Object.entries(details)
    .map(([key, value]) => {
      const text = String(value);
      return `${word(key)}: ${AUDIT_DETAIL_WORDS.includes(text) ? word(text) : text}`;
    })
    .join('; ');
}
