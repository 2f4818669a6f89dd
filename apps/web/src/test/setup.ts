import '@wings/browser-kit/jsdom-shims';
import { cleanup, configure, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach } from 'vitest';
import { addonTextsLoaded, initI18n, setLanguage } from '../app/i18n';
import { enableAntdReact19 } from '../app/react19-compat';
import { setupApiClient } from '../app/setup-api-client';
import { useSessionStore } from '../features/account/session-store';
import { useOrderSession } from '../features/orders/order-session';
import { takeFakeReplyDrifts } from './fake-api';

// On a loaded two-core CI machine a page can take longer than the default 1 s to settle.
configure({ asyncUtilTimeout: 5000 });

enableAntdReact19();
initI18n('en');
setupApiClient();

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  useSessionStore.getState().clear();
  useOrderSession.setState({ grants: {}, payStarted: {} });
  await setLanguage('en');
  // The add-on screens' texts, as the router loads them with every page past the tab bar.
  await addonTextsLoaded();
});

afterEach(async () => {
  cleanup();
  // antd-mobile toasts live in their own React root, closed by a timer that may fire after the
  // test file's window is torn down (React then fails with "window is not defined"): close any
  // toast now, while the window is there.
  if (document.querySelector('.adm-toast-mask')) {
    Toast.clear();
    // Its closing animation may never finish in jsdom; give React and the animation a moment.
    await waitFor(
      () => {
        if (document.querySelector('.adm-toast-mask')) throw new Error('toast still open');
      },
      { timeout: 400 },
    ).catch(() => undefined);
  }
  // A fake reply must be one the API could send (its contract schema), else the test proves nothing.
  const drifts = takeFakeReplyDrifts();
  if (drifts.length > 0) throw new Error(`fake API replies drift from the contracts:\n${drifts.join('\n')}`);
});
