/**
 * The one HTTP/JSON client of the CRM adapters (docs/product.md#crm-sync-rules). Each record adapter gives
 * its base URL, its credentials' headers and how its CRM names a refused field; every failed answer is read
 * here, so HubSpot, Pipedrive and Salesforce fail alike:
 * - no answer (network, DNS, timeout): upstreamFailed `crm_unreachable`;
 * - 401: the token expired or was revoked, or the key was deleted: CrmAccessRefused (domain/crm-access.ts
 *   refreshes an OAuth token once and calls again, else answers 422 `crm_reconnect` and marks the connection
 *   as needing attention, docs/product.md#connection-health);
 * - 429: CrmRateLimited after the CRM's Retry-After (else Pipedrive's x-ratelimit-reset, else 1 s);
 * - 400 or 422 whose body names a field: CrmRefusedField (nothing was written);
 * - anything else: upstreamFailed `crm_error_status`.
 * A CRM's own answers (HubSpot's 409, Salesforce's 403 REQUEST_LIMIT_EXCEEDED) go through its `failure`.
 */
import { message } from '../../contract/messages.js';
import { upstreamFailed } from '../domain/errors.js';
import { CrmAccessRefused, CrmRateLimited, CrmRefusedField } from './provider.js';

const TIMEOUT_MS = 15_000;

/** Calls a CRM; no answer at all (network, DNS, timeout) is `crm_unreachable`. */
export async function crmFetch(url: string, init: RequestInit, crm: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw upstreamFailed(message('crm_unreachable', { crm }));
  }
}

/** The field a CRM's error body names as refused, and the CRM's reason. */
export interface Refusal {
  field: string;
  reason: string;
}

interface CrmApiOptions {
  /** The CRM's name in messages ("HubSpot"). */
  crm: string;
  /** Where paths start, without a trailing slash. */
  baseUrl: string;
  /** The credentials' headers (Authorization, x-api-token). */
  headers: Record<string, string>;
  /** The field a refused write names in the CRM's error body; null when the body names none. */
  refusal(body: unknown): Refusal | null;
  /** The CRM's own reading of a failed answer, ahead of the common one; undefined leaves it to that. */
  failure?(status: number, body: unknown): Error | undefined;
}

interface CrmRequest {
  method?: 'GET' | 'POST' | 'PATCH';
  query?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
}

/** Calls a path of the CRM's API: the JSON of a 2xx answer (undefined when empty), else a thrown failure. */
export type CrmApi = <T>(path: string, request?: CrmRequest) => Promise<T>;

/** Seconds the CRM asks to wait: Retry-After (seconds or a date), else x-ratelimit-reset, else 1. */
function retryAfterSeconds(headers: Headers): number {
  const value = headers.get('retry-after') ?? headers.get('x-ratelimit-reset');
  if (value !== null) {
    const seconds = Number(value);
    if (value.trim() !== '' && Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
    const at = Date.parse(value);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - Date.now()) / 1000));
  }
  return 1;
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createCrmApi(options: CrmApiOptions): CrmApi {
  const { crm } = options;
  return async <T>(path: string, request: CrmRequest = {}): Promise<T> => {
    const url = new URL(`${options.baseUrl}${path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
    const response = await crmFetch(
      url.toString(),
      {
        method: request.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      },
      crm,
    );
    const body = await bodyOf(response);
    if (response.ok) return body as T;
    const status = response.status;
    const own = options.failure?.(status, body);
    if (own) throw own;
    if (status === 401) throw new CrmAccessRefused('401');
    if (status === 429) throw new CrmRateLimited(retryAfterSeconds(response.headers));
    const refusal = status === 400 || status === 422 ? options.refusal(body) : null;
    // The CRM's reason goes to the user and the sync log: a sentence, not a whole error document.
    if (refusal) throw new CrmRefusedField(refusal.field, refusal.reason.slice(0, 300));
    throw upstreamFailed(message('crm_error_status', { crm, status }));
  };
}
