/**
 * Signatures of the Standard Webhooks scheme (docs/product.md#audit-log-streaming): a secret is `whsec_`
 * and base64 of random bytes, the HMAC key is those bytes, and a delivery is signed over
 * `<webhook-id>.<webhook-timestamp>.<body>` with HMAC-SHA256, sent as `v1,<base64>`; several secrets (a
 * rotation's old and new) give several signatures, space-separated.
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes (the scheme asks for 24 to 64). */
export function newSigningSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The value of `webhook-signature` for a delivery, one `v1,` signature per secret. */
export function webhookSignature(secrets: readonly string[], id: string, timestamp: number, body: string) {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(' ');
}
