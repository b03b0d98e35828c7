/** The `crm` endpoints' tags: the user's connection ids change; saved sync settings and syncs refresh theirs. */
import { onSuccess, type Behaviours } from './tags';

export const behaviour = {
  verifySettings: { invalidatesTags: onSuccess('User') },
  accessToken: { invalidatesTags: onSuccess('User') },
  disconnect: { invalidatesTags: onSuccess('User', 'CrmSync') },
  getSyncSettings: { providesTags: ['CrmSync'] },
  getCrmFields: { providesTags: ['CrmSync'] },
  listSyncLog: { providesTags: ['CrmSync'] },
  setSyncSettings: { invalidatesTags: onSuccess('CrmSync') },
  syncProfile: { invalidatesTags: onSuccess('CrmSync', 'Credits') },
} satisfies Behaviours;
