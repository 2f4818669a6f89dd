import type { Envelope, MemberEnvelope } from '@wings/contracts';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from './access-token';
import { clientHooks, configureApiClient } from './client-hooks';
import { apiRequest } from './http-client';

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

  test('handles CAF9999 as the login expiry: logs out and toasts once', async () => {
    const onLoginExpired = vi.fn();
    configureApiClient({ onLoginExpired });
    replies = [() => memberReply('CAF9999', null, 'expired')];
    await expect(apiRequest('/fqt/consumer/user/queryUserBaseInfo')).rejects.toMatchObject({
      code: 'CAF9999',
    });
    expect(onLoginExpired).toHaveBeenCalledOnce();
    expect(toast).toHaveBeenCalledExactlyOnceWith('t:session.expired');
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
