import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generate as generateTotp, generateURI, verify as verifyTotp } from 'otplib';
import type { PurposeKeys } from '../../platform/secrets';

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/**
 * A one-time password an admin hands to a member: 16 letters and digits without look-alikes,
 * at least one of each kind, so it also meets the traveller password rule (packages/rules).
 */
export function newOneTimePassword(): string {
  const all = LOWER + UPPER + DIGITS;
  const pick = (set: string) => set[randomInt(0, set.length)]!;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS)];
  while (chars.length < 16) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** What authenticator apps show as the account's issuer. */
export const TOTP_ISSUER = 'Wings Airways Console';
/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;

/** A fresh TOTP secret: 20 random bytes (160 bits), Base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The `otpauth://totp/...` address an authenticator app reads from a QR code. */
export function otpauthUrl(email: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

/** The code of `secret` at `at` (the demo helper and the tests compute codes like an app would). */
export function totpCode(secret: string, at: Date): Promise<string> {
  return generateTotp({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/**
 * Checks a code at `at`, allowing one step of clock drift either way, and refusing any step
 * at or before `afterStep` (the last one accepted: a code is good once). The matched step, or null.
 */
export async function checkTotp(
  secret: string,
  code: string,
  at: Date,
  afterStep: number | null,
): Promise<number | null> {
  try {
    const result = await verifyTotp({
      secret,
      token: code,
      epoch: Math.floor(at.getTime() / 1000),
      epochTolerance: TOTP_PERIOD_SECONDS,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/**
 * TOTP secrets at rest: AES-256-GCM with the server secret's `staffTotp` key, as
 * `v1:<iv>:<tag>:<ciphertext>` (base64url). Reading tries every accepted key, so a secret made
 * before a rotation of SERVER_SECRET still opens while SERVER_SECRET_PREVIOUS is set.
 */
export class SecretBox {
  constructor(private readonly keys: PurposeKeys) {}

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.current, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join(':');
  }

  /** The plain text, or null when no accepted key opens it (a lost or rotated-away secret). */
  open(sealed: string): string | null {
    return this.openWith(sealed, this.keys.accepted);
  }

  /** Whether the current key opens it (else it was sealed before a rotation: seal it again). */
  isCurrent(sealed: string): boolean {
    return this.openWith(sealed, [this.keys.current]) !== null;
  }

  private openWith(sealed: string, keys: readonly Buffer[]): string | null {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || body === undefined) return null;
    for (const key of keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        // Not this key: try the next one.
      }
    }
    return null;
  }
}
