/**
 * The `security` endpoints' tags. Sessions and the audit log (docs/product.md#sessions,
 * docs/product.md#audit-log) and its streaming: what the Settings and Audit pages show changes with them.
 */
import { onSuccess, type Behaviours } from './tags';

export const behaviour = {
  listSessions: { providesTags: ['Sessions'] },
  endSession: { invalidatesTags: onSuccess('Sessions', 'Audit') },
  endOtherSessions: { invalidatesTags: onSuccess('Sessions', 'Audit') },
  changePassword: { invalidatesTags: onSuccess('Sessions', 'Audit') },
  endMemberSessions: { invalidatesTags: onSuccess('Audit') },
  getTwoFactor: { providesTags: ['TwoFactor'] },
  // The user record says whether two-factor sign-in is on (and the organization whether it is required).
  confirmTwoFactorSetup: { invalidatesTags: onSuccess('TwoFactor', 'Sessions', 'Audit', 'User') },
  disableTwoFactor: { invalidatesTags: onSuccess('TwoFactor', 'Sessions', 'Audit', 'User') },
  setTwoFactorRequirement: { invalidatesTags: onSuccess('User', 'Audit') },
  listAuditEvents: { providesTags: ['Audit'] },
  getSessionPolicies: { providesTags: ['SessionPolicies'] },
  setSessionPolicies: { invalidatesTags: onSuccess('SessionPolicies', 'Audit') },
  // Audit-log streaming and retention (docs/product.md#audit-log-streaming): each change is audited; a
  // test event only changes the delivery status.
  getAuditSettings: { providesTags: ['AuditSettings'] },
  setAuditStream: { invalidatesTags: onSuccess('AuditSettings', 'Audit') },
  rotateAuditStreamSecret: { invalidatesTags: onSuccess('AuditSettings', 'Audit') },
  removeAuditStream: { invalidatesTags: onSuccess('AuditSettings', 'Audit') },
  testAuditStream: { invalidatesTags: onSuccess('AuditSettings') },
  setAuditRetention: { invalidatesTags: onSuccess('AuditSettings', 'Audit') },
} satisfies Behaviours;
