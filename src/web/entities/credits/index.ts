/** The credits entity (issue 13): usage against a cap, the cap input, display of credit days and prices. */
export { default as CapField, CAP_INVALID, type CapFieldProps } from './CapField';
export { default as CapUsage, type CapUsageProps } from './CapUsage';
export { formatDay, formatPrice } from './format';
