/** The CRM entity: the chosen CRM (one rule, its hooks) and the picker of the catalogue's CRMs. */
export {
  chooseSoftware,
  chosenSoftwareSlug,
  loadChosenSoftware,
  storedSoftwareSlug,
} from './chosen-software';
export { default as CrmPicker, type CrmPickerProps } from './CrmPicker';
export { useChooseSoftware, useChosenSoftware, type ChosenSoftware } from './use-chosen-software';
