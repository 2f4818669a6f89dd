import type { LanguageTag } from '@wings/contracts';

/**
 * What the request core needs from the app around it. Each app (the traveller app, the staff
 * console) wires toasts, translations, the current language, its login redirect and when its texts
 * are loaded at start-up; the defaults keep the client usable on its own, e.g. in tests, and say a
 * message by its key (the texts are the app's, loaded per language: a default holding the
 * catalogue would put all three languages into the traveller app's first load).
 */
export interface ClientHooks {
  toast: (message: string) => void;
  translate: (key: string, params?: Record<string, string | number>) => string;
  language: () => LanguageTag;
  onLoginExpired: () => void;
  /** Resolves when the texts a failure is worded in are loaded (the server's message catalogue). */
  textsReady: () => Promise<unknown>;
}

/** The hooks of the app that loaded the client (one app per page, so one set). */
export const clientHooks: ClientHooks = {
  toast: () => {},
  translate: (key) => key,
  language: () => 'zh',
  onLoginExpired: () => {},
  textsReady: () => Promise.resolve(),
};

/** Sets some of the hooks; the others keep their value. */
export function configureClientHooks(hooks: Partial<ClientHooks>): void {
  Object.assign(clientHooks, hooks);
}
