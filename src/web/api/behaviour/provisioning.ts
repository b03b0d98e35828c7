/** The `provisioning` endpoints' tags (docs/scim.md): the settings change with every token and mapping call, audited. */
import { onSuccess, type Behaviours } from './tags';

export const behaviour = {
  getScimSettings: { providesTags: ['Scim'] },
  createScimToken: { invalidatesTags: onSuccess('Scim', 'Audit') },
  rotateScimToken: { invalidatesTags: onSuccess('Scim', 'Audit') },
  revokeScimToken: { invalidatesTags: onSuccess('Scim', 'Audit') },
  setScimGroupMapping: { invalidatesTags: onSuccess('Scim') },
  removeScimGroupMapping: { invalidatesTags: onSuccess('Scim') },
} satisfies Behaviours;
