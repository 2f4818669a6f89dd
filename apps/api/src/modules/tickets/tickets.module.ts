import { defineModule, type ModuleOptions } from '../../platform/module';
import { TicketsService } from './tickets.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ticket ledger: booking's ticketing issues through it, order detail reads it. */
    tickets: TicketsService;
  }
}

/** The tickets module: the e-ticket ledger. It depends on no selling module and serves no call yet. */
export const ticketsModule = defineModule<ModuleOptions>('tickets', [], async (app, { platform }) => {
  app.decorate('tickets', new TicketsService(platform.db));
});
