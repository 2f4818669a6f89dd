import { defineModule, type ModuleOptions } from '../../platform/module';
import type { OAuthConfig } from './oauth.config';
import { oauthRoutes } from './oauth.routes';
import { sandboxEnabled } from './providers';
import { sandboxOAuthRoutes } from './sandbox.routes';

/** The third-party login module: the redirect flow and the providers; it links identities to accounts. */
export const oauthModule = defineModule<ModuleOptions<OAuthConfig>>(
  'oauth',
  ['accounts'],
  async (app, { platform, config }) => {
    const context = { oauth: config, env: platform.env, publicUrl: platform.publicUrl, keys: platform.keys };
    app.layers.add(
      'main',
      oauthRoutes({ config: context, db: platform.db, accounts: app.accounts, now: platform.now }),
    );
    // The sandbox identity provider stands in for providers without keys, never in production.
    if (sandboxEnabled(context))
      app.layers.add('main', sandboxOAuthRoutes({ config: context, now: platform.now }));
  },
);
