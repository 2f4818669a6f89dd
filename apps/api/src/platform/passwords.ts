import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/**
 * Passwords and opaque tokens, one implementation for travellers (modules/accounts) and staff
 * members (modules/staff): the same storage parameters, the same answer for an unknown account.
 */

/** OWASP password storage parameters for argon2id (19 MiB, 2 passes, 1 lane). */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. With no hash (an unknown account, or an account
 * without a password) it still verifies against a dummy hash, so the reply takes as long and
 * says the same whether or not the account exists.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** An opaque token (a session, a sign-in challenge): 32 random bytes, base64url. Only its hash is kept. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The hex SHA-256 of a token: what is stored and looked up instead of the token. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
