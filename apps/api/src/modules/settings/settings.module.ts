import { provideCustomerService } from '../../platform/mail/layout';
import { defineModule, type ModuleOptions } from '../../platform/module';
import { settingsAdminRoutes } from './settings.admin-routes';
import { SettingsRepository } from './settings.repository';
import { settingsRoutes } from './settings.routes';
import { SettingsService } from './settings.service';
import { SettingsChanges } from './settings-changes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The airline's settings (the customer-service contact); other modules read it through index.ts. */
    settings: SettingsService;
  }
}

/** The settings module's own slice of the configuration. */
export interface SettingsConfig {
  /** Write the demo contact (a demo phone and e-mail) into a database without one: development only. */
  seedDemo: boolean;
}

/**
 * The settings module (issue 13): the airline's settings the admin edits in the console, today
 * the customer-service contact. It serves the traveller app's read and the console's calls,
 * gives the e-mail layout its contact (platform/mail/layout.ts, set here at start), and keeps
 * that per-process copy current through the app's notifications (settings-changes.ts).
 */
export const settingsModule = defineModule<ModuleOptions<SettingsConfig>>(
  'settings',
  ['network'],
  async (app, { platform, config }) => {
    const repo = new SettingsRepository(platform.db);
    let changes: SettingsChanges | null = null;
    const service = new SettingsService({
      repo,
      now: platform.now,
      audit: platform.audit,
      hubZone: app.network.hubZone,
      announce: (tx, key) => changes?.announce(tx, key) ?? Promise.resolve(),
      log: platform.log,
    });
    changes = new SettingsChanges(platform.notifications, () => service.refresh());
    app.decorate('settings', service);

    // The e-mail footer and the itinerary read this process's copy (never waiting on the database).
    const unprovide = provideCustomerService(() => service.current());
    app.addHook('onReady', async () => {
      if (platform.env === 'development' && config.seedDemo) {
        try {
          if (await service.ensureDemoContact())
            platform.log.info('wrote the demo customer-service contact (development only)');
        } catch (err) {
          platform.log.warn({ err }, 'writing the demo customer-service contact failed');
        }
      }
      // The saved contact is read once the app's notifications listen (a database down at
      // start: read when it is back).
    });
    app.addHook('onClose', async () => unprovide());

    app.layers.add('main', settingsRoutes(service));
    app.layers.add('staff', settingsAdminRoutes(service));
  },
);
