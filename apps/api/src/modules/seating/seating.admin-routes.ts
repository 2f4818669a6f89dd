import {
  envelope,
  type StaffRole,
  ZAdminAircraftSeatMapList,
  ZAdminFlightSeats,
  ZAdminSeatingFlightParams,
} from '@wings/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import type { Seating } from './seating.service';

const tags = ['staff: seat maps'];

/** Who reads aircraft seat maps and a flight's taken seats (issue 14). Nobody changes them here. */
export const SEATING_READERS: readonly StaffRole[] = ['admin', 'agent', 'auditor'];

/** The staff console's seat-map calls under `/api/admin/seating` (docs/api.md, "Add-ons (issue 14): seat maps"). */
export function seatingAdminRoutes(seating: Seating) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const read = { roles: SEATING_READERS };

    app.get(
      '/seating/aircraft',
      {
        config: read,
        schema: {
          tags,
          summary: 'Every aircraft type with its seat map drawn',
          response: { 200: envelope(ZAdminAircraftSeatMapList) },
        },
      },
      async () => ok({ list: await seating.aircraftMaps() }),
    );

    app.get(
      '/seating/flights/:flightId',
      {
        config: read,
        schema: {
          tags,
          summary: "A dated flight's taken seats (held or confirmed) and the orders holding them",
          params: ZAdminSeatingFlightParams,
          response: { 200: envelope(ZAdminFlightSeats) },
        },
      },
      async (request) => {
        const seats = await seating.flightSeats(request.params.flightId);
        if (!seats) throw new AppError('adminFlightNotFound');
        return ok(seats);
      },
    );
  };
}
