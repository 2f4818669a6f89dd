/**
 * Accounts: the public face of the module (docs/architecture.md). Traveller accounts, login
 * sessions, e-mail codes, captchas, saved passengers and the third-party identities linked to an
 * account. Other modules and app.ts import only this file.
 */

/** The module's Fastify plugin (app.ts registers it; docs/decisions.md, issue 11). */
export { accountsModule } from './accounts.module';
export type { LinkedIdentity } from './accounts.repository';
export { accountsRoutes } from './accounts.routes';
export {
  AccountsService,
  type ClientMeta,
  createAccountsService,
  type SessionContext,
} from './accounts.service';
/** How a captcha answer is stored: test support writes a captcha with a known answer. */
export { hashCaptchaAnswer } from './captcha';
export { createSavedPassengers, type SavedPassengersService } from './saved-passengers.service';
export { accountsPlugin, sessionToken } from './session.plugin';
