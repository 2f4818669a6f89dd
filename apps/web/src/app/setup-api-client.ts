import { configureApiClient } from '../api/client-hooks';
import { showToast, TOAST_DURATION_MS } from '../components/toast';
import { useSessionStore } from '../features/account/session-store';
import { vipLoginHref } from '../features/members/member-paths';
import { memberToken, useMemberStore } from '../features/members/member-store';
import { currentLanguage, i18n, serverMessagesLoaded } from './i18n';
import { currentAppPath, navigateOutside } from './navigation';
import { isSafeRedirect, loginHref } from './paths';

export { TOAST_DURATION_MS };

/** Wires the HTTP client to toasts, translations, the language, the session and the login page. */
export function setupApiClient(): void {
  configureApiClient({
    toast: (message) => {
      void showToast(message);
    },
    translate: (key, params) => i18n.t(key, params ?? {}),
    language: currentLanguage,
    textsReady: serverMessagesLoaded,
    sessionToken: () => useSessionStore.getState().token,
    onLoginExpired: () => {
      // Spec §4, §8: log out (session and access token), then log in again and come back here.
      const here = currentAppPath();
      void navigateOutside(loginHref(isSafeRedirect(here) ? here : undefined, true));
      useSessionStore.getState().logout();
    },
    memberToken,
    onMemberLoginExpired: () => {
      // Spec §4, §8 (CAF9999): the member session ends, the app account stays; the member logs in
      // again (`isReLogin=1`) and comes back here.
      const here = currentAppPath();
      void navigateOutside(vipLoginHref(here, true));
      useMemberStore.getState().clear();
    },
  });
}
