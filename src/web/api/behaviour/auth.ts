/** The `auth` endpoints' tags. */
import { onSuccess, type Behaviours } from './tags';

// Another person's session must not see the previous one's cached members or subscription.
const sessionChange = onSuccess('User', 'Members', 'OrgSubscription');

export const behaviour = {
  login: { invalidatesTags: sessionChange },
  verifyTwoFactor: { invalidatesTags: sessionChange },
  signup: { invalidatesTags: sessionChange },
  googleAuth: { invalidatesTags: sessionChange },
  logout: { invalidatesTags: sessionChange },
} satisfies Behaviours;
