import type { ApiRequest } from './baseApi';

/**
 * A state-changing call. The body is always JSON, `{}` when the operation takes none: the server only
 * accepts POSTs with `Content-Type: application/json` (CSRF rule of DESIGN.md).
 */
export function post(url: string, body: object = {}, params?: Record<string, string>): ApiRequest {
  return { url, method: 'POST', body, ...(params ? { params } : {}) };
}
