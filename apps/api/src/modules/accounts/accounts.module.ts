import { defineModule, type ModuleOptions } from '../../platform/module';
import type { AccountsConfig } from './accounts.config';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService } from './accounts.service';
import { accountsPlugin } from './session.plugin';

/**
 * The accounts module: traveller accounts, login sessions (the main layer's `token` header),
 * e-mail codes, captchas and saved passengers. Decorates `app.accounts`.
 */
export const accountsModule = defineModule<ModuleOptions<AccountsConfig>>(
  'accounts',
  ['network'],
  async (app, { platform, config }) => {
    const { db, now } = platform;
    const accounts = createAccountsService({
      db,
      mailer: platform.mailer,
      now,
      keys: platform.keys,
      settings: config,
      hubZone: app.network.hubZone,
    });
    // Decorates `app.accounts` and reads the session of every main-layer request.
    await app.register(accountsPlugin(accounts));
    app.layers.add('main', accountsRoutes({ accounts, db, now }));
  },
);
