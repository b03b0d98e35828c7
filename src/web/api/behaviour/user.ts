/** The `user` endpoints' tags: the signed-in user is refetched after anything that changes them. */
import { onSuccess, type Behaviours } from './tags';

export const behaviour = {
  getUser: { providesTags: ['User'] },
  setSettings: { invalidatesTags: onSuccess('User') },
  setUserBoolean: { invalidatesTags: onSuccess('User') },
} satisfies Behaviours;
