import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { initI18n, setLanguage } from '../app/i18n';
import { enableAntdReact19 } from '../app/react19-compat';
import { setupApiClient } from '../app/setup-api-client';
import { useSessionStore } from '../features/account/session-store';
import { useOrderSession } from '../features/orders/order-session';

// On a loaded two-core CI machine a page can take longer than the default 1 s to settle.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks a few browser APIs antd-mobile touches.
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
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
window.scrollTo = () => {};
Element.prototype.scrollTo ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

enableAntdReact19();
initI18n('en');
setupApiClient();

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  useSessionStore.getState().clear();
  useOrderSession.setState({ grants: {}, payStarted: {} });
  await setLanguage('en');
});

afterEach(() => {
  cleanup();
});
