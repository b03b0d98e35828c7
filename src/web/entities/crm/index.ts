/** The CRM entity: the chosen CRM (one rule, its hooks) and the picker of the catalogue's CRMs. */
export { chooseSoftware, loadChosenSoftware, storedSoftwareSlug } from './chosen-software';
export { default as CrmPicker, loadCrmSelect } from './CrmPicker';
export { useChooseSoftware, useChosenSoftware } from './use-chosen-software';
