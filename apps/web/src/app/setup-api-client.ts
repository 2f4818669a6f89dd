import { Toast } from 'antd-mobile';
import { clearAccessToken } from '../api/access-token';
import { configureApiClient } from '../api/client-hooks';
import { useSessionStore } from '../features/account/session-store';
import { currentLanguage, i18n } from './i18n';
import { debounceNavigation } from './navigation';
import { paths } from './paths';

/** Toasts last 1500 ms (spec §9). */
export const TOAST_DURATION_MS = 1500;

/** Wires the HTTP client to toasts, translations, the language and the login page. */
export function setupApiClient(): void {
  configureApiClient({
    toast: (message) => {
      Toast.show({ content: message, duration: TOAST_DURATION_MS });
    },
    translate: (key, params) => i18n.t(key, params ?? {}),
    language: currentLanguage,
    onLoginExpired: () => {
      // Spec §4, §8: log out, then go to the login page.
      useSessionStore.getState().clear();
      clearAccessToken();
      debounceNavigation(() => {
        window.location.hash = `#${paths.login}?isReLogin=1`;
      });
    },
  });
}
