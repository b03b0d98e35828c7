/** The session entity: who is signed in, the shared CRM record, the initial load (docs/product.md#shared-application-state, docs/product.md#initial-load). */
export * from './session-slice';
export * from './log-out';
export * from './use-log-out';
export * from './reauth-gate';
export { default as SessionLoadError } from './SessionLoadError';
