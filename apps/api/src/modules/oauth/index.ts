/**
 * Third-party sign-in (OAuth): the public face of the module (docs/architecture.md). The redirect
 * flow, its states and one-time tickets, the providers (Facebook, WeChat, Apple, and the sandbox
 * outside production). The identities it links belong to the account (modules/accounts).
 */

/** The module's Fastify plugin (app.ts registers it; docs/decisions.md, issue 11). */
export { oauthModule } from './oauth.module';
export { oauthRoutes } from './oauth.routes';
export { type OAuthProvider, PROVIDER_NAMES, type ProviderName, sandboxEnabled } from './providers';
/** The sandbox provider's signed one-time codes (server secret rotation reads them). */
export { SandboxCodes } from './providers/sandbox.provider';
export { sandboxOAuthRoutes } from './sandbox.routes';
