import '@wings/browser-kit/jsdom-shims';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { initI18n, setLanguage } from '../app/i18n';

// On a loaded two-core machine antd's first render can take longer than the default 1 s.
configure({ asyncUtilTimeout: 15_000 });

initI18n('en');

beforeEach(async () => {
  localStorage.clear();
  await setLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
