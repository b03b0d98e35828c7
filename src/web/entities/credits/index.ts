/** The credits entity (docs/product.md#credits-and-caps): usage against a cap, the cap input, display of credit days and prices. */
export { default as CapField } from './CapField';
export { default as CapUsage } from './CapUsage';
export { formatPrice } from './format';
