import { defineModule, type ModuleOptions } from '../../platform/module';
import type { NetworkConfig } from './network.config';
import { networkJobs } from './network.jobs';
import { createNetwork, type Network } from './network.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Airports, routes and their zones, and the hub's zone: every module that shows or dates a flight reads them here. */
    network: Network;
  }
}

/** The network module: airports, routes, schedules and dated flights; its daily job keeps a year of flights ahead. */
export const networkModule = defineModule<ModuleOptions<NetworkConfig>>(
  'network',
  [],
  async (app, { platform, config }) => {
    app.decorate('network', createNetwork(platform.db, { hubZone: config.hubTimeZone }));
    await networkJobs(platform.jobs, {
      db: platform.db,
      now: platform.now,
      hubZone: config.hubTimeZone,
      demoSales: config.seedDemo,
      log: platform.log,
    });
  },
);
