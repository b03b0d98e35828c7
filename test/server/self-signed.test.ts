// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { newPrivateKey } from '../../src/server/security/key-pairs.js';
import { describe, it } from './helpers/node-test.js';
import { selfSignedCertificate, serialOf } from '../../src/server/sso/self-signed.js';

describe('a self-signed certificate (the identity-provider sandbox, SAML tests)', () => {
  const privateKey = newPrivateKey('rsa');
  const validity = {
    commonName: 'Test IdP',
    notBefore: new Date('2026-01-01T00:00:00Z'),
    notAfter: new Date('2027-01-01T00:00:00Z'),
  };

  // Random first bytes that used to make a serial OpenSSL refuses (0x00 then a byte below 0x80: padding)
  // or a negative one (high bit set), and ordinary ones.
  const firstBytes = [
    [0x00, 0x00],
    [0x00, 0x7f],
    [0x00, 0x80],
    [0x7f, 0x00],
    [0x80, 0x00],
    [0xff, 0xff],
  ];

  for (const [first, second] of firstBytes) {
    const random = Buffer.from([first!, second!, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    it(`is read by OpenSSL whatever the random serial starts with (${hex(first!)} ${hex(second!)})`, () => {
      const serial = serialOf(random);
      const certificate = new X509Certificate(
        Buffer.from(selfSignedCertificate(privateKey, validity, serial), 'base64'),
      );
      assert.equal(certificate.serialNumber, serial.toString('hex').toUpperCase());
      assert.equal(certificate.subject, 'CN=Test IdP');
      assert.equal(certificate.validTo, 'Jan  1 00:00:00 2027 GMT');
      assert.ok(certificate.verify(certificate.publicKey), 'signed by its own key');
    });
  }

  it('keeps the serial random past its first two bits', () => {
    assert.deepEqual([...serialOf(Buffer.from([0xab, 0xcd]))], [0x6b, 0xcd]);
  });
});

describe('newPrivateKey', () => {
  it('makes P-256 and RSA-2048 private keys that export as JWK', () => {
    const ec = newPrivateKey('ec');
    assert.equal(ec.asymmetricKeyDetails?.namedCurve, 'prime256v1');
    assert.equal(ec.export({ format: 'jwk' }).crv, 'P-256');
    const rsa = newPrivateKey('rsa');
    assert.equal(rsa.asymmetricKeyDetails?.modulusLength, 2048);
    assert.equal(rsa.export({ format: 'jwk' }).kty, 'RSA');
  });
});
