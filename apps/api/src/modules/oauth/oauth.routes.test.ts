import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { appleTeamKey, startFakeApple, startFakeFacebook, startFakeWechat } from './testing/fake-providers';

const FB = { appId: 'fb-app-1', appSecret: 'fb-secret-0123456789' };
const WX = { appId: 'wx-app-1', appSecret: 'wx-secret-0123456789' };
const APPLE = { clientId: 'com.wings.web', teamId: 'TEAM123456', keyId: 'KEY1234567' };
const CALLBACK_PAGE = '/#/pages/more/oauth-callback/oauth-callback?';

const unique = (p: string) => `${p}-${randomUUID().slice(0, 8)}`;

describe('third-party login against local fake providers', () => {
  let t: TestApp;
  let facebook: Awaited<ReturnType<typeof startFakeFacebook>>;
  let wechat: Awaited<ReturnType<typeof startFakeWechat>>;
  let apple: Awaited<ReturnType<typeof startFakeApple>>;

  beforeAll(async () => {
    const team = await appleTeamKey();
    facebook = await startFakeFacebook(FB);
    wechat = await startFakeWechat(WX);
    apple = await startFakeApple({ ...APPLE, teamPublicKey: team.publicKey });
    t = await createTestApp({
      env: {
        OAUTH_SANDBOX: 'false',
        FACEBOOK_APP_ID: FB.appId,
        FACEBOOK_APP_SECRET: FB.appSecret,
        FACEBOOK_AUTH_URL: facebook.url,
        FACEBOOK_GRAPH_URL: facebook.url,
        WECHAT_APP_ID: WX.appId,
        WECHAT_APP_SECRET: WX.appSecret,
        WECHAT_AUTH_URL: wechat.url,
        WECHAT_API_URL: wechat.url,
        APPLE_CLIENT_ID: APPLE.clientId,
        APPLE_TEAM_ID: APPLE.teamId,
        APPLE_KEY_ID: APPLE.keyId,
        APPLE_PRIVATE_KEY: team.pem.replace(/\n/g, '\\n'),
        APPLE_AUTH_URL: apple.url,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([facebook?.close(), wechat?.close(), apple?.close()]);
  });

  async function authorize(provider: string, query: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/travelsky/thirdoauth/${provider}/authorize?${new URLSearchParams(query)}`,
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    return {
      location,
      state: location.searchParams.get('state') as string,
      redirectUri: (location.searchParams.get('redirect_uri') ?? '') as string,
    };
  }

  /** The app URL the callback sends the browser to, as its query. */
  function appRedirect(location: string | undefined): URLSearchParams {
    expect(location?.startsWith(CALLBACK_PAGE)).toBe(true);
    return new URLSearchParams((location as string).slice(CALLBACK_PAGE.length));
  }

  async function callback(provider: string, query: Record<string, string>) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/travelsky/thirdoauth/${provider}/callback?${new URLSearchParams(query)}`,
    });
    expect(res.statusCode).toBe(302);
    return appRedirect(res.headers.location as string);
  }

  async function login(body: Record<string, string>) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/thirdoauth/login',
      headers: t.headers(),
      payload: body,
    });
    return res.json();
  }

  async function facebookSignIn(person: { id: string; name: string; email?: string }) {
    const nonce = randomBytes(16).toString('hex');
    const { state, redirectUri } = await authorize('facebook', { nonce });
    const back = await callback('facebook', { code: facebook.grant(person, redirectUri), state });
    return login({ ticket: back.get('ticket') as string, nonce });
  }

  async function wechatSignIn(person: { openid: string; unionid?: string; nickname: string }) {
    const { state } = await authorize('wechat');
    const back = await callback('wechat', { code: wechat.grant(person), state });
    return login({ ticket: back.get('ticket') as string });
  }

  async function appleSignIn(person: {
    sub: string;
    email?: string;
    emailVerified?: boolean;
    privateEmail?: boolean;
  }) {
    const { location, state, redirectUri } = await authorize('apple');
    const code = apple.grant(person, redirectUri, location.searchParams.get('nonce') ?? undefined);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/thirdoauth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        code,
        state,
        user: JSON.stringify({ name: { firstName: 'Sok', lastName: 'Dara' } }),
      }).toString(),
    });
    expect(res.statusCode).toBe(303);
    return appRedirect(res.headers.location as string);
  }

  async function bindCode(email: string, session: string): Promise<string> {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/user/testEmail',
      // A client address of its own, so the per-IP code limit is not shared with other test files.
      headers: t.headers({
        token: session,
        'x-forwarded-for': `10.77.${randomBytes(1)[0]}.${1 + ((randomBytes(1)[0] as number) % 250)}`,
      }),
      payload: { email, purpose: 'bind' },
    });
    expect(sent.json().code).toBe('0');
    const box = await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(email)}` });
    const text: string = box.json().data.messages[0].text;
    return /\b(\d{6})\b/.exec(text)?.[1] as string;
  }

  it('sends the browser to the provider with a stored state, following each documented authorize URL', async () => {
    const fb = await authorize('facebook', { returnTo: '/pages/tab-bar/vip/vip' });
    expect(`${fb.location.origin}${fb.location.pathname}`).toBe(`${facebook.url}/v19.0/dialog/oauth`);
    expect(fb.location.searchParams.get('client_id')).toBe(FB.appId);
    expect(fb.location.searchParams.get('scope')).toBe('email');
    expect(fb.redirectUri).toMatch(/\/api\/travelsky\/thirdoauth\/facebook\/callback$/);
    expect(fb.state).toMatch(/^[\w-]{40,}$/);

    const wx = await authorize('wechat');
    expect(wx.location.pathname).toBe('/connect/qrconnect');
    expect(wx.location.hash).toBe('#wechat_redirect');
    expect(wx.location.searchParams.get('appid')).toBe(WX.appId);
    expect(wx.location.searchParams.get('scope')).toBe('snsapi_login');
    expect(wx.location.searchParams.get('response_type')).toBe('code');

    const ap = await authorize('apple');
    expect(ap.location.pathname).toBe('/auth/authorize');
    expect(ap.location.searchParams.get('response_mode')).toBe('form_post');
    expect(ap.location.searchParams.get('scope')).toBe('name email');
    expect(ap.location.search).toContain('scope=name%20email');
    expect(ap.location.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/);
  });

  it('signs in with Facebook: first login creates the user and identity, the second finds them', async () => {
    const person = { id: unique('fb'), name: 'Chan Sophea', email: `${unique('sophea')}@example.com` };
    const nonce = randomBytes(16).toString('hex');
    const { state, redirectUri } = await authorize('facebook', { returnTo: '/pages/tab-bar/vip/vip', nonce });
    const back = await callback('facebook', { code: facebook.grant(person, redirectUri), state });
    expect(back.get('provider')).toBe('facebook');
    expect(back.get('returnTo')).toBe('/pages/tab-bar/vip/vip');
    const ticket = back.get('ticket') as string;

    const first = await login({ ticket, nonce });
    expect(first.code).toBe('0');
    expect(first.data.needsEmail).toBe(false);
    expect(first.data.token).toBeTruthy();
    expect(first.data.user).toMatchObject({ email: person.email, emailVerified: true, hasPassword: false });
    expect(first.data.user.linkedProviders).toEqual(['facebook']);

    // The ticket logs in once.
    expect((await login({ ticket, nonce })).code).toBe('4010');

    const second = await facebookSignIn(person);
    expect(second.code).toBe('0');
    expect(second.data.user.id).toBe(first.data.user.id);
    const { rows } = await t.database.pool.query(
      "select count(*)::int as n from user_identities where provider = 'facebook' and subject = $1",
      [person.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses a wrong or reused state, and a ticket shown without its nonce', async () => {
    const person = { id: unique('fb'), name: 'Keo Vanna', email: `${unique('vanna')}@example.com` };
    const { state, redirectUri } = await authorize('facebook', { nonce: 'n'.repeat(32) });

    const wrong = await callback('facebook', {
      code: facebook.grant(person, redirectUri),
      state: 'forged-state',
    });
    expect(wrong.get('error')).toBe('invalid_state');
    expect(wrong.get('ticket')).toBeNull();

    // A state is bound to its provider.
    const crossed = await callback('wechat', { code: 'x', state });
    expect(crossed.get('error')).toBe('invalid_state');
    // ...and was used up by that attempt.
    const reused = await callback('facebook', { code: facebook.grant(person, redirectUri), state });
    expect(reused.get('error')).toBe('invalid_state');

    const fresh = await authorize('facebook', { nonce: 'n'.repeat(32) });
    const ok = await callback('facebook', {
      code: facebook.grant(person, fresh.redirectUri),
      state: fresh.state,
    });
    const ticket = ok.get('ticket') as string;
    expect((await login({ ticket })).code).toBe('4010');
    expect((await login({ ticket, nonce: 'm'.repeat(32) })).code).toBe('4010');
    const again = await callback('facebook', { code: 'whatever', state: fresh.state });
    expect(again.get('error')).toBe('invalid_state');
  });

  it('sends the app access_denied when the traveller denies, and oauth_failed when the provider refuses', async () => {
    const denied = await authorize('facebook', { returnTo: '/pages/tab-bar/vip/vip' });
    const back = await callback('facebook', {
      error: 'access_denied',
      error_reason: 'user_denied',
      state: denied.state,
    });
    expect(back.get('error')).toBe('access_denied');
    expect(back.get('returnTo')).toBe('/pages/tab-bar/vip/vip');

    const bad = await authorize('facebook');
    const refused = await callback('facebook', { code: 'not-a-code', state: bad.state });
    expect(refused.get('error')).toBe('oauth_failed');

    // WeChat answers errors as errcode with HTTP 200.
    const wx = await authorize('wechat');
    const wxRefused = await callback('wechat', { code: 'expired-code', state: wx.state });
    expect(wxRefused.get('error')).toBe('oauth_failed');
  });

  it('answers 4010 oauth_failed when Facebook refuses a code handed over by the client', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/thirdoauth/facebook/getAccessToken',
      headers: t.headers(),
      payload: { code: 'bogus', redirectUri: 'https://app.example.com/fb' },
    });
    expect(res.json().code).toBe('4010');
    expect(res.json().message).toBeTruthy();
  });

  it('exchanges a Facebook code from a client-side redirect for a session', async () => {
    const person = { id: unique('fb'), name: 'Lim Dara', email: `${unique('dara')}@example.com` };
    const redirectUri = 'https://app.example.com/fb-return';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/thirdoauth/facebook/getAccessToken',
      headers: t.headers(),
      payload: { code: facebook.grant(person, redirectUri), redirectUri },
    });
    const body = res.json();
    expect(body.code).toBe('0');
    expect(body.data.user.email).toBe(person.email);
    expect(body.data.needsEmail).toBe(false);
  });

  it('signs in with a native Facebook SDK access token, and refuses one issued to another app', async () => {
    const person = { id: unique('fb'), name: 'Heng Mony', email: `${unique('mony')}@example.com` };
    const ok = await login({ provider: 'facebook', accessToken: facebook.sdkToken(person) });
    expect(ok.code).toBe('0');
    expect(ok.data.user.email).toBe(person.email);
    const again = await facebookSignIn(person);
    expect(again.data.user.id).toBe(ok.data.user.id);

    const foreign = await login({
      provider: 'facebook',
      accessToken: facebook.sdkToken(person, 'another-app'),
    });
    expect(foreign.code).toBe('4010');
  });

  it('needs a session for the binding calls (600 without one)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/thirdoauth/checkBindEmail',
      headers: t.headers(),
      payload: { email: 'a@example.com' },
    });
    expect(res.json().code).toBe('600');
  });

  it('WeChat gives no e-mail: needsEmail, then binding with a code, then later logins have the e-mail', async () => {
    const person = { openid: unique('openid'), unionid: unique('union'), nickname: '小明' };
    const first = await wechatSignIn(person);
    expect(first.code).toBe('0');
    expect(first.data.needsEmail).toBe(true);
    expect(first.data.user.email).toBeNull();
    expect(first.data.user.linkedProviders).toEqual(['wechat']);

    const email = `${unique('xiaoming')}@example.com`;
    const session = first.data.token as string;
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/thirdoauth/checkBindEmail',
      headers: t.headers({ token: session }),
      payload: { email },
    });
    expect(check.json()).toMatchObject({ code: '0', data: { bindable: true, existingAccount: false } });

    const code = await bindCode(email, session);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/user/associateEmail',
      headers: t.headers({ token: session }),
      payload: { email, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.json().code).toBe('4003');

    const bound = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/user/associateEmail',
      headers: t.headers({ token: session }),
      payload: { email, code },
    });
    const body = bound.json();
    expect(body.code).toBe('0');
    expect(body.data.needsEmail).toBe(false);
    expect(body.data.user).toMatchObject({ id: first.data.user.id, email, emailVerified: true });
    expect(body.data.token).not.toBe(session);

    // The session the call came with is revoked; the new one works.
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/thirdoauth/checkBindEmail',
      headers: t.headers({ token: session }),
      payload: { email },
    });
    expect(old.json().code).toBe('600');

    const later = await wechatSignIn(person);
    expect(later.data.user.id).toBe(first.data.user.id);
    expect(later.data.user.email).toBe(email);
    expect(later.data.needsEmail).toBe(false);
  });

  it('binding the e-mail of an existing account moves the WeChat sign-in onto that account', async () => {
    const email = `${unique('owner')}@example.com`;
    const ownerId = await t.app.accounts.createUserFromIdentity({ email, emailVerified: true, language: 1 });

    const person = { openid: unique('openid'), nickname: 'Bopha' };
    const first = await wechatSignIn(person);
    expect(first.data.needsEmail).toBe(true);
    const session = first.data.token as string;

    const check = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/thirdoauth/checkBindEmail',
      headers: t.headers({ token: session }),
      payload: { email },
    });
    expect(check.json().data).toEqual({ bindable: true, existingAccount: true });

    // A passenger saved before binding follows the sign-in to the owner's account.
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/user/memberpassenger/insert',
      headers: t.headers({ token: session }),
      payload: {
        surname: 'Chan',
        givenName: 'Bopha',
        passengerType: 1,
        title: 1,
        gender: 1,
        nationality: 'KH',
        birthday: '1992-04-14',
        docType: 1,
        docNumber: 'N7654321',
        docExpiry: '2031-01-01',
      },
    });
    expect(saved.json().code).toBe('0');

    const code = await bindCode(email, session);
    const merged = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/user/associateEmail',
      headers: t.headers({ token: session }),
      payload: { email, code },
    });
    expect(merged.json().code).toBe('0');
    expect(merged.json().data.user.id).toBe(ownerId);
    expect(merged.json().data.user.linkedProviders).toContain('wechat');
    const passengers = await t.app.inject({
      url: `/api/travelsky/user/memberpassenger/selectByMemberId/${ownerId}`,
      headers: t.headers({ token: merged.json().data.token }),
    });
    expect(passengers.json().data.passengers.map((p: { surname: string }) => p.surname)).toContain('CHAN');
    const leftover = await t.database.pool.query('select 1 from users where id = $1', [first.data.user.id]);
    expect(leftover.rowCount).toBe(0);

    const later = await wechatSignIn(person);
    expect(later.data.user.id).toBe(ownerId);
    expect(later.data.needsEmail).toBe(false);
  });

  it('does not let an account with its own e-mail take another account’s address (4007)', async () => {
    const taken = `${unique('taken')}@example.com`;
    await t.app.accounts.createUserFromIdentity({ email: taken, emailVerified: true, language: 1 });
    const mine = await facebookSignIn({
      id: unique('fb'),
      name: 'Has Mail',
      email: `${unique('has')}@example.com`,
    });
    const session = mine.data.token as string;

    const check = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/thirdoauth/checkBindEmail',
      headers: t.headers({ token: session }),
      payload: { email: taken },
    });
    expect(check.json().data).toEqual({ bindable: false, existingAccount: true });

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/user/associateEmail',
      headers: t.headers({ token: session }),
      payload: { email: taken, code: '123456' },
    });
    expect(refused.json().code).toBe('4007');
  });

  it('signs in with Apple by form post; a verified e-mail links to the existing account', async () => {
    const email = `${unique('apple-owner')}@example.com`;
    const ownerId = await t.app.accounts.createUserFromIdentity({ email, emailVerified: true, language: 2 });

    const back = await appleSignIn({ sub: unique('apple'), email, emailVerified: true });
    expect(back.get('provider')).toBe('apple');
    const session = await login({ ticket: back.get('ticket') as string });
    expect(session.code).toBe('0');
    expect(session.data.user.id).toBe(ownerId);
    expect(session.data.user.linkedProviders).toEqual(['apple']);
    // The client secret was an ES256 JWT the fake verified with the team's public key.
    expect(apple.secrets.at(-1)?.split('.')).toHaveLength(3);

    const { rows } = await t.database.pool.query(
      "select display_name from user_identities where provider = 'apple' and user_id = $1",
      [ownerId],
    );
    expect(rows[0].display_name).toBe('Sok Dara');
  });

  it('does not link an unverified or hidden Apple e-mail to an account: the user starts without e-mail', async () => {
    const email = `${unique('victim')}@example.com`;
    const victimId = await t.app.accounts.createUserFromIdentity({ email, emailVerified: true, language: 1 });

    const unverified = await login({
      ticket: (await appleSignIn({ sub: unique('apple'), email, emailVerified: false })).get(
        'ticket',
      ) as string,
    });
    expect(unverified.data.user.id).not.toBe(victimId);
    expect(unverified.data.user.email).toBeNull();
    expect(unverified.data.needsEmail).toBe(true);

    const hidden = await login({
      ticket: (
        await appleSignIn({
          sub: unique('apple'),
          email: 'abc123@privaterelay.appleid.com',
          privateEmail: true,
        })
      ).get('ticket') as string,
    });
    expect(hidden.data.user.email).toBeNull();
    expect(hidden.data.needsEmail).toBe(true);
  });

  it('refuses a tampered Apple id_token', async () => {
    try {
      apple.state.tamper = 'payload';
      expect(
        (await appleSignIn({ sub: unique('apple'), email: `${unique('a')}@example.com` })).get('error'),
      ).toBe('oauth_failed');
      apple.state.tamper = 'key';
      expect(
        (await appleSignIn({ sub: unique('apple'), email: `${unique('a')}@example.com` })).get('error'),
      ).toBe('oauth_failed');
    } finally {
      apple.state.tamper = false;
    }
  });

  it('lists the providers, none of them the sandbox', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/travelsky/thirdoauth/providers',
      headers: t.headers(),
    });
    expect(res.json().data.providers).toEqual([
      { name: 'facebook', sandbox: false },
      { name: 'wechat', sandbox: false },
      { name: 'apple', sandbox: false },
    ]);
  });
});
