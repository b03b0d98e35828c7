/**
 * An organization's IP allow-list (docs/product.md#session-and-network-policies): single addresses and CIDR
 * ranges, IPv4 and IPv6, and whether an address is inside. Pure, so the server's check and the settings
 * form read entries the same way.
 *
 * - An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, also written `::ffff:cb00:7107`) is its IPv4
 *   address, in the list and as the caller's address (a dual-stack server reports IPv4 callers so).
 * - A range with host bits set (`203.0.113.7/24`) means its network (`203.0.113.0/24`), as most firewalls
 *   read it.
 * - Malformed: anything else, including octets with leading zeros (`010.0.0.1`: octal to some parsers),
 *   a prefix out of range or with leading zeros, zone ids (`fe80::1%eth0`) and blanks inside an entry.
 */

interface Address {
  version: 4 | 6;
  value: bigint;
}

interface Range extends Address {
  prefix: number;
}

const WIDTH = { 4: 32, 6: 128 } as const;
const MAPPED_PREFIX = 0xffffn << 32n;

function parseIpv4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = (value << 8n) | BigInt(octet);
  }
  return value;
}

function parseIpv6(text: string): bigint | undefined {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return undefined;
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string): number[] | undefined => {
    if (half === '') return [];
    const groups: number[] = [];
    const pieces = half.split(':');
    for (const [index, piece] of pieces.entries()) {
      // An IPv4 tail (`::ffff:203.0.113.7`) counts as two groups, only as the last piece.
      if (index === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIpv4(piece);
        if (v4 === undefined) return undefined;
        groups.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) {
        groups.push(parseInt(piece, 16));
      } else {
        return undefined;
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail];
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

/** An address as IPv4 or IPv6, an IPv4-mapped IPv6 one as IPv4; undefined when malformed. */
function parseAddress(text: string): Address | undefined {
  const v4 = parseIpv4(text);
  if (v4 !== undefined) return { version: 4, value: v4 };
  const v6 = parseIpv6(text);
  if (v6 === undefined) return undefined;
  if (v6 >> 32n === MAPPED_PREFIX >> 32n) return { version: 4, value: v6 & 0xffffffffn };
  return { version: 6, value: v6 };
}

function mask(version: 4 | 6, prefix: number): bigint {
  const width = BigInt(WIDTH[version]);
  return ((1n << width) - 1n) ^ ((1n << (width - BigInt(prefix))) - 1n);
}

/** An entry of the list as a range (a single address is a full-length prefix); undefined when malformed. */
function parseRange(entry: string): Range | undefined {
  const [addressText, prefixText, ...rest] = entry.split('/');
  if (addressText === undefined || rest.length > 0) return undefined;
  const isV6Text = addressText.includes(':');
  const address = parseAddress(addressText);
  if (!address) return undefined;
  let prefix: number = WIDTH[address.version];
  if (prefixText !== undefined) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(prefixText)) return undefined;
    prefix = Number(prefixText);
    // A mapped range is written over 128 bits: its IPv4 part is what follows the first 96.
    if (isV6Text && address.version === 4) {
      if (prefix < 96 || prefix > 128) return undefined;
      prefix -= 96;
    }
    if (prefix > WIDTH[address.version]) return undefined;
  }
  return { ...address, value: address.value & mask(address.version, prefix), prefix };
}

/** Whether the text is a well-formed address or CIDR range. */
export function isAllowListEntry(entry: string): boolean {
  return parseRange(entry) !== undefined;
}

/** The list as saved: entries trimmed, blanks and repeats dropped, in the order given. */
export function normalizeAllowList(entries: readonly string[]): string[] {
  return [...new Set(entries.map((entry) => entry.trim()).filter((entry) => entry !== ''))];
}

/** The first malformed entry of a normalized list, or undefined when every entry reads. */
export function firstInvalidEntry(entries: readonly string[]): string | undefined {
  return entries.find((entry) => !isAllowListEntry(entry));
}

/**
 * Whether `ip` may call under the list: an empty list allows every address; a malformed `ip` (never
 * from Fastify, but a stored list is read with care) is outside any non-empty list.
 */
export function isAddressAllowed(entries: readonly string[], ip: string): boolean {
  if (entries.length === 0) return true;
  const address = parseAddress(ip.replace(/%.*$/, ''));
  if (!address) return false;
  return entries.some((entry) => {
    const range = parseRange(entry);
    return (
      range !== undefined &&
      range.version === address.version &&
      (address.value & mask(range.version, range.prefix)) === range.value
    );
  });
}

/**
 * Whom per-address limits count a caller's address as: an IPv4 address itself (an IPv4-mapped one as
 * IPv4), an IPv6 address its /64, the smallest network one subscriber is given (each holds 2^64
 * addresses, and a fresh one for each call would start a fresh count). Anything else, as it is.
 */
export function limitedAddress(ip: string): string {
  const address = parseAddress(ip);
  if (!address) return ip;
  if (address.version === 4) {
    const v = address.value;
    return [24n, 16n, 8n, 0n].map((shift) => String((v >> shift) & 0xffn)).join('.');
  }
  const network = address.value >> 64n;
  const groups = [48n, 32n, 16n, 0n].map((shift) => ((network >> shift) & 0xffffn).toString(16));
  return `${groups.join(':')}::/64`;
}
