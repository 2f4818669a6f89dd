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
    runStartup();
    expect(localStorage.getItem(CHANNEL_STORAGE_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(STARTUP_DELAY_MS - 1);
    expect(i18n.language).toBe('en');
    await vi.advanceTimersByTimeAsync(1);
    expect(localStorage.getItem(CHANNEL_STORAGE_KEY)).toBe('new');
    expect(i18n.language).toBe('zh');
  });
});
