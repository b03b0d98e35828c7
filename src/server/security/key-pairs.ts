/**
 * New private keys (the identity-provider sandbox's signing keys; the SSO tests' identity providers).
 *
 * Made as PEM by the generation itself, then read back: Node 20 can deadlock exporting a KeyObject that
 * generateKeyPairSync returned. The export holds the key's lock while it allocates; a garbage collection
 * then may finalize the generation's job, whose destructor takes that same lock, and the process hangs
 * for good (a test run did, in ExportJWKEcKey under a JWK export). A key read from PEM belongs to no job.
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

/** A new P-256 (ES256) or RSA-2048 private key. */
export function newPrivateKey(kind: 'ec' | 'rsa'): KeyObject {
  const publicKeyEncoding = { type: 'spki', format: 'pem' } as const;
  const privateKeyEncoding = { type: 'pkcs8', format: 'pem' } as const;
  const { privateKey } =
    kind === 'ec'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256', publicKeyEncoding, privateKeyEncoding })
      : generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding, privateKeyEncoding });
  return createPrivateKey(privateKey);
}
