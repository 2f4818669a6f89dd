import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, fetchToken, type TestApp, testConfig } from '../../../test/helpers';
import { buildApp } from '../../app';
import { openDatabase } from '../../platform/db';

const CALLBACK_PAGE = '/#/pages/more/oauth-callback/oauth-callback?';

/** The hidden and named fields of the first form of an HTML page. */
function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[m[1] as string] = (m[2] as string)
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  return fields;
}

describe('sandbox identity provider (outside production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** authorize → consent page → the developer's decision; answers the response to the decision. */
  async function consent(
    provider: string,
    decision: Record<string, string>,
    returnTo = '/pages/tab-bar/vip/vip',
  ) {
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/travelsky/thirdoauth/${provider}/authorize?returnTo=${encodeURIComponent(returnTo)}`,
    });
    expect(start.statusCode).toBe(302);
    const to = new URL(start.headers.location as string);
    expect(to.pathname).toBe(`/api/dev/oauth/${provider}/authorize`);

    const page = await t.app.inject({ method: 'GET', url: `${to.pathname}${to.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Wings Airways');
    expect(page.body).toContain('value="allow"');
    expect(page.body).toContain('value="deny"');
    const hidden = formFields(page.body);
    return {
      page: page.body,
      answer: await t.app.inject({
        method: 'POST',
        url: `/api/dev/oauth/${provider}/authorize`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...hidden, ...decision }).toString(),
      }),
    };
  }

  async function followCallback(location: string): Promise<URLSearchParams> {
    const url = new URL(location);
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(302);
    const app = res.headers.location as string;
    expect(app.startsWith(CALLBACK_PAGE)).toBe(true);
    return new URLSearchParams(app.slice(CALLBACK_PAGE.length));
  }

  async function login(ticket: string) {
    return (
      await t.app.inject({
        method: 'POST',
        url: '/api/travelsky/thirdoauth/login',
        headers: t.headers(),
        payload: { ticket },
      })
    ).json();
  }

  it('works end to end for WeChat: consent page, callback, ticket, a session that needs an e-mail', async () => {
    const { page, answer } = await consent('wechat', { decision: 'allow', name: '小红' });
    expect(page).toContain('#07c160');
    expect(page).toContain('WeChat');
    expect(page).not.toContain('type="email"');
    expect(answer.statusCode).toBe(302);
    const back = await followCallback(answer.headers.location as string);
    expect(back.get('returnTo')).toBe('/pages/tab-bar/vip/vip');
    const session = await login(back.get('ticket') as string);
    expect(session.code).toBe('0');
    expect(session.data.needsEmail).toBe(true);
    expect(session.data.user.linkedProviders).toEqual(['wechat']);

    // The same WeChat person (same name in the sandbox) comes back to the same account.
    const again = await consent('wechat', { decision: 'allow', name: '小红' });
    const second = await login(
      (await followCallback(again.answer.headers.location as string)).get('ticket') as string,
    );
    expect(second.data.user.id).toBe(session.data.user.id);
  });

  it('works for Facebook with an e-mail, and Deny comes back as access_denied', async () => {
    const email = `sandbox-${Date.now()}@example.com`;
    const { page, answer } = await consent('facebook', { decision: 'allow', name: 'Sok Dara', email });
    expect(page).toContain('#1877f2');
    const session = await login(
      (await followCallback(answer.headers.location as string)).get('ticket') as string,
    );
    expect(session.data.user.email).toBe(email);
    expect(session.data.needsEmail).toBe(false);

    const denied = await consent('facebook', { decision: 'deny' });
    const back = await followCallback(denied.answer.headers.location as string);
    expect(back.get('error')).toBe('access_denied');
    expect(back.get('ticket')).toBeNull();
  });

  it('answers Apple by form post, as Apple does, with the name on the first sign-in', async () => {
    const { page, answer } = await consent('apple', {
      decision: 'allow',
      name: 'Chan Sophea',
      noEmail: 'on',
    });
    expect(page).toContain('Sign in with Apple');
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    const fields = formFields(answer.body);
    expect(fields.user).toContain('Sophea');
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/thirdoauth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(posted.statusCode).toBe(303);
    const back = new URLSearchParams((posted.headers.location as string).slice(CALLBACK_PAGE.length));
    const session = await login(back.get('ticket') as string);
    expect(session.data.needsEmail).toBe(true);
  });

  it('returns only to this API’s own callback', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dev/oauth/facebook/authorize?state=x&redirect_uri=https%3A%2F%2Fevil.example%2Fapi%2Ftravelsky%2Fthirdoauth%2Ffacebook%2Fcallback',
    });
    expect(res.statusCode).toBe(400);
  });

  it('lists every provider as the sandbox', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/travelsky/thirdoauth/providers',
      headers: t.headers(),
    });
    expect(res.json().data.providers).toEqual([
      { name: 'facebook', sandbox: true },
      { name: 'wechat', sandbox: true },
      { name: 'apple', sandbox: true },
    ]);
  });
});

describe('third-party login in production without keys', () => {
  it('has no sandbox routes, and authorize tells the app the provider is unavailable', async () => {
    const config = testConfig({
      NODE_ENV: 'production',
      APP_ID: 'wings-prod-test',
      APP_SECRET: 'a-production-secret-for-tests',
    });
    const database = openDatabase(inject('databaseUrl'), { error() {} }, 1);
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      const token = await fetchToken(app, config);
      const sandbox = await app.inject({
        method: 'GET',
        url: '/api/dev/oauth/wechat/authorize?state=x&redirect_uri=http%3A%2F%2Flocalhost%2F',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(sandbox.statusCode).toBe(404);
      const start = await app.inject({ method: 'GET', url: '/api/travelsky/thirdoauth/wechat/authorize' });
      expect(start.statusCode).toBe(302);
      // Production has its public address: the app's callback page is named absolutely.
      expect(start.headers.location).toBe(
        `https://fly.example${CALLBACK_PAGE}error=unavailable&provider=wechat`,
      );
    } finally {
      await app.close();
      await database.close();
    }
  });
});
