// @database-agnostic
/**
 * docs/product.md#session-and-network-policies: which addresses an IP allow-list lets in, IPv4 and IPv6,
 * single addresses and CIDR ranges, IPv4-mapped IPv6 addresses, and which entries it refuses as malformed.
 */
import assert from 'node:assert/strict';
import { describe, it } from './helpers/node-test.js';
import {
  limitedAddress,
  firstInvalidEntry,
  isAddressAllowed,
  isAllowListEntry,
  normalizeAllowList,
} from '../../src/shared/ip-allow-list.js';

const allows = (list: string[], ip: string) => isAddressAllowed(list, ip);

describe('IPv4', () => {
  it('a single address allows exactly itself', () => {
    assert.equal(allows(['203.0.113.7'], '203.0.113.7'), true);
    assert.equal(allows(['203.0.113.7'], '203.0.113.8'), false);
  });

  it('a range allows its first and last address and nothing either side', () => {
    const list = ['203.0.113.0/24'];
    assert.equal(allows(list, '203.0.113.0'), true);
    assert.equal(allows(list, '203.0.113.255'), true);
    assert.equal(allows(list, '203.0.112.255'), false);
    assert.equal(allows(list, '203.0.114.0'), false);
  });

  it('prefixes off the octet boundaries, /32 and /0', () => {
    assert.equal(allows(['198.51.100.64/27'], '198.51.100.95'), true);
    assert.equal(allows(['198.51.100.64/27'], '198.51.100.96'), false);
    assert.equal(allows(['198.51.100.64/27'], '198.51.100.63'), false);
    assert.equal(allows(['10.0.0.1/32'], '10.0.0.1'), true);
    assert.equal(allows(['10.0.0.1/32'], '10.0.0.2'), false);
    assert.equal(allows(['0.0.0.0/0'], '255.255.255.255'), true);
  });

  it('a range written with host bits set means its network', () => {
    assert.equal(allows(['203.0.113.77/24'], '203.0.113.1'), true);
    assert.equal(allows(['203.0.113.77/24'], '203.0.114.1'), false);
  });

  it('an IPv4 range never lets an IPv6 address in', () => {
    assert.equal(allows(['0.0.0.0/0'], '2001:db8::1'), false);
  });
});

describe('IPv6', () => {
  it('ranges, compressed and full forms, any case', () => {
    const list = ['2001:db8::/32'];
    assert.equal(allows(list, '2001:db8::1'), true);
    assert.equal(allows(list, '2001:0DB8:ffff:ffff:ffff:ffff:ffff:ffff'), true);
    assert.equal(allows(list, '2001:db9::'), false);
    assert.equal(allows(['2001:db8:0:0:0:0:0:1'], '2001:db8::1'), true);
    assert.equal(allows(['::1'], '::1'), true);
    assert.equal(allows(['::1'], '::2'), false);
    assert.equal(allows(['::/0'], 'fe80::1'), true);
  });

  it('a prefix inside a group', () => {
    assert.equal(allows(['2001:db8:abcd:12::/63'], '2001:db8:abcd:13::5'), true);
    assert.equal(allows(['2001:db8:abcd:12::/63'], '2001:db8:abcd:14::'), false);
  });

  it("a caller's zone id is ignored", () => {
    assert.equal(allows(['fe80::/10'], 'fe80::1%eth0'), true);
  });

  it('an IPv6 range never lets an IPv4 address in', () => {
    assert.equal(allows(['::/0'], '203.0.113.7'), false);
  });
});

describe('IPv4-mapped IPv6', () => {
  it('a mapped caller counts as its IPv4 address', () => {
    assert.equal(allows(['203.0.113.0/24'], '::ffff:203.0.113.7'), true);
    assert.equal(allows(['203.0.113.0/24'], '::ffff:cb00:7107'), true);
    assert.equal(allows(['203.0.113.0/24'], '::ffff:198.51.100.7'), false);
  });

  it('a mapped entry counts as its IPv4 address or range (the prefix over 128 bits)', () => {
    assert.equal(allows(['::ffff:203.0.113.7'], '203.0.113.7'), true);
    assert.equal(allows(['::ffff:203.0.113.0/120'], '203.0.113.200'), true);
    assert.equal(allows(['::ffff:203.0.113.0/120'], '203.0.114.1'), false);
    assert.equal(isAllowListEntry('::ffff:203.0.113.0/95'), false);
  });
});

describe('the list', () => {
  it('an empty list allows every address; a non-empty one only its own', () => {
    assert.equal(allows([], '198.51.100.1'), true);
    assert.equal(allows(['203.0.113.0/24', '2001:db8::/32'], '2001:db8::9'), true);
    assert.equal(allows(['203.0.113.0/24', '2001:db8::/32'], '198.51.100.1'), false);
  });

  it('a malformed caller address is outside any non-empty list', () => {
    assert.equal(allows(['0.0.0.0/0'], 'unknown'), false);
  });

  it('is saved trimmed, without blanks or repeats', () => {
    assert.deepEqual(normalizeAllowList([' 203.0.113.7 ', '', '203.0.113.7', '2001:db8::/32']), [
      '203.0.113.7',
      '2001:db8::/32',
    ]);
  });

  it('names its first malformed entry', () => {
    assert.equal(firstInvalidEntry(['203.0.113.7', '203.0.113.0/33', 'nonsense']), '203.0.113.0/33');
    assert.equal(firstInvalidEntry(['203.0.113.7', '2001:db8::/32']), undefined);
  });

  it('refuses what is not an address or a range', () => {
    for (const entry of [
      '203.0.113',
      '203.0.113.256',
      '203.0.113.7.1',
      '010.0.0.1',
      '203.0.113.0/33',
      '203.0.113.0/024',
      '203.0.113.0/',
      '203.0.113.0/24/8',
      '203.0.113.0/-1',
      '2001:db8::/129',
      '2001:db8:::1',
      '2001::db8::1',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      '12345::',
      'fe80::1%eth0',
      'example.com',
      '203.0.113.7 ',
      '',
    ]) {
      assert.equal(isAllowListEntry(entry), false, entry);
    }
    for (const entry of ['203.0.113.7', '0.0.0.0/0', '::', '::/0', '1:2:3:4:5:6:7::', '::ffff:1.2.3.4']) {
      assert.equal(isAllowListEntry(entry), true, entry);
    }
  });
});

describe('the address per-address limits count', () => {
  it('is an IPv4 address itself, a mapped one as IPv4, an IPv6 one by its /64', () => {
    assert.equal(limitedAddress('203.0.113.7'), '203.0.113.7');
    assert.equal(limitedAddress('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(limitedAddress('::ffff:cb00:7107'), '203.0.113.7');
    assert.equal(limitedAddress('2001:db8:77:1::5'), '2001:db8:77:1::/64');
    assert.equal(limitedAddress('2001:DB8:77:1:abcd:ef01:2345:6789'), '2001:db8:77:1::/64');
    assert.equal(limitedAddress('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(limitedAddress('not an address'), 'not an address');
  });
});
