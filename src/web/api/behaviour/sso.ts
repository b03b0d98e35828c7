/**
 * The `sso` endpoints' tags (docs/product.md#single-sign-on): the settings change with every save, audited;
 * a finished sign-in is another person's session (a test of the connection changes no session, but its time).
 */
import { onSuccess, type Behaviours } from './tags';

export const behaviour = {
  getSsoConnection: { providesTags: ['Sso'] },
  saveSsoConnection: { invalidatesTags: onSuccess('Sso', 'Audit') },
  deleteSsoConnection: { invalidatesTags: onSuccess('Sso', 'Audit') },
  // Turning it on may end sessions of members: the members list shows none of that, the audit log does.
  setRequireSso: { invalidatesTags: onSuccess('Sso', 'Audit') },
  finishSso: { invalidatesTags: onSuccess('User', 'Members', 'OrgSubscription', 'Sso', 'Audit') },
} satisfies Behaviours;
