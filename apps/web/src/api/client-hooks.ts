import { formatMessage, type LanguageTag } from '@wings/contracts';

/**
 * What the HTTP client needs from the app around it. The app wires toasts, translations,
 * the current language and the login redirect at start-up (app/setup-api-client.ts); the
 * defaults keep the client usable on its own, e.g. in tests.
 */
export interface ClientHooks {
  toast: (message: string) => void;
  translate: (key: string, params?: Record<string, string | number>) => string;
  language: () => LanguageTag;
  onLoginExpired: () => void;
  /** The signed-in traveller's session token, sent in the `token` header (issue 3), or null. */
  sessionToken: () => string | null;
}

export const clientHooks: ClientHooks = {
  toast: () => {},
  translate: (key, params) => formatMessage(key, 'zh', params),
  language: () => 'zh',
  onLoginExpired: () => {},
  sessionToken: () => null,
};

export function configureApiClient(hooks: Partial<ClientHooks>): void {
  Object.assign(clientHooks, hooks);
}
