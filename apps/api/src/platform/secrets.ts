import { hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

/**
 * The server's keys (issue 9.15). APP_SECRET is public (the browser bundle signs getAccessToken
 * with it), so nothing the server alone must be able to make is keyed with it: everything else
 * is keyed with SERVER_SECRET, one key per purpose, so a key is never good for another use.
 *
 * Rotation: set the new secret as SERVER_SECRET and the old one as SERVER_SECRET_PREVIOUS.
 * New grants, digests and signatures use the new secret; those made with the previous one
 * still verify until SERVER_SECRET_PREVIOUS is removed (docs/operations.md, rotation steps).
 */

/** Every purpose a key is derived for, with the label that makes its key its own. */
const PURPOSE_LABELS = {
  /** Guest order grants (the `orderToken` header; platform/order-grant.ts). */
  orderGrant: 'order-grant',
  /** The stored digests of e-mail codes (modules/accounts). */
  emailCode: 'email-code',
  /** The sandbox payment gateway's notification signatures (outside production). */
  sandboxPayment: 'sandbox-payment',
  /** The sandbox identity provider's codes (outside production). */
  oauthSandbox: 'oauth-sandbox',
  /** The sandbox insurer's signed policy pages (outside production; modules/insurance). */
  sandboxInsurance: 'sandbox-insurance',
  /** The encryption of staff members' TOTP secrets at rest (modules/staff). */
  staffTotp: 'staff-totp',
} as const;

export type KeyPurpose = keyof typeof PURPOSE_LABELS;

/** The keys of one purpose. */
export interface PurposeKeys {
  /** Signs and keys everything new. */
  readonly current: Buffer;
  /** Every key a value may have been made with: `current` first, then the previous secret's. */
  readonly accepted: readonly Buffer[];
}

export type ServerKeys = Record<KeyPurpose, PurposeKeys>;

/** The name of the generated secret's file in DATA_DIR (outside production only). */
export const SERVER_SECRET_FILE = 'server-secret';

/** HKDF-SHA256 of the secret, with this application's salt and the purpose as `info`. */
export function deriveKey(secret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(
    hkdfSync('sha256', secret, 'wings/server-secret', `wings/${PURPOSE_LABELS[purpose]}/v1`, 32),
  );
}

/** Every purpose's keys from the configured secrets. */
export function serverKeys(config: Pick<Config, 'serverSecret' | 'serverSecretPrevious'>): ServerKeys {
  const { serverSecret, serverSecretPrevious } = config;
  if (!serverSecret) {
    throw new Error(
      'SERVER_SECRET is not set: main.ts generates one outside production (ensureServerSecret); tests pass their own',
    );
  }
  const keys = {} as Record<KeyPurpose, PurposeKeys>;
  for (const purpose of Object.keys(PURPOSE_LABELS) as KeyPurpose[]) {
    const current = deriveKey(serverSecret, purpose);
    const previous =
      serverSecretPrevious && serverSecretPrevious !== serverSecret
        ? [deriveKey(serverSecretPrevious, purpose)]
        : [];
    keys[purpose] = { current, accepted: [current, ...previous] };
  }
  return keys;
}

/**
 * The config with its server secret: the configured one, or (outside production) the one kept in
 * DATA_DIR/server-secret, generated on first start with mode 0600 so it survives restarts. Two
 * processes starting at once agree: the file is created exclusively and the loser reads it.
 */
export async function ensureServerSecret(
  config: Config,
  log: { info(msg: string): void; warn(msg: string): void },
): Promise<Config> {
  if (config.serverSecret) return config;
  if (config.env === 'production') throw new Error('SERVER_SECRET is required in production');
  const file = path.join(config.dataDir, SERVER_SECRET_FILE);
  let secret = await readSecret(file, log);
  if (!secret) {
    await mkdir(config.dataDir, { recursive: true });
    const generated = randomBytes(32).toString('base64url');
    try {
      await writeFile(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
      log.info(`generated a server secret in ${file} (development only; production sets SERVER_SECRET)`);
      secret = generated;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      secret = await readSecret(file, log);
    }
  }
  if (!secret) throw new Error(`${file} does not hold a server secret of at least 32 characters`);
  return { ...config, serverSecret: secret };
}

async function readSecret(file: string, log: { warn(msg: string): void }): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  // Only the owner may read it; a copy that lost its mode is put right.
  if (((await stat(file)).mode & 0o077) !== 0) {
    await chmod(file, 0o600);
    log.warn(`${file} was readable by others; its mode is now 0600`);
  }
  const secret = text.trim();
  return secret.length >= 32 ? secret : null;
}
