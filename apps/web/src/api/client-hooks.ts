import type { LanguageTag } from '@wings/contracts';

/**
 * What the HTTP client needs from the app around it. The app wires toasts, translations,
 * the current language and the login redirect at start-up (app/setup-api-client.ts); the
 * defaults keep the client usable on its own, e.g. in tests, and say a message by its key (the
 * texts are the app's, loaded per language: a default holding the catalogue would put all three
 * languages back into the first load).
 */
export interface ClientHooks {
  toast: (message: string) => void;
  translate: (key: string, params?: Record<string, string | number>) => string;
  language: () => LanguageTag;
  onLoginExpired: () => void;
  /** The signed-in traveller's session token, sent in the `token` header (issue 3), or null. */
  sessionToken: () => string | null;
  /** Resolves when the texts a failure is worded in are loaded (the server's message catalogue). */
  textsReady: () => Promise<unknown>;
}

export const clientHooks: ClientHooks = {
  toast: () => {},
  translate: (key) => key,
  language: () => 'zh',
  onLoginExpired: () => {},
  sessionToken: () => null,
  textsReady: () => Promise.resolve(),
};

export function configureApiClient(hooks: Partial<ClientHooks>): void {
  Object.assign(clientHooks, hooks);
}
