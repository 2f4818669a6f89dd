import { afterEach, describe, expect, test, vi } from 'vitest';
import { i18n } from './i18n';
import { applyStartupQuery, CHANNEL_STORAGE_KEY, runStartup, STARTUP_DELAY_MS } from './startup';

describe('start-up query', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test('applies lang=km-KH and stores interChannel from the hash route', async () => {
    window.history.replaceState(null, '', '/#/pages/tab-bar/home/home?lang=km-KH&interChannel=fb-ads');
    await applyStartupQuery();
    expect(i18n.language).toBe('km');
    expect(localStorage.getItem(CHANNEL_STORAGE_KEY)).toBe('fb-ads');
  });

  test('ignores a language it does not know', async () => {
    window.history.replaceState(null, '', '/?lang=fr-FR');
    await applyStartupQuery();
    expect(i18n.language).toBe('en');
  });

  test('clears the stored channel at once and reads the URL only after 300 ms', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
    localStorage.setItem(CHANNEL_STORAGE_KEY, 'old');
    window.history.replaceState(null, '', '/?lang=zh-CN&interChannel=new');
    void runStartup();
    expect(localStorage.getItem(CHANNEL_STORAGE_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(STARTUP_DELAY_MS - 1);
    expect(i18n.language).toBe('en');
    await vi.advanceTimersByTimeAsync(1);
    expect(localStorage.getItem(CHANNEL_STORAGE_KEY)).toBe('new');
    // Chinese loads (its own chunk) before the app switches to it.
    await vi.waitFor(() => expect(i18n.language).toBe('zh'));
    expect(i18n.t('tab.home')).toBe('首页');
  });

  test('asks for the access token, then the translations at once, and merges them without waiting for the 300 ms', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url.endsWith('/travelsky/common/getAccessToken')) {
          return Response.json({ code: '0', message: 'ok', data: { access_token: 't-1', expires_in: 7200 } });
        }
        return Response.json({
          code: '0',
          message: 'ok',
          data: {
            list: [
              { internationalCode: 'home.hero_title', textCn: '飞', textEn: 'Fly with us', textKh: 'ហោះ' },
            ],
          },
        });
      }),
    );
    window.history.replaceState(null, '', '/?lang=km-KH');
    // No timer moved: what is asked for and merged here does not wait for the start-up delay.
    await runStartup();
    expect(calls).toEqual([
      '/api/travelsky/common/getAccessToken',
      '/api/ca/caweb/backend/international/config/queryList',
    ]);
    expect(i18n.t('home.hero_title')).toBe('Fly with us');
    expect(i18n.language).toBe('en');
  });
});
