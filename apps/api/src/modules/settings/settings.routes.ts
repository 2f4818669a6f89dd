import { envelope, ZCustomerServiceResponse } from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import type { SettingsService } from './settings.service';

/**
 * GET /api/settings/customer-service (not in the spec, like `booking/settings`; access token, no
 * login): the customer-service contact the traveller app shows (its hours, phone and e-mail),
 * read from the database on every call so a change shows at the app's next read.
 */
export function settingsRoutes(service: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings/customer-service',
      {
        schema: {
          tags: ['settings'],
          summary: "Customer service's phone, e-mail and opening hours (the hub's time, GMT+7)",
          response: { 200: envelope(ZCustomerServiceResponse) },
        },
      },
      async () => ok(await service.customerService()),
    );
  };
}
