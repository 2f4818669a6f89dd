import { type ClientHooks as CoreHooks, clientHooks as coreHooks } from '@wings/api-client';

/**
 * What the traveller app's HTTP client needs from the app around it: the shared client's hooks
 * (toasts, translations, the current language, the login redirect, when the texts are loaded:
 * `@wings/api-client`) and the traveller's own session token. The app wires them at start-up
 * (app/setup-api-client.ts); the defaults keep the client usable on its own, e.g. in tests.
 */
export interface ClientHooks extends CoreHooks {
  /** The signed-in traveller's session token, sent in the `token` header (issue 3), or null. */
  sessionToken: () => string | null;
  /** The member programme's session token, sent in the `vipToken` header of `/fqt` calls (issue 17), or null. */
  memberToken: () => string | null;
  /**
   * The member layer answered CAF9999: the member session ended (not the app account's). The app
   * clears the member store and opens the member login (spec §8).
   */
  onMemberLoginExpired: () => void;
}

// One object: the shared client reads its hooks from it, the traveller app adds its session token.
export const clientHooks: ClientHooks = Object.assign(coreHooks, {
  sessionToken: (): string | null => null,
  memberToken: (): string | null => null,
  onMemberLoginExpired: (): void => {},
});

export function configureApiClient(hooks: Partial<ClientHooks>): void {
  Object.assign(clientHooks, hooks);
}
