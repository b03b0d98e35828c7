/**
 * The contract's schemas under the names the SPA uses. Never write a request or response shape by hand:
 * use these, or what src/contract/types.ts derives from an operationId.
 */
import type { components } from '../../contract/api';

export type Schemas = components['schemas'];
export type User = Schemas['User'];
export type Software = Schemas['Software'];
export type Pricing = Schemas['Pricing'];
export type PricingEntry = Schemas['PricingEntry'];
export type Subscription = Schemas['Subscription'];
