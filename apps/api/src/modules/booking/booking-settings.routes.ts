import { envelope, ZBookingSettingsResponse } from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';

/**
 * GET /api/booking/settings: the booking settings the traveller app reads instead of keeping a
 * copy (issue 11 §1): the nationalities a guest may book (config GUEST_NATIONALITIES), which the
 * booking form checks early and saveTicketOrder enforces (609).
 */
export function bookingSettingsRoutes(deps: {
  guestNationalities: readonly string[];
}): FastifyPluginAsyncZod {
  const settings = { guestNationalities: [...deps.guestNationalities] };
  return async (app) => {
    app.get(
      '/booking/settings',
      {
        schema: {
          tags: ['booking'],
          summary: 'Booking settings the app reads: the nationalities a guest may book',
          response: { 200: envelope(ZBookingSettingsResponse) },
        },
      },
      async () => ok(settings),
    );
  };
}
