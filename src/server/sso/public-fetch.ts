/**
 * The fetch single sign-on's client uses on a deployment: an identity provider's addresses are an admin's
 * choice (the issuer) and the issuer's own (its token, keys and UserInfo endpoints), so, like the SIEM
 * endpoint of audit streaming, they may reach only the public internet, never this machine, the private
 * network or the cloud's metadata service (security/public-address.ts: a name is checked as it resolves,
 * a literal address before connecting). Redirects are not followed; an answer is read up to 1 MB.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { ADDRESS_NOT_ALLOWED, isPublicAddress, publicOnlyLookup } from '../security/public-address.js';

const MAX_ANSWER_BYTES = 1024 * 1024;
/** Statuses whose answer has no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/** The refusal of an address that is not on the public internet, as fetch fails: a TypeError. */
function notPublic(host: string): TypeError {
  return new TypeError(`${host} is not on the public internet`, { cause: { code: ADDRESS_NOT_ALLOWED } });
}

/** Whether a failed request was refused by the guard (sso/oidc.ts says so to the admin). */
export function refusedAsNotPublic(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown }; code?: unknown } | null)?.cause?.code;
  return code === ADDRESS_NOT_ALLOWED || (error as { code?: unknown } | null)?.code === ADDRESS_NOT_ALLOWED;
}

/**
 * Public internet addresses only; `lookup` resolves host names (tests give their own). What every
 * deployment's single sign-on reaches identity providers with.
 */
export function publicOnlyFetch(lookup?: LookupFunction): typeof fetch {
  return nodeFetch({ lookup: publicOnlyLookup(lookup), allowsAddress: isPublicAddress });
}

/**
 * fetch over Node's http(s), redirects not followed, answers read up to 1 MB: any address (a local install's
 * identity provider may be this machine, the sandbox) unless `allowsAddress` says no to a literal one and
 * `lookup` to a name's.
 */
export function nodeFetch({
  lookup,
  allowsAddress = () => true,
}: { lookup?: LookupFunction; allowsAddress?: (ip: string) => boolean } = {}): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(input instanceof Request ? input.url : String(input));
      const host = target.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) !== 0 && !allowsAddress(host)) {
        reject(notPublic(host));
        return;
      }
      const body = init.body === undefined || init.body === null ? undefined : String(init.body);
      const request = (target.protocol === 'https:' ? https : http).request(target, {
        method: init.method ?? 'GET',
        agent: false,
        headers: {
          ...Object.fromEntries(new Headers(init.headers).entries()),
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
        ...(init.signal ? { signal: init.signal } : {}),
        ...(lookup ? { lookup } : {}),
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy(new Error('The answer is too large'));
          else chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const status = response.statusCode ?? 502;
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of ([] as string[]).concat(value ?? [])) headers.append(name, one);
          }
          resolve(new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers }));
        });
      });
      request.on('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === ADDRESS_NOT_ALLOWED ? notPublic(target.hostname) : error),
      );
      request.end(body);
    });
}
