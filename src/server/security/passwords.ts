/** Password hashing: argon2id with the OWASP-recommended minimum (m=19 MiB, t=2, p=1). */
import { hash, verify } from '@node-rs/argon2';

// The package's Algorithm is a `const enum`, which isolated-module builds cannot import; 2 = Argon2id.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS as Parameters<typeof hash>[1]);
}

/**
 * A dummy hash for unknown accounts, so a login for an email that does not exist costs the same
 * time as a wrong password and does not reveal which emails have accounts.
 */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hashPassword('dummy password for timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
