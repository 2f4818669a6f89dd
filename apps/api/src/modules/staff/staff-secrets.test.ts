import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownDatabase, TEST_SERVER_SECRET } from '../../../test/helpers';
import { passwordThenCode, signInStaff } from '../../../test/support/staff';
import { serverKeys } from '../../platform/secrets';
import { SecretBox } from './staff.secrets';

const NEW_SECRET = 'the-new-server-secret-0123456789-abcdefgh';

describe('TOTP secrets at rest', () => {
  it('seals with AES-GCM under the server secret, and refuses a tampered or foreign box', () => {
    const box = new SecretBox(
      serverKeys({ serverSecret: TEST_SERVER_SECRET, serverSecretPrevious: undefined }).staffTotp,
    );
    const sealed = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DP');
    expect(box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const parts = sealed.split(':');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(box.open([parts[0], parts[1], parts[2], body.toString('base64url')].join(':'))).toBeNull();
    const other = new SecretBox(
      serverKeys({ serverSecret: NEW_SECRET, serverSecretPrevious: undefined }).staffTotp,
    );
    expect(other.open(sealed)).toBeNull();
    // The key is the staff TOTP purpose's own: another purpose's key of the same secret does not open it.
    const orderGrant = serverKeys({
      serverSecret: TEST_SERVER_SECRET,
      serverSecretPrevious: undefined,
    }).orderGrant;
    expect(new SecretBox(orderGrant).open(sealed)).toBeNull();
  });

  describe('a rotation of SERVER_SECRET', () => {
    let own: Awaited<ReturnType<typeof ownDatabase>>;
    beforeAll(async () => {
      own = await ownDatabase();
    }, 120_000);
    afterAll(() => own.drop());

    it('seals every secret anew at start, so members keep their authenticator once the old secret is gone', async () => {
      const before = await createTestApp({ databaseUrl: own.url });
      const member = await signInStaff(before, ['agent']);
      await before.close();

      const during = await createTestApp({
        databaseUrl: own.url,
        env: { SERVER_SECRET: NEW_SECRET, SERVER_SECRET_PREVIOUS: TEST_SERVER_SECRET },
      });
      await during.close();

      const after = await createTestApp({ databaseUrl: own.url, env: { SERVER_SECRET: NEW_SECRET } });
      try {
        const { login, verify } = await passwordThenCode(
          after,
          { email: member.staff.email, password: member.password },
          () => member.totpSecret,
          { at: new Date(Date.now() + 30_000) },
        );
        expect(login.stage).toBe('totp');
        expect(verify.json().code).toBe('0');
      } finally {
        await after.close();
      }
    }, 60_000);

    it('never lets the password alone enrol a new authenticator when no key opens the secret', async () => {
      const before = await createTestApp({ databaseUrl: own.url });
      const member = await signInStaff(before, ['finance']);
      await before.close();
      const lost = await createTestApp({
        databaseUrl: own.url,
        env: { SERVER_SECRET: 'a-third-server-secret-nobody-kept-0123456' },
      });
      try {
        const { login, verify } = await passwordThenCode(
          lost,
          { email: member.staff.email, password: member.password },
          () => member.totpSecret,
          { at: new Date(Date.now() + 30_000) },
        );
        expect(login.stage).toBe('totp');
        expect(verify.json().code).toBe('4020');
      } finally {
        await lost.close();
      }
    }, 60_000);
  });
});
