/**
 * Types of the API layer, derived from the generated contract so a change of openapi.yaml shows up as a
 * compile error where it matters. Never write a request or response shape by hand: use these.
 */
import type { components, operations } from '../../contract/api';

export type OperationId = keyof operations;

/** The JSON body an operation takes (`void` when it takes none or an empty one). */
export type RequestBody<K extends OperationId> = operations[K] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : void;

/** The query parameters an operation takes. */
export type QueryParams<K extends OperationId> = operations[K]['parameters'] extends { query?: infer Query }
  ? NonNullable<Query>
  : never;

/** The JSON body of the operation's 200 answer. */
export type OkResponse<K extends OperationId> = operations[K]['responses'] extends {
  200: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The error envelope every failed answer carries (spec: "Server messages are shown as given"). */
export type ErrorEnvelope = components['schemas']['Error'];

export type Schemas = components['schemas'];
export type User = Schemas['User'];
export type Software = Schemas['Software'];
export type Organization = Schemas['Organization'];
export type OrganizationMember = Schemas['OrganizationMember'];
export type Invitation = Schemas['Invitation'];
export type Pricing = Schemas['Pricing'];
export type PricingEntry = Schemas['PricingEntry'];
export type Coupon = Schemas['Coupon'];
export type Subscription = Schemas['Subscription'];
export type OrgSubscriptionItem = Schemas['OrgSubscriptionItem'];
export type BillingInterval = Schemas['BillingInterval'];
export type Plan = Schemas['Plan'];
export type Role = Schemas['Role'];
export type AuthType = Schemas['AuthType'];
