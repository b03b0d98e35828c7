/**
 * The DNS port of domain verification (docs/product.md#verifying-a-domain): does the domain publish a TXT
 * record with the value we gave its admin? The real adapter asks DNS through node:dns's Resolver (the
 * servers of DNS_SERVERS or the system's, DNS_TIMEOUT_MS per question); the sandbox finds every record.
 */
import { Resolver } from 'node:dns/promises';
import type { Config } from '../config.js';

/** What the TXT record holds: a fixed prefix (so admins know whose it is) and the organization's token. */
export const txtValueOf = (token: string) => `crm-sync-verification=${token}`;

type TxtProof =
  | { found: true }
  /** No TXT record at all at the name (or no such name). */
  | { found: false; reason: 'no_record' }
  /** TXT records, none of them ours: `values` says what DNS answered. */
  | { found: false; reason: 'wrong_value'; values: string[] }
  /** DNS did not answer (timeout, server failure, refused): nothing is known. */
  | { found: false; reason: 'dns_error'; code: string };

export interface DomainProver {
  checkTxt(name: string, expected: string): Promise<TxtProof>;
}

/** Answers of a resolver that mean the name has no TXT record, rather than that DNS failed. */
const NO_RECORD_CODES = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

export function createDnsProver(config: Pick<Config, 'dnsServers' | 'dnsTimeoutMs'>): DomainProver {
  return {
    async checkTxt(name, expected) {
      // One resolver per question: its servers never change under another caller, and cancel() ends it.
      const resolver = new Resolver({ timeout: config.dnsTimeoutMs, tries: 1 });
      if (config.dnsServers) resolver.setServers(config.dnsServers);
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        // c-ares may retry past its own timeout: the whole question gets one deadline.
        timer = setTimeout(
          () => reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })),
          config.dnsTimeoutMs + 500,
        );
      });
      try {
        const records = await Promise.race([resolver.resolveTxt(name), deadline]);
        // A TXT record longer than 255 bytes arrives in chunks: they make one value.
        const values = records.map((chunks) => chunks.join(''));
        if (values.length === 0) return { found: false, reason: 'no_record' };
        if (values.some((value) => value.trim() === expected)) return { found: true };
        return { found: false, reason: 'wrong_value', values };
      } catch (error) {
        const code = String((error as { code?: unknown }).code ?? 'EUNKNOWN');
        if (NO_RECORD_CODES.has(code)) return { found: false, reason: 'no_record' };
        return { found: false, reason: 'dns_error', code };
      } finally {
        clearTimeout(timer);
        resolver.cancel();
      }
    },
  };
}

/** DNS_SANDBOX: a local install verifies its domains without DNS; never with a non-local PUBLIC_URL (config.ts). */
export const sandboxDnsProver: DomainProver = {
  checkTxt: async () => ({ found: true }),
};
