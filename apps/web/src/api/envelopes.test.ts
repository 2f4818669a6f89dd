import {
  CLIENT_SOURCE_HEADER as CONTRACT_CLIENT_SOURCE_HEADER,
  MEMBER_TOKEN_HEADER as CONTRACT_MEMBER_TOKEN_HEADER,
  type Envelope,
  type MemberEnvelope,
} from '@wings/contracts';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from './access-token';
import { clientHooks, configureApiClient } from './client-hooks';
import { apiRequest, CLIENT_SOURCE_HEADER, MEMBER_TOKEN_HEADER } from './http-client';

// The adapters themselves are tested with the shared client (packages/api-client/src/envelopes.test.ts);
// here, the traveller app's client on the member layer.

const TOKEN_PATH = '/api/travelsky/common/getAccessToken';

/** Replies as the layers send them (the contracts' envelope types). */
const mainReply = (code: string, data: unknown = null, message = 'msg'): Envelope<unknown> => ({
  code,
  message,
  data,
});
const memberReply = (status: string, data: unknown = null, message = 'msg'): MemberEnvelope<unknown> => ({
  status,
  message,
  data,
});

describe('the client on the member layer', () => {
  const toast = vi.fn();
  const saved = { ...clientHooks };
  let replies: Array<(path: string, init?: RequestInit) => unknown>;
  const sent: Array<{ path: string; body: unknown }> = [];

  beforeEach(() => {
    toast.mockReset();
    sent.length = 0;
    configureApiClient({ toast, translate: (key) => `t:${key}`, language: () => 'en' });
    localStorage.setItem(
      ACCESS_TOKEN_KEY,
      JSON.stringify({ token: 'tok', expiresAt: Date.now() + 3_600_000 }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        sent.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
        const reply =
          path === TOKEN_PATH
            ? mainReply('0', { access_token: 'new', expires_in: 7200 })
            : replies.shift()?.(path, init);
        return new Response(JSON.stringify(reply), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    configureApiClient(saved);
    vi.unstubAllGlobals();
  });

  test('unwraps a member success to its data and sends the body as it is', async () => {
    replies = [() => memberReply('200', { card: 'CA1' })];
    await expect(apiRequest('/fqt/consumer/home/queryUserInfo', { body: { a: 1 } })).resolves.toEqual({
      card: 'CA1',
    });
    expect(sent).toEqual([{ path: '/api/fqt/consumer/home/queryUserInfo', body: { a: 1 } }]);
    expect(toast).not.toHaveBeenCalled();
  });

  test('handles CAF9999 as the member login expiry: the member hook, not the app logout, and one toast', async () => {
    const onLoginExpired = vi.fn();
    const onMemberLoginExpired = vi.fn();
    configureApiClient({ onLoginExpired, onMemberLoginExpired });
    replies = [() => memberReply('CAF9999', null, 'expired')];
    await expect(apiRequest('/fqt/consumer/user/queryUserBaseInfo')).rejects.toMatchObject({
      code: 'CAF9999',
    });
    expect(onMemberLoginExpired).toHaveBeenCalledOnce();
    expect(onLoginExpired).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledExactlyOnceWith('t:members.login_expired');
  });

  test('a 600 of the main layer still ends the app login, not the member session', async () => {
    const onLoginExpired = vi.fn();
    const onMemberLoginExpired = vi.fn();
    configureApiClient({ onLoginExpired, onMemberLoginExpired });
    replies = [() => mainReply('600', null, 'expired')];
    await expect(apiRequest('/travelsky/user/getMember/u1')).rejects.toMatchObject({ code: '600' });
    expect(onLoginExpired).toHaveBeenCalledOnce();
    expect(onMemberLoginExpired).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledExactlyOnceWith('t:session.expired');
  });

  test('member calls carry the member token and the client source; main calls do not', async () => {
    const heard: Array<Record<string, string>> = [];
    configureApiClient({ memberToken: () => 'vip-1', sessionToken: () => 'session-1' });
    replies = [
      (_p, init) => {
        heard.push(init?.headers as Record<string, string>);
        return memberReply('200', null);
      },
      (_p, init) => {
        heard.push(init?.headers as Record<string, string>);
        return mainReply('0', null);
      },
    ];
    await apiRequest('/fqt/consumer/home/queryUserInfo', { body: {} });
    await apiRequest('/travelsky/user/getMember/u1');
    expect(heard[0]).toMatchObject({ vipToken: 'vip-1', clientSource: 'CA-H5', token: 'session-1' });
    expect(heard[1]).toMatchObject({ token: 'session-1' });
    expect(heard[1]).not.toHaveProperty('vipToken');
    expect(heard[1]).not.toHaveProperty('clientSource');
  });

  test('without a member session a member call goes without vipToken', async () => {
    let heard: Record<string, string> = {};
    configureApiClient({ memberToken: () => null });
    replies = [
      (_p, init) => {
        heard = init?.headers as Record<string, string>;
        return memberReply('200', null);
      },
    ];
    await apiRequest('/fqt/consumer/login', { body: {} });
    expect(heard).not.toHaveProperty('vipToken');
    expect(heard.clientSource).toBe('CA-H5');
  });

  test("the header names are the contracts'", () => {
    expect(MEMBER_TOKEN_HEADER).toBe(CONTRACT_MEMBER_TOKEN_HEADER);
    expect(CLIENT_SOURCE_HEADER).toBe(CONTRACT_CLIENT_SOURCE_HEADER);
  });

  test('renews the access token on status 2007 and replays', async () => {
    replies = [() => memberReply('2007'), () => memberReply('200', 'again')];
    await expect(apiRequest('/fqt/consumer/user/queryUserBaseInfo')).resolves.toBe('again');
    expect(sent.map((s) => s.path)).toEqual([
      '/api/fqt/consumer/user/queryUserBaseInfo',
      TOKEN_PATH,
      '/api/fqt/consumer/user/queryUserBaseInfo',
    ]);
  });

  test('toasts a member failure with its message and keeps its code', async () => {
    replies = [() => memberReply('4002', null, 'Already registered')];
    await expect(apiRequest('/fqt/consumer/register', { body: {} })).rejects.toMatchObject({
      code: '4002',
      message: 'Already registered',
    });
    expect(toast).toHaveBeenCalledWith('Already registered');
  });
});
