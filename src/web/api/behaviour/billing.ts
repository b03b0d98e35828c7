/** The `billing` endpoints' tags. */
import { onSuccess, type Behaviours } from './tags';

export const behaviour = {
  getOrgSubscription: { providesTags: ['OrgSubscription'] },
  // A payment adds an invoice and changes the next one.
  getInvoices: { providesTags: ['OrgSubscription'] },
  checkout: { invalidatesTags: onSuccess('User', 'Members', 'OrgSubscription') },
  buyMoreSeats: { invalidatesTags: onSuccess('User', 'Members', 'OrgSubscription') },
} satisfies Behaviours;
