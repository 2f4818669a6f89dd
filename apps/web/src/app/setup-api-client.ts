import { Toast } from 'antd-mobile';
import { configureApiClient } from '../api/client-hooks';
import { useSessionStore } from '../features/account/session-store';
import { currentLanguage, i18n } from './i18n';
import { currentAppPath, navigateOutside } from './navigation';
import { isSafeRedirect, loginHref } from './paths';

/** Toasts last 1500 ms (spec §9). */
export const TOAST_DURATION_MS = 1500;

/** Wires the HTTP client to toasts, translations, the language, the session and the login page. */
export function setupApiClient(): void {
  configureApiClient({
    toast: (message) => {
      Toast.show({ content: message, duration: TOAST_DURATION_MS });
    },
    translate: (key, params) => i18n.t(key, params ?? {}),
    language: currentLanguage,
    sessionToken: () => useSessionStore.getState().token,
    onLoginExpired: () => {
      // Spec §4, §8: log out (session and access token), then log in again and come back here.
      const here = currentAppPath();
      void navigateOutside(loginHref(isSafeRedirect(here) ? here : undefined, true));
      useSessionStore.getState().logout();
    },
  });
}
