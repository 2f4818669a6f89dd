import { describe, expect, it } from 'vitest';
import { hashPassword, newToken, sha256, verifyPassword } from './passwords';

describe('passwords (travellers and staff members alike)', () => {
  it('stores argon2id with the OWASP parameters and checks the password against it', async () => {
    const hash = await hashPassword('Correct1horse');
    const [, kind, version, params] = hash.split('$');
    expect([kind, version]).toEqual(['argon2id', 'v=19']);
    expect(params?.split(',').sort()).toEqual(['m=19456', 'p=1', 't=2']);
    expect(hash).not.toContain('Correct1horse');
    expect(await hashPassword('Correct1horse')).not.toBe(hash);
    expect(await verifyPassword(hash, 'Correct1horse')).toBe(true);
    expect(await verifyPassword(hash, 'correct1horse')).toBe(false);
  });

  it('answers no, without throwing, for a missing or unreadable hash', async () => {
    expect(await verifyPassword(null, 'Correct1horse')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Correct1horse')).toBe(false);
  });

  it('makes opaque tokens of 32 random bytes and keeps their SHA-256', () => {
    const a = newToken();
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(newToken()).not.toBe(a);
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
