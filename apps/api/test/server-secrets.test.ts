import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { SandboxCodes } from '../src/modules/oauth';
import { signOrderGrant } from '../src/platform/order-grant';
import {
  SANDBOX_SIGNATURE_HEADER,
  SandboxGateway,
  sandboxNotification,
  signSandbox,
} from '../src/platform/payments/sandbox/sandbox.gateway';
import { deriveKey, ensureServerSecret, SERVER_SECRET_FILE, serverKeys } from '../src/platform/secrets';
import { createTestApp, TEST_ABA_KEYS, type TestApp } from './helpers';
import { aPrivateFlight } from './scenarios';
import { contact, offerFor, passenger, solvedCaptcha } from './support/booking';
import { client, latestCode, newEmail } from './support/clients';

/**
 * The server's own secret (issue 9.15): APP_SECRET is in the browser bundle, so order grants,
 * e-mail code digests and the sandboxes' signatures are keyed with SERVER_SECRET, one key per
 * purpose, and survive a rotation while SERVER_SECRET_PREVIOUS is set.
 */

const OLD = 'old-server-secret-0123456789-abcdefghijkl';
const NEW = 'new-server-secret-0123456789-abcdefghijkl';
const quiet = { info() {}, warn() {} };

describe('the SERVER_SECRET setting', () => {
  const prod = {
    NODE_ENV: 'production',
    APP_ID: 'x',
    APP_SECRET: 'a-real-secret-of-length',
    ...TEST_ABA_KEYS,
  };

  it('is required in production, at least 32 characters, and never the app secret', () => {
    expect(() => loadConfig(prod)).toThrow(/SERVER_SECRET: is required in production/);
    expect(() => loadConfig({ ...prod, SERVER_SECRET: 'short-secret' })).toThrow(
      /SERVER_SECRET: must be at least 32 characters/,
    );
    const appSecret = 'the-app-secret-which-ships-in-the-browser-bundle';
    expect(() => loadConfig({ ...prod, APP_SECRET: appSecret, SERVER_SECRET: appSecret })).toThrow(
      /SERVER_SECRET: must not be the APP_SECRET/,
    );
    // Outside production too, and for the previous secret.
    expect(() => loadConfig({ APP_SECRET: appSecret, SERVER_SECRET: appSecret })).toThrow(/SERVER_SECRET/);
    expect(() =>
      loadConfig({ APP_SECRET: appSecret, SERVER_SECRET: NEW, SERVER_SECRET_PREVIOUS: appSecret }),
    ).toThrow(/SERVER_SECRET_PREVIOUS: must not be the APP_SECRET/);
    const ok = loadConfig({ ...prod, SERVER_SECRET: NEW, SERVER_SECRET_PREVIOUS: OLD });
    expect(ok).toMatchObject({ serverSecret: NEW, serverSecretPrevious: OLD });
  });

  it('derives a key of its own for each purpose, none of them the app secret', () => {
    const keys = serverKeys({ serverSecret: NEW, serverSecretPrevious: undefined });
    const all = Object.values(keys).map((k) => k.current.toString('hex'));
    expect(new Set(all).size).toBe(all.length);
    for (const k of Object.values(keys)) {
      expect(k.current).toHaveLength(32);
      expect(k.accepted).toEqual([k.current]);
    }
    const rotated = serverKeys({ serverSecret: NEW, serverSecretPrevious: OLD });
    expect(rotated.orderGrant.accepted).toEqual([keys.orderGrant.current, deriveKey(OLD, 'orderGrant')]);
    expect(() => serverKeys({ serverSecret: undefined, serverSecretPrevious: undefined })).toThrow(
      /SERVER_SECRET is not set/,
    );
  });
});

describe('the generated server secret outside production', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'wings-secret-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is made once in DATA_DIR, readable by the owner only, and the same after a restart', async () => {
    const dataDir = path.join(dir, 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.serverSecret).toBeUndefined();
    const first = await ensureServerSecret(config, quiet);
    const file = path.join(dataDir, SERVER_SECRET_FILE);
    expect(first.serverSecret).toHaveLength(43);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.serverSecret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // A restart, and two processes starting at once, read the same secret.
    const again = await Promise.all([ensureServerSecret(config, quiet), ensureServerSecret(config, quiet)]);
    expect(again.map((c) => c.serverSecret)).toEqual([first.serverSecret, first.serverSecret]);
  });

  it('is not made when SERVER_SECRET is set', async () => {
    const dataDir = path.join(dir, 'given');
    const config = await ensureServerSecret(loadConfig({ DATA_DIR: dataDir, SERVER_SECRET: NEW }), quiet);
    expect(config.serverSecret).toBe(NEW);
    await expect(stat(path.join(dataDir, SERVER_SECRET_FILE))).rejects.toThrow(/ENOENT/);
  });

  it('refuses a file that holds no secret rather than making another', async () => {
    const dataDir = path.join(dir, 'broken');
    await ensureServerSecret(loadConfig({ DATA_DIR: dataDir }), quiet);
    await writeFile(path.join(dataDir, SERVER_SECRET_FILE), 'short\n');
    await expect(ensureServerSecret(loadConfig({ DATA_DIR: dataDir }), quiet)).rejects.toThrow(
      /does not hold a server secret/,
    );
  });
});

describe('sandbox payment notifications across a rotation', () => {
  const at = new Date('2026-06-01T00:00:00Z');
  const body = JSON.stringify(sandboxNotification('pay-1', 'succeeded', 1000, 'USD'));
  const headers = (key: Buffer) => ({
    [SANDBOX_SIGNATURE_HEADER]: signSandbox(key, body, Math.floor(at.getTime() / 1000)),
  });
  const gateway = (serverSecretPrevious?: string) =>
    new SandboxGateway(serverKeys({ serverSecret: NEW, serverSecretPrevious }).sandboxPayment, () => at);

  it('accepts one signed under the previous secret while it is set, and not after', async () => {
    const old = headers(deriveKey(OLD, 'sandboxPayment'));
    await expect(gateway(OLD).verifyNotification(body, old)).resolves.toMatchObject({ status: 'succeeded' });
    await expect(gateway().verifyNotification(body, old)).rejects.toThrow(/bad signature/);
    // New ones are signed with the current secret.
    expect(gateway(OLD).sign(body)).toBe(headers(deriveKey(NEW, 'sandboxPayment'))[SANDBOX_SIGNATURE_HEADER]);
  });

  it('refuses one signed with a key derived from the app secret', async () => {
    const appSecretKey = createHmac('sha256', 'demo-secret-change-me')
      .update('wings-sandbox-pay-v1')
      .digest();
    await expect(gateway().verifyNotification(body, headers(appSecretKey))).rejects.toThrow(/bad signature/);
  });
});

describe('sandbox identity provider codes across a rotation', () => {
  it('reads a code issued under the previous secret while it is set, and not after', () => {
    const now = new Date();
    const grant = {
      provider: 'facebook' as const,
      email: 'a@example.com',
      emailVerified: true,
      name: 'A',
      redirectUri: 'https://x.example/cb',
    };
    const code = new SandboxCodes(
      serverKeys({ serverSecret: OLD, serverSecretPrevious: undefined }).oauthSandbox,
    ).issue(grant, now);
    const rotated = new SandboxCodes(
      serverKeys({ serverSecret: NEW, serverSecretPrevious: OLD }).oauthSandbox,
    );
    expect(rotated.read(code, now)).toMatchObject(grant);
    expect(
      new SandboxCodes(serverKeys({ serverSecret: NEW, serverSecretPrevious: undefined }).oauthSandbox).read(
        code,
        now,
      ),
    ).toBeNull();
  });
});

describe('order grants and e-mail codes across a rotation of SERVER_SECRET', () => {
  /** The order a guest booked under the old secret, its booking grant and a PNR look-up's grant. */
  let orderNo = '';
  let bookingGrant = '';
  let limitedGrant = '';
  const email = newEmail();
  let code = '';

  const withSecrets = (env: Record<string, string>) => createTestApp({ env });

  async function detail(t: TestApp, grant: string) {
    const res = await client(t).get(`/travelsky/ibe/getOrderDetail/${orderNo}`, { orderToken: grant });
    return res.body;
  }

  beforeAll(async () => {
    const t = await withSecrets({ SERVER_SECRET: OLD });
    try {
      const guest = client(t);
      const flight = await aPrivateFlight(t, { from: 'KTI', to: 'HKG' });
      const offerId = await offerFor(guest, [1, 0, 0], [{ flightId: flight.flightId, bookingClass: 'M' }]);
      const saved = await guest.post('/travelsky/ibe/saveTicketOrder', {
        offerId,
        passengers: [passenger(1, 0, flight.depLocalDate, { docNumber: `R${randomUUID().slice(0, 7)}` })],
        contact,
        idempotencyKey: randomUUID(),
        acceptTerms: true,
        captchaId: await solvedCaptcha(t, guest),
        captcha: 'abcd',
      });
      expect(saved.body.code, JSON.stringify(saved.body)).toBe('0');
      orderNo = saved.body.data.orderNo;
      bookingGrant = saved.body.data.orderToken;
      const found = await guest.post('/travelsky/ibe/queryOrderByOrderNo', {
        pnr: saved.body.data.pnr,
        surname: 'Chan',
      });
      limitedGrant = found.body.data.accessToken;
      const sent = await guest.post('/travelsky/user/testEmail', { email, purpose: 'register' });
      expect(sent.body.code, JSON.stringify(sent.body)).toBe('0');
      code = await latestCode(t, email);
      // Under the secret they were made with, they work.
      expect((await detail(t, bookingGrant)).code).toBe('0');
    } finally {
      await t.close();
    }
  });

  it('refuses a grant minted with the app secret, in the old derivation', async () => {
    const t = await withSecrets({ SERVER_SECRET: OLD });
    try {
      const key = createHmac('sha256', t.config.appSecret).update('wings/order-access-grant/v1').digest();
      const future = new Date(Date.now() + 60 * 60_000);
      const payload = Buffer.from(`${orderNo}\n${future.getTime()}`).toString('base64url');
      const forged = `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
      expect((await detail(t, forged)).code).toBe('CAS912');
      expect((await detail(t, signOrderGrant(key, orderNo, future, 'full'))).code).toBe('CAS912');
    } finally {
      await t.close();
    }
  });

  it('still honours what the previous secret made while SERVER_SECRET_PREVIOUS is set', async () => {
    const t = await withSecrets({ SERVER_SECRET: NEW, SERVER_SECRET_PREVIOUS: OLD });
    try {
      const full = await detail(t, bookingGrant);
      expect(full.code, JSON.stringify(full)).toBe('0');
      expect(full.data.view).toBe('full');
      // The scope survives the rotation: a limited grant stays limited.
      expect((await detail(t, limitedGrant)).data.view).toBe('limited');
      // The e-mail code sent before the rotation is still the code.
      const checked = await client(t).post('/travelsky/user/testRandomNumber', {
        email,
        purpose: 'register',
        code,
      });
      expect(checked.body, JSON.stringify(checked.body)).toMatchObject({ code: '0' });
      // A new grant is made with the new secret.
      const made = signOrderGrant(
        deriveKey(NEW, 'orderGrant'),
        orderNo,
        new Date(Date.now() + 60_000),
        'full',
      );
      expect((await detail(t, made)).code).toBe('0');
    } finally {
      await t.close();
    }
  });

  it('refuses them once the previous secret is removed', async () => {
    const t = await withSecrets({ SERVER_SECRET: NEW });
    try {
      expect((await detail(t, bookingGrant)).code).toBe('CAS912');
      expect((await detail(t, limitedGrant)).code).toBe('CAS912');
      const checked = await client(t).post('/travelsky/user/testRandomNumber', {
        email,
        purpose: 'register',
        code,
      });
      expect(checked.body.code).toBe('4003');
      const made = signOrderGrant(
        deriveKey(NEW, 'orderGrant'),
        orderNo,
        new Date(Date.now() + 60_000),
        'full',
      );
      expect((await detail(t, made)).code).toBe('0');
    } finally {
      await t.close();
    }
  });
});
