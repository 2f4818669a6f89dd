import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { initI18n, setLanguage } from '../app/i18n';

// On a loaded two-core machine antd's first render can take longer than the default 1 s.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks a few browser APIs antd touches.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
window.scrollTo = () => {};
// antd's table measures the scrollbar with a pseudo-element style, which jsdom does not compute.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

initI18n('en');

beforeEach(async () => {
  localStorage.clear();
  await setLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
