import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appleTeamKey, startFakeApple, startFakeFacebook, startFakeWechat } from '../testing/fake-providers';
import { AppleProvider } from './apple.provider';
import { FacebookProvider } from './facebook.provider';
import { WechatProvider } from './wechat.provider';

const REDIRECT = 'https://wings.example/api/travelsky/thirdoauth/x/callback';

async function failure(p: Promise<unknown>): Promise<{ code: string; cause: string }> {
  const err = (await p.then(
    () => null,
    (e: unknown) => e,
  )) as { code?: string; cause?: { message?: string } } | null;
  expect(err).not.toBeNull();
  return { code: err?.code ?? '', cause: err?.cause?.message ?? '' };
}

describe('Facebook adapter', () => {
  const keys = { appId: 'fb-1', appSecret: 'fb-secret' };
  let fake: Awaited<ReturnType<typeof startFakeFacebook>>;
  beforeAll(async () => {
    fake = await startFakeFacebook(keys);
  });
  afterAll(() => fake.close());
  const adapter = (appSecret = keys.appSecret) =>
    new FacebookProvider({ appId: keys.appId, appSecret, authUrl: fake.url, graphUrl: fake.url });

  it('reads id, name and e-mail with a valid appsecret_proof', async () => {
    const code = fake.grant({ id: '10001', name: 'Sok Dara', email: 'Dara@Example.com' }, REDIRECT);
    expect(await adapter().exchange(code, REDIRECT)).toEqual({
      subject: '10001',
      email: 'dara@example.com',
      emailVerified: true,
      displayName: 'Sok Dara',
    });
  });

  it('has no e-mail when Facebook gives none', async () => {
    const code = fake.grant({ id: '10002', name: 'No Mail' }, REDIRECT);
    expect(await adapter().exchange(code, REDIRECT)).toMatchObject({ email: null, emailVerified: false });
  });

  it('fails as 4010 on a used code or a redirect_uri mismatch', async () => {
    const code = fake.grant({ id: '10003', name: 'X' }, REDIRECT);
    expect((await failure(adapter().exchange(code, 'https://other.example/cb'))).code).toBe('4010');
    expect((await failure(adapter().exchange(code, REDIRECT))).code).toBe('4010');
  });

  it('is refused by /me when the appsecret_proof is signed with the wrong secret', async () => {
    const token = fake.sdkToken({ id: '10004', name: 'Y' });
    const f = await failure(
      new FacebookProvider({
        ...keys,
        authUrl: fake.url,
        graphUrl: fake.url,
        appSecret: 'wrong',
      }).verifyAccessToken(token),
    );
    expect(f.code).toBe('4010');
  });
});

describe('WeChat adapter', () => {
  const keys = { appId: 'wx-1', appSecret: 'wx-secret' };
  let fake: Awaited<ReturnType<typeof startFakeWechat>>;
  beforeAll(async () => {
    fake = await startFakeWechat(keys);
  });
  afterAll(() => fake.close());
  const adapter = (appSecret = keys.appSecret) =>
    new WechatProvider({ appId: keys.appId, appSecret, authUrl: fake.url, apiUrl: fake.url });

  it('prefers the unionid and never has an e-mail', async () => {
    const code = fake.grant({ openid: 'o-1', unionid: 'u-1', nickname: '小明' });
    expect(await adapter().exchange(code)).toEqual({
      subject: 'union:u-1',
      email: null,
      emailVerified: false,
      displayName: '小明',
    });
    expect((await adapter().exchange(fake.grant({ openid: 'o-2', nickname: 'A' }))).subject).toBe('open:o-2');
  });

  it('turns an errcode reply (HTTP 200) into 4010', async () => {
    const f = await failure(adapter().exchange('expired'));
    expect(f).toMatchObject({ code: '4010' });
    expect(f.cause).toContain('40029');
    expect(
      (await failure(adapter('bad-secret').exchange(fake.grant({ openid: 'o', nickname: 'n' })))).cause,
    ).toContain('40125');
  });
});

describe('Apple adapter', () => {
  const ids = { clientId: 'com.wings.web', teamId: 'TEAM1', keyId: 'KEY1' };
  let fake: Awaited<ReturnType<typeof startFakeApple>>;
  let pem: string;
  beforeAll(async () => {
    const team = await appleTeamKey();
    pem = team.pem;
    fake = await startFakeApple({ ...ids, teamPublicKey: team.publicKey });
  });
  afterAll(() => fake.close());
  const adapter = (privateKey = pem) => new AppleProvider({ ...ids, privateKey, authUrl: fake.url });

  it('verifies the id_token against the JWKS and reads the verified e-mail', async () => {
    const code = fake.grant(
      { sub: 'apple-1', email: 'a@example.com', emailVerified: true },
      REDIRECT,
      'nonce-1',
    );
    expect(await adapter().exchange(code, REDIRECT, 'nonce-1')).toEqual({
      subject: 'apple-1',
      email: 'a@example.com',
      emailVerified: true,
      displayName: null,
    });
  });

  it('refuses a nonce mismatch, a tampered token and a token signed by another key', async () => {
    const code = fake.grant({ sub: 'apple-2' }, REDIRECT, 'nonce-a');
    expect((await failure(adapter().exchange(code, REDIRECT, 'nonce-b'))).cause).toContain('nonce');
    try {
      fake.state.tamper = 'payload';
      const c1 = fake.grant({ sub: 'apple-3' }, REDIRECT);
      expect((await failure(adapter().exchange(c1, REDIRECT))).cause).toContain('did not verify');
      fake.state.tamper = 'key';
      const c2 = fake.grant({ sub: 'apple-4' }, REDIRECT);
      expect((await failure(adapter().exchange(c2, REDIRECT))).cause).toContain('did not verify');
    } finally {
      fake.state.tamper = false;
    }
  });

  it('is refused by the token endpoint when the client secret is signed with another key', async () => {
    const other = await appleTeamKey();
    const code = fake.grant({ sub: 'apple-5' }, REDIRECT);
    expect((await failure(adapter(other.pem).exchange(code, REDIRECT))).cause).toContain('invalid_client');
  });
});
