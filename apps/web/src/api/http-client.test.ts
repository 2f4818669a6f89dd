import { ApiError } from '@wings/api-client';
import { signParams } from '@wings/rules';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ok } from '../test/fake-api';
import { ACCESS_TOKEN_KEY } from './access-token';
import { clientHooks, configureApiClient } from './client-hooks';
import { apiRequest } from './http-client';

const TOKEN_PATH = '/api/travelsky/common/getAccessToken';

interface Sent {
  path: string;
  headers: Record<string, string>;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function storeToken(token: string) {
  localStorage.setItem(ACCESS_TOKEN_KEY, JSON.stringify({ token, expiresAt: Date.now() + 3_600_000 }));
}

describe('API client', () => {
  const toast = vi.fn();
  const saved = { ...clientHooks };

  beforeEach(() => {
    toast.mockReset();
    configureApiClient({ toast, translate: (key) => `t:${key}`, language: () => 'km' });
  });
  afterEach(() => {
    configureApiClient(saved);
    vi.unstubAllGlobals();
  });

  function stubFetch(handler: (sent: Sent, init?: RequestInit) => Promise<Response> | Response) {
    const sent: Sent[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const s = {
          path: new URL(String(input), 'http://localhost').pathname,
          headers: { ...(init?.headers as Record<string, string>) },
        };
        sent.push(s);
        return handler(s, init);
      }),
    );
    return sent;
  }

  test('renews the access token once for concurrent 2007 replies and replays every call', async () => {
    storeToken('old-token');
    const sent = stubFetch(async ({ path, headers }) => {
      if (path === TOKEN_PATH) {
        await new Promise((r) => setTimeout(r, 20));
        return json(ok({ access_token: 'new-token', expires_in: 7200 }).body);
      }
      if (headers.Authorization === 'Bearer old-token') {
        return json({ code: '2007', message: 'The access token has expired.', data: null });
      }
      return json(ok({ path }).body);
    });

    const results = await Promise.all([
      apiRequest<{ path: string }>('/a'),
      apiRequest<{ path: string }>('/b'),
      apiRequest<{ path: string }>('/c'),
    ]);

    expect(results.map((r) => r.path)).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(sent.filter((s) => s.path === TOKEN_PATH)).toHaveLength(1);
    for (const p of ['/api/a', '/api/b', '/api/c']) {
      expect(sent.filter((s) => s.path === p).map((s) => s.headers.Authorization)).toEqual([
        'Bearer old-token',
        'Bearer new-token',
      ]);
    }
    expect(JSON.parse(localStorage.getItem(ACCESS_TOKEN_KEY) ?? '{}').token).toBe('new-token');
    expect(toast).not.toHaveBeenCalled();
  });

  test('obtains a token with signed headers when none is stored, and sends language and client source', async () => {
    const sent = stubFetch(({ path }) =>
      path === TOKEN_PATH ? json(ok({ access_token: 'tok', expires_in: 7200 }).body) : json(ok(null).body),
    );
    await apiRequest('/travelsky/ibe/getAirport');
    const tokenCall = sent[0];
    expect(tokenCall?.path).toBe(TOKEN_PATH);
    const h = tokenCall?.headers ?? {};
    expect(h.appId).toBe('wings-h5-demo');
    expect(h.signType).toBe('MD5');
    expect(h.timestamp).toMatch(/^\d{14}$/);
    expect(h.nonce?.length).toBeGreaterThanOrEqual(16);
    expect(h.sign).toBe(
      signParams(
        { appId: h.appId, nonce: h.nonce, timestamp: h.timestamp, signType: 'MD5' },
        'demo-secret-change-me',
      ),
    );
    expect(sent[1]?.headers).toMatchObject({
      language: '2',
      Authorization: 'Bearer tok',
      apiBkSource: 'CA-H5',
    });
  });

  test('shows the system error once renewal fails', async () => {
    storeToken('old-token');
    stubFetch(({ path }) =>
      path === TOKEN_PATH
        ? json({ code: '2001', message: 'bad sign', data: null })
        : json({ code: '2007', message: 'expired', data: null }),
    );
    await expect(apiRequest('/a')).rejects.toBeInstanceOf(ApiError);
    expect(toast).toHaveBeenCalledWith('t:system_error');
  });

  test('maps transport failures to the spec toasts', async () => {
    storeToken('tok');
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/a')).rejects.toMatchObject({ code: 'http:0' });
    expect(toast).toHaveBeenLastCalledWith('t:http.network');

    stubFetch(() => new Response('<html>busy</html>', { status: 503 }));
    await expect(apiRequest('/a')).rejects.toMatchObject({ code: 'http:503' });
    expect(toast).toHaveBeenLastCalledWith('t:http.503');

    stubFetch(() => new Response('', { status: 418 }));
    await expect(apiRequest('/a')).rejects.toMatchObject({ code: 'http:418' });
    expect(toast).toHaveBeenLastCalledWith('t:http.failed');
  });

  test('shows the message an error reply carries, with its field issues', async () => {
    storeToken('tok');
    stubFetch(() =>
      json(
        {
          code: '400',
          message: 'depDate: must be a date written YYYY-MM-DD',
          data: { fields: [{ field: 'depDate', key: 'invalid_request', message: 'must be a date' }] },
        },
        400,
      ),
    );
    const error = await apiRequest('/a', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fields[0]?.field).toBe('depDate');
    expect(toast).toHaveBeenCalledWith('depDate: must be a date written YYYY-MM-DD');
  });

  test('leaves quiet business codes to the page and toasts the others', async () => {
    storeToken('tok');
    stubFetch(() => json({ code: '204', message: 'No eligible flight', data: null }));
    await expect(apiRequest('/a', { quietCodes: ['204'] })).rejects.toMatchObject({ code: '204' });
    expect(toast).not.toHaveBeenCalled();
    await expect(apiRequest('/a')).rejects.toMatchObject({ code: '204' });
    expect(toast).toHaveBeenCalledWith('No eligible flight');
  });

  test('logs out and toasts on an expired login', async () => {
    storeToken('tok');
    const onLoginExpired = vi.fn();
    configureApiClient({ onLoginExpired });
    stubFetch(() => json({ code: 'CAC3002', message: 'expired', data: null }));
    await expect(apiRequest('/a')).rejects.toMatchObject({ code: 'CAC3002' });
    expect(onLoginExpired).toHaveBeenCalledOnce();
    expect(toast).toHaveBeenCalledWith('t:session.expired');
  });

  test('reads an expired login from data.status 600 as well (spec §7)', async () => {
    storeToken('tok');
    const onLoginExpired = vi.fn();
    configureApiClient({ onLoginExpired });
    stubFetch(() => json({ code: '9999', message: 'session gone', data: { status: 600 } }));
    await expect(apiRequest('/a')).rejects.toMatchObject({ code: '9999' });
    expect(onLoginExpired).toHaveBeenCalledOnce();
    expect(toast).toHaveBeenCalledWith('t:session.expired');
  });

  test('adds language and apiBkSource to an object body, keeps the body’s own fields, and leaves other bodies alone (spec §7)', async () => {
    storeToken('tok');
    const bodies: unknown[] = [];
    stubFetch((_sent, init) => {
      bodies.push(typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body);
      return json(ok(null).body);
    });
    await apiRequest('/a', { method: 'POST', body: { orderNo: 'WC1' } });
    await apiRequest('/b', { method: 'POST', body: { email: 'a@b.co', language: 0 } });
    await apiRequest('/c', { method: 'POST', body: [1, 2] });
    await apiRequest('/d');
    // The client is in Khmer (2) here.
    expect(bodies).toEqual([
      { language: 2, apiBkSource: 'CA-H5', orderNo: 'WC1' },
      { language: 0, apiBkSource: 'CA-H5', email: 'a@b.co' },
      [1, 2],
      undefined,
    ]);
  });

  test('words a failure once the server’s messages are in, never with a bare key', async () => {
    storeToken('tok');
    stubFetch(() => json({ code: '301', message: '', data: null }));
    const texts: { in: boolean; release: (() => void) | null } = { in: false, release: null };
    configureApiClient({
      translate: (key) => (texts.in ? `t:${key}` : key),
      textsReady: () =>
        new Promise<void>((resolve) => {
          texts.release = () => {
            texts.in = true;
            resolve();
          };
        }),
    });
    const call = apiRequest('/travelsky/ibe/queryFlight', { body: {} });
    const settled = vi.fn();
    call.catch(settled);
    // The reply is in and the client now waits for the texts: nothing is worded or shown yet.
    await vi.waitFor(() => expect(texts.release).not.toBeNull());
    expect(settled).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    texts.release?.();
    await expect(call).rejects.toMatchObject({ code: '301', message: 't:flight_not_found' });
    expect(toast).toHaveBeenCalledWith('t:flight_not_found');
  });

  test('shows the server’s message, and spec §8’s message of the call for a code that comes without one', async () => {
    storeToken('tok');
    stubFetch(({ path }) =>
      path.includes('getPayUrl')
        ? json({ code: '204', message: '', data: null })
        : path.endsWith('sendEItineraryByOrder')
          ? json({ code: '608', message: '', data: null })
          : path.endsWith('queryFlight')
            ? json({ code: '301', message: '', data: null })
            : path.endsWith('saveTicketOrder')
              ? json({
                  code: '609',
                  message: 'Only Cambodia, China, Thailand without logging in.',
                  data: null,
                })
              : json({ code: '204', message: '', data: null }),
    );
    await expect(apiRequest('/travelsky/payment/getPayUrl/WC123', { body: {} })).rejects.toMatchObject({
      code: '204',
      message: 't:system_error',
    });
    await expect(apiRequest('/travelsky/ibe/sendEItineraryByOrder', { body: {} })).rejects.toMatchObject({
      message: 't:itinerary.unpaid',
    });
    await expect(apiRequest('/travelsky/ibe/queryFlight', { body: {} })).rejects.toMatchObject({
      code: '301',
      message: 't:flight_not_found',
    });
    // The server's text (spec §8's, with its parameters filled) is shown as it came.
    await expect(apiRequest('/travelsky/ibe/saveTicketOrder', { body: {} })).rejects.toMatchObject({
      message: 'Only Cambodia, China, Thailand without logging in.',
    });
    // A call the spec maps nothing for shows the code's own message.
    await expect(apiRequest('/travelsky/ibe/chooseFlight', { body: {} })).rejects.toMatchObject({
      message: 't:flight_not_found',
    });
    expect(toast.mock.calls.map((c) => c[0])).toEqual([
      't:system_error',
      't:itinerary.unpaid',
      't:flight_not_found',
      'Only Cambodia, China, Thailand without logging in.',
      't:flight_not_found',
    ]);
  });
});
