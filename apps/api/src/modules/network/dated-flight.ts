import { zonedTimeToUtc } from '@wings/rules';
import type { Executor } from '../../platform/db';
import { createInventory } from '../inventory';
import { bookingClassLimits } from '../pricing';
import { createNetworkRepository, type NewFlight } from './network.repository';

type Cabin = 'C' | 'Y';

/** One dated flight outside the schedules: a scenario builder's private flight, a charter. */
export interface DatedFlightInput {
  /** Its flight number; with `date` it must be new (flights_flight_no_date_key). */
  flightNo: string;
  /** Airports of a route the network flies (e.g. KTI and BKK). */
  from: string;
  to: string;
  /** Local departure date at the origin, YYYY-MM-DD. */
  date: string;
  /** Local departure time at the origin, HH:MM; 10:00 by default. */
  depLocalTime?: string;
  /** Block time, minutes; the route's by default. */
  blockMinutes?: number;
  /** Aircraft type; the A320 ('320') by default. */
  aircraftCode?: string;
  /** Operational status; scheduled (bookable) by default. */
  status?: 'scheduled' | 'cancelled' | 'departed' | 'arrived';
  /** Per cabin, what differs from the aircraft: seats, lap-infant places, seats sold elsewhere. */
  cabins?: Partial<Record<Cabin, { capacity?: number; infantCapacity?: number; externalSold?: number }>>;
  /**
   * Per booking class, what differs from its default limit (the class's percent of the cabin)
   * and nothing sold elsewhere; e.g. `{ R: { externalSold: 3 } }`. A class mapped to null is
   * not sold on this flight.
   */
  classes?: Record<string, { authorisedLimit?: number; externalSold?: number } | null>;
}

export interface DatedFlight extends Omit<NewFlight, 'status'> {
  flightId: string;
}

/**
 * Creates one dated flight with its inventory (cabins and booking-class buckets, opened by the
 * inventory module), in the caller's transaction. Nothing is sold on it unless `cabins` or
 * `classes` say so; the cabin's seats sold elsewhere are at least the sum of its classes'.
 */
export async function createDatedFlight(tx: Executor, input: DatedFlightInput): Promise<DatedFlight> {
  const repo = createNetworkRepository(tx);
  const routeCode = `${input.from}-${input.to}`;
  const route = await repo.routeWithOriginZone(routeCode);
  if (!route) throw new Error(`createDatedFlight: the network has no route ${routeCode}`);
  const aircraftCode = input.aircraftCode ?? '320';
  const aircraft = await repo.aircraft(aircraftCode);
  if (!aircraft) throw new Error(`createDatedFlight: unknown aircraft type ${aircraftCode}`);

  const depUtc = zonedTimeToUtc(input.date, input.depLocalTime ?? '10:00', route.originZone);
  const arrUtc = new Date(depUtc.getTime() + (input.blockMinutes ?? route.blockMinutes) * 60_000);
  const flight = {
    flightNo: input.flightNo,
    routeCode,
    depLocalDate: input.date,
    depUtc,
    arrUtc,
    aircraftCode,
  };
  const flightId = await repo.insertFlight({ ...flight, status: input.status ?? 'scheduled' });

  const cabinSeats = (cabin: Cabin) => {
    const given = input.cabins?.[cabin];
    return {
      capacity: given?.capacity ?? (cabin === 'C' ? aircraft.capacityC : aircraft.capacityY),
      infantCapacity:
        given?.infantCapacity ?? (cabin === 'C' ? aircraft.infantCapacityC : aircraft.infantCapacityY),
      externalSold: given?.externalSold,
    };
  };
  const classes = (await bookingClassLimits(tx)).flatMap((c) => {
    const given = input.classes?.[c.letter];
    if (given === null) return [];
    const limit = Math.ceil((cabinSeats(c.cabin).capacity * c.limitPercent) / 100);
    return [
      {
        bookingClass: c.letter,
        cabin: c.cabin,
        authorisedLimit: given?.authorisedLimit ?? limit,
        externalSold: given?.externalSold ?? 0,
      },
    ];
  });
  const cabins = (['C', 'Y'] as const).map((cabin) => {
    const seats = cabinSeats(cabin);
    const classesSold = classes.filter((c) => c.cabin === cabin).reduce((n, c) => n + c.externalSold, 0);
    return {
      cabin,
      capacity: seats.capacity,
      infantCapacity: seats.infantCapacity,
      externalSold: Math.max(seats.externalSold ?? 0, classesSold),
    };
  });
  await createInventory().openFlight(tx, { flightId, cabins, classes }, new Date());

  return { flightId, ...flight };
}
