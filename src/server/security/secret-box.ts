/**
 * Seals CRM credentials at rest with AES-256-GCM. The key is derived from SESSION_SECRET, or from a
 * random secret kept in the database when SESSION_SECRET is not set (the zero-config default: it
 * still keeps tokens out of plain-text dumps of the credentials table alone).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(value: unknown): string;
  open<T>(sealed: string): T;
}

export function createSecretBox(secret: string): SecretBox {
  const key = createHash('sha256').update(`crm-credentials:${secret}`).digest();
  return {
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open<T>(sealed: string): T {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown sealed format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const text = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
      return JSON.parse(text) as T;
    },
  };
}
