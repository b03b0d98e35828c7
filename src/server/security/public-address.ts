/**
 * The SSRF guard of outgoing requests to addresses an admin chose (the SIEM endpoint,
 * docs/product.md#audit-log-streaming): on a deployment they may reach only public internet addresses,
 * never this machine, the private network or the cloud's metadata service. A host name is checked as it
 * resolves when the connection is made (`publicOnlyLookup`), not only when it was saved, so a name that
 * later resolves elsewhere (DNS rebinding) is refused too.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { isAddressAllowed } from '../../shared/ip-allow-list.js';

/**
 * Every range that is not the public internet (IANA special-purpose registries): unspecified, loopback,
 * private, carrier-grade NAT, link-local (the metadata service 169.254.169.254), documentation and
 * benchmarking, multicast and reserved; IPv6 unique-local, link-local, multicast, documentation, and the
 * prefixes that carry an IPv4 address inside (NAT64, 6to4, Teredo), which could hide a private one.
 * IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`) are read as their IPv4 address.
 */
const NON_PUBLIC_RANGES = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/128',
  '::1/128',
  // IPv4-compatible (::7f00:1, deprecated) and IPv4-translated (::ffff:0:7f00:1) addresses carry an IPv4
  // address too; fec0::/10 is the deprecated site-local range.
  '::/96',
  '::ffff:0:0:0/96',
  'fec0::/10',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '2001::/32',
  '2001:db8::/32',
  '2002::/16',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
];

/** Whether `ip` is an address of the public internet (a malformed one is not). */
export function isPublicAddress(ip: string): boolean {
  const address = ip.replace(/^\[|\]$/g, '');
  // The list's own rule: an address inside one of the ranges "is allowed" by it.
  return isIP(address.replace(/%.*$/, '')) !== 0 && !isAddressAllowed(NON_PUBLIC_RANGES, address);
}

/** The error a refused address fails the connection with (sender.ts reads its code). */
export const ADDRESS_NOT_ALLOWED = 'ERR_ADDRESS_NOT_ALLOWED';

/**
 * A `lookup` for http(s).request that resolves the host and fails the connection when any of its
 * addresses is not public (one private answer among public ones is refused too: the connection could
 * use it). Node calls it only for names: a literal IP in the URL is checked by the caller.
 */
export function publicOnlyLookup(lookup: LookupFunction = dnsLookup as LookupFunction): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      const found = (Array.isArray(addresses) ? addresses : []) as LookupAddress[];
      if (error || found.length === 0) {
        callback(error ?? Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
        return;
      }
      if (!found.every((entry) => isPublicAddress(entry.address))) {
        const refused = Object.assign(new Error(`${hostname} resolves to a non-public address`), {
          code: ADDRESS_NOT_ALLOWED,
        });
        callback(refused, '');
        return;
      }
      if (options.all) callback(null, found);
      else callback(null, found[0]!.address, found[0]!.family);
    });
  };
}
