import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from './api-error';
import { clientHooks, configureClientHooks } from './client-hooks';
import { mainAdapter, staffAdapter } from './envelopes';
import { exchange, REQUEST_TIMEOUT_MS } from './request';

const saved = { ...clientHooks };
let calls: Array<{ url: string; init: RequestInit }>;

function replyWith(response: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return response();
    }),
  );
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  configureClientHooks({ language: () => 'km', translate: (key) => `t:${key}` });
});
afterEach(() => {
  configureClientHooks(saved);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('exchange', () => {
  test('sends JSON under /api with the language header and the call’s own headers', async () => {
    replyWith(() => json({ code: '0', message: 'ok', data: { id: 1 } }));
    const result = await exchange(
      '/admin/staff',
      { method: 'PUT', body: { name: 'A' }, headers: { 'x-wings-console': '1' } },
      staffAdapter,
    );
    expect(result).toEqual({ kind: 'ok', data: { id: 1 } });
    expect(calls[0]?.url).toBe('/api/admin/staff');
    expect(calls[0]?.init.method).toBe('PUT');
    expect(calls[0]?.init.headers).toEqual({
      'x-wings-console': '1',
      language: '2',
      'Content-Type': 'application/json',
    });
    expect(calls[0]?.init.body).toBe('{"name":"A"}');
  });

  test('a call without a body is a GET without a content type', async () => {
    replyWith(() => json({ code: '0', message: 'ok', data: null }));
    await exchange('/admin/auth/me', {}, staffAdapter);
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.headers).toEqual({ language: '2' });
  });

  test('an HTTP error with a message keeps its code, message and data (a 400 naming the field, a 403)', async () => {
    replyWith(() => json({ code: '403', message: 'Your role does not allow this', data: null }, 403));
    const error = await exchange('/admin/staff', {}, staffAdapter).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: '403', message: 'Your role does not allow this', httpStatus: 403 });
  });

  test('an HTTP error without an envelope is a transport failure worded by the transport table', async () => {
    replyWith(() => new Response('<html>busy</html>', { status: 503 }));
    await expect(exchange('/travelsky/x', {}, mainAdapter)).rejects.toMatchObject({
      code: 'http:503',
      message: 't:http.503',
      isTransport: true,
    });
  });

  test('a 200 that is not an envelope is a transport failure', async () => {
    replyWith(() => new Response('not json'));
    await expect(exchange('/travelsky/x', {}, mainAdapter)).rejects.toMatchObject({ code: 'http:-1' });
  });

  test('no reply at all is the network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(exchange('/travelsky/x', {}, mainAdapter)).rejects.toMatchObject({
      code: 'http:0',
      message: 't:http.network',
    });
  });

  test('gives up after the timeout with the timeout failure', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = exchange('/travelsky/x', {}, mainAdapter).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await expect(pending).resolves.toMatchObject({ code: 'http:1', message: 't:http.timeout' });
  });

  test('a caller that cancels gets its abort back, not a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = exchange('/travelsky/x', { signal: controller.signal }, mainAdapter);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
