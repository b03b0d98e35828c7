/** The `crm` endpoints' tags: the user's connection ids change. */
import { onSuccess, type Behaviours } from './tags';

export const behaviour = {
  verifySettings: { invalidatesTags: onSuccess('User') },
  accessToken: { invalidatesTags: onSuccess('User') },
  disconnect: { invalidatesTags: onSuccess('User') },
} satisfies Behaviours;
