/** Random secrets handed to users (session ids, reset and invitation tokens) and their stored form. */
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits), URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a database leak does not hand out live sessions or links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
