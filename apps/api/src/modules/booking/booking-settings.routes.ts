import { envelope, ZBookingSettingsResponse } from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';

/**
 * GET /api/booking/settings: the booking settings the traveller app reads instead of keeping a
 * copy (issue 11 §1): the nationalities a guest may book (config GUEST_NATIONALITIES), which the
 * booking form checks early and saveTicketOrder enforces (609); and the airline's ticketing code,
 * which a ticket number to link starts with (issue 15).
 */
export function bookingSettingsRoutes(deps: {
  guestNationalities: readonly string[];
  /** config TICKET_AIRLINE_CODE: the app checks a ticket number's first digits before linking it (issue 15). */
  ticketAirlineCode: string;
}): FastifyPluginAsyncZod {
  const settings = {
    guestNationalities: [...deps.guestNationalities],
    ticketAirlineCode: deps.ticketAirlineCode,
  };
  return async (app) => {
    app.get(
      '/booking/settings',
      {
        schema: {
          tags: ['booking'],
          summary: 'Booking settings the app reads: the nationalities a guest may book, the ticketing code',
          response: { 200: envelope(ZBookingSettingsResponse) },
        },
      },
      async () => ok(settings),
    );
  };
}
