/**
 * The CRM entity: the chosen CRM (one rule, its hooks), the picker of the catalogue's CRMs, and whether the
 * user's connection needs attention.
 */
export { chooseSoftware, loadChosenSoftware, storedSoftwareSlug } from './chosen-software';
export { default as CrmPicker, loadCrmSelect } from './CrmPicker';
export { useChooseSoftware, useChosenSoftware } from './use-chosen-software';
export { connectionAttention } from './connection-health';
