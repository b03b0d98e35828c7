/**
 * One signed POST to a SIEM endpoint (docs/product.md#audit-log-streaming) and what came of it: a 2xx
 * answer is delivered, anything else a failure with its reason. Redirects are not followed (a 3xx is a
 * failure: the admin updates the address). Each try has its own connection and a deadline for the whole
 * exchange, so a slow endpoint holds nothing beyond it.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { ADDRESS_NOT_ALLOWED, isPublicAddress, publicOnlyLookup } from '../security/public-address.js';

type FailureReason = 'http_status' | 'timeout' | 'unreachable' | 'address_not_allowed';

export type SendOutcome =
  { delivered: true; status: number } | { delivered: false; status: number | null; reason: FailureReason };

export interface SendOptions {
  /** The deadline of the whole try: connection, request and answer. */
  timeoutMs: number;
  /** On a deployment: only public internet addresses (security/public-address.ts). */
  publicOnly: boolean;
  /** How host names are resolved (tests give their own). */
  lookup?: LookupFunction;
}

/** At most this much of an answer's body is read (it is ignored); the rest is cut off. */
const MAX_ANSWER_BYTES = 64 * 1024;

export function postSigned(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<SendOutcome> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (options.publicOnly && isIP(host) !== 0 && !isPublicAddress(host)) {
    return Promise.resolve({ delivered: false, status: null, reason: 'address_not_allowed' });
  }
  const lookup = options.publicOnly ? publicOnlyLookup(options.lookup) : options.lookup;
  return new Promise((resolve) => {
    const request = (target.protocol === 'https:' ? https : http).request(target, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'CRM-Sync-Audit-Stream/1',
        ...headers,
      },
      signal: AbortSignal.timeout(options.timeoutMs),
      ...(lookup ? { lookup } : {}),
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      const done = () =>
        resolve(
          status >= 200 && status < 300
            ? { delivered: true, status }
            : { delivered: false, status, reason: 'http_status' },
        );
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) response.destroy();
      });
      response.on('end', done);
      response.on('close', done);
      response.on('error', done);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const reason: FailureReason =
        error.code === ADDRESS_NOT_ALLOWED
          ? 'address_not_allowed'
          : error.name === 'AbortError' || error.name === 'TimeoutError'
            ? 'timeout'
            : 'unreachable';
      resolve({ delivered: false, status: null, reason });
    });
    request.end(body);
  });
}
