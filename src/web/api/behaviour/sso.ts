/** The `sso` endpoints' tags (docs/product.md#single-sign-on): the settings change with every save, audited. */
import { onSuccess, type Behaviours } from './tags';

export const behaviour = {
  getSsoConnection: { providesTags: ['Sso'] },
  saveSsoConnection: { invalidatesTags: onSuccess('Sso', 'Audit') },
  deleteSsoConnection: { invalidatesTags: onSuccess('Sso', 'Audit') },
} satisfies Behaviours;
