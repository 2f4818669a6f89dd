import { envelope, ZSeatMap, ZSeatMapRequest } from '@wings/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import type { Seating } from './seating.service';

const tags = ['add-ons'];

/** The traveller's seat-map call (booking-and-account.md §7, issue 14) at the spec's path. */
export function seatingRoutes(seating: Seating) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/travelsky/ibe/getSeatLeaveInfo',
      {
        schema: {
          tags,
          summary:
            'Seat map of a dated flight: cabins, rows, letters, aisles, exit rows, seat types with prices, taken seats; with a party, the seats barred to each passenger and suggested seats',
          body: ZSeatMapRequest,
          response: { 200: envelope(ZSeatMap) },
        },
      },
      async (request) =>
        ok(
          await seating.seatMap(request.body.flightId, {
            cabin: request.body.cabin,
            party: request.body.party,
            lang: request.lang,
          }),
        ),
    );
  };
}
