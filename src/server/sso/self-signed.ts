/**
 * A self-signed X.509 certificate for an RSA key, with nothing but node:crypto: SAML metadata names an
 * identity provider's signing key by its certificate, and the identity-provider sandbox
 * (sso/sandbox-provider.ts) needs one for its own key. Only what a signature check reads is in it (the
 * subject's common name, the validity, the public key); nothing trusts it as a certificate authority.
 */
import { createPublicKey, randomBytes, sign, type KeyObject } from 'node:crypto';

function length(size: number): Buffer {
  if (size < 0x80) return Buffer.from([size]);
  const bytes: number[] = [];
  for (let rest = size; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const der = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const sequence = (...content: Buffer[]) => der(0x30, ...content);

/** sha256WithRSAEncryption (1.2.840.113549.1.1.11), with its NULL parameters. */
const SHA256_WITH_RSA = sequence(Buffer.from('06092a864886f70d01010b', 'hex'), Buffer.from('0500', 'hex'));
/** commonName (2.5.4.3). */
const COMMON_NAME = Buffer.from('0603550403', 'hex');

const nameOf = (commonName: string) =>
  sequence(der(0x31, sequence(COMMON_NAME, der(0x0c, Buffer.from(commonName, 'utf8')))));

/** UTCTime before 2050, GeneralizedTime from then on (RFC 5280 4.1.2.5). */
function time(at: Date): Buffer {
  const text = at.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  return at.getUTCFullYear() < 2050 ? der(0x17, Buffer.from(text.slice(2))) : der(0x18, Buffer.from(text));
}

/**
 * A certificate's serial from `random` bytes, as the DER INTEGER OpenSSL accepts: positive (the first
 * byte's high bit clear) and in its shortest form (the first byte not 0, else a leading 0 before a byte
 * below 0x80 is padding OpenSSL refuses, and the whole certificate with it: one certificate in 256).
 */
export function serialOf(random: Buffer): Buffer {
  const serial = Buffer.from(random);
  serial[0] = (serial[0]! & 0x3f) | 0x40;
  return serial;
}

/** The certificate's DER as base64 (how SAML metadata carries it in X509Certificate). */
export function selfSignedCertificate(
  privateKey: KeyObject,
  { commonName, notBefore, notAfter }: { commonName: string; notBefore: Date; notAfter: Date },
  serial: Buffer = serialOf(randomBytes(12)),
): string {
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    SHA256_WITH_RSA,
    nameOf(commonName),
    sequence(time(notBefore), time(notAfter)),
    nameOf(commonName),
    createPublicKey(privateKey).export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  return sequence(tbs, SHA256_WITH_RSA, der(0x03, Buffer.from([0]), signature)).toString('base64');
}
