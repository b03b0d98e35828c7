/**
 * Generated from openapi.yaml by scripts/gen-contract-limits.mjs (`npm run gen:api`): do not edit.
 * The bounds of the contract's named schemas, which the server enforces when it validates a request.
 */
export const schemaLimits = {
  Id: {
    minLength: 1,
    maxLength: 64,
  },
  Password: {
    minLength: 1,
    maxLength: 256,
  },
  Token: {
    minLength: 1,
    maxLength: 256,
  },
  NullableToken: {
    maxLength: 256,
  },
  NullableSecret: {
    maxLength: 4096,
  },
  NullableCouponCode: {
    maxLength: 64,
  },
  Email: {
    minLength: 3,
    maxLength: 254,
  },
  RequestUrl: {
    maxLength: 2048,
  },
  SeatCount: {
    minimum: 0,
    maximum: 1000,
  },
  AuditRetentionDays: {
    minimum: 365,
    maximum: 3650,
  },
  IdempotencyKey: {
    minLength: 8,
    maxLength: 128,
  },
  MonthlyCap: {
    minimum: 0,
    maximum: 1000000,
  },
} as const;
