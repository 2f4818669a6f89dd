import type {
  AdminAircraft,
  AdminAirport,
  AdminFlightLeft,
  AdminRoute,
  AdminSchedule,
  AdminScheduleResult,
  ZAdminAirportUpdate,
  ZAdminRouteCreate,
  ZAdminRouteUpdate,
  ZAdminScheduleCreate,
  ZAdminScheduleEnd,
} from '@wings/contracts';
import { addDays, greatCircleKm, localDate, type RuleIssue } from '@wings/rules';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditActor, AuditLog } from '../../platform/audit/audit-log';
import type { Db, Executor } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import { flightOrderCounts } from '../booking';
import type { Inventory } from '../inventory';
import type { SearchChange } from '../shopping';
import { routeCurrency } from './demo-network';
import { ensureFlightHorizon, FLIGHT_HORIZON_DAYS } from './flight-horizon';
import { heldByClass, type StaffCaller } from './network.admin-service';
import {
  type AirportWrite,
  createNetworkRepository,
  type NetworkAirport,
  type NetworkRoute,
  type ScheduleLine,
} from './network.repository';

/** What the network's changes are built from (the admin plugin hands the other modules' parts). */
export interface NetworkEditsDeps {
  db: Db;
  now: () => Date;
  /** The hub's zone: the flight horizon starts at yesterday there, and "today" for fares. */
  hubZone: string;
  inventory: Pick<Inventory, 'loads' | 'liveHoldsOnFlights'>;
  /** Pricing's routes with a fare valid today or later. */
  routesWithFares: (executor: Executor, today: string) => Promise<Set<string>>;
  /**
   * Cached searches and network facts to drop in every process (shopping's search changes: an
   * airport or a route change is announced as `all`, which also drops the cached network).
   */
  searchChanges: {
    announce(executor: Executor, change: SearchChange): Promise<void>;
    dropHere(change: SearchChange): void;
  };
  audit: AuditLog;
}

/** Whether the runtime knows `zone` as an IANA time zone (Intl throws a RangeError otherwise). */
export function isTimeZone(zone: string): boolean {
  if (!zone.includes('/') && zone !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const UNTIL_FURTHER_NOTICE = { zh: '长期', en: 'until further notice', km: 'រហូតដល់មានការជូនដំណឹងថ្មី' };

function adminAirport(a: NetworkAirport): AdminAirport {
  return {
    code: a.code,
    name: a.name,
    city: a.city,
    country: a.country,
    countryName: a.countryName,
    timeZone: a.timeZone,
    latitude: a.latitude,
    longitude: a.longitude,
    isHub: a.isHub,
  };
}

/**
 * An admin's changes to the network (issue 13, "Network and flights"): airports, routes and
 * weekly schedule lines. Each change is one transaction with its audit row, and is announced to
 * every process's caches at its commit (shopping's search changes).
 */
export function createNetworkEdits(deps: NetworkEditsDeps) {
  const { db, now, audit } = deps;
  const actorOf = (staff: StaffCaller): AuditActor => ({ id: staff.id, email: staff.email });
  const today = () => localDate(now(), deps.hubZone);

  /** Runs a change and its announcement in one transaction, then drops this process's caches. */
  async function change<T>(what: SearchChange, work: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const out = await work(tx);
      await deps.searchChanges.announce(tx, what);
      return out;
    });
    deps.searchChanges.dropHere(what);
    return result;
  }

  function checkZone(zone: string): RuleIssue[] {
    return isTimeZone(zone) ? [] : [{ field: 'timeZone', key: 'admin.zone_unknown', params: { zone } }];
  }

  async function adminRoutes(executor: Executor, list: NetworkRoute[]): Promise<AdminRoute[]> {
    const priced = await deps.routesWithFares(executor, today());
    return list.map((r) => ({ ...r, hasFares: priced.has(r.code) }));
  }

  return {
    /** Every airport with its names, country, zone and coordinates. */
    async airports(): Promise<AdminAirport[]> {
      return (await createNetworkRepository(db).airportsAndRoutes()).airports.map(adminAirport);
    },

    /** Every route, with whether pricing has a fare on it. */
    async routes(): Promise<AdminRoute[]> {
      return adminRoutes(db, (await createNetworkRepository(db).airportsAndRoutes()).routes);
    },

    /** The aircraft types a schedule line may fly. */
    async aircraft(): Promise<AdminAircraft[]> {
      return (await createNetworkRepository(db).aircraftTypes()).map((a) => ({
        code: a.code,
        name: a.name,
        capacityC: a.capacityC,
        capacityY: a.capacityY,
      }));
    },

    /** A new airport; its code must be new (field `code`) and its zone real (field `timeZone`). */
    async createAirport(
      staff: StaffCaller,
      input: z.output<typeof ZAdminAirportUpdate> & { code: string; country: string },
    ): Promise<AdminAirport> {
      const issues = checkZone(input.timeZone);
      if (issues.length > 0) throw invalid(issues);
      const write: AirportWrite = {
        code: input.code,
        name: input.name,
        city: input.city,
        country: input.country,
        countryName: input.countryName,
        timeZone: input.timeZone,
        latitude: input.latitude,
        longitude: input.longitude,
      };
      return change('all', async (tx) => {
        const repo = createNetworkRepository(tx);
        if (!(await repo.insertAirport(write))) {
          throw invalid([{ field: 'code', key: 'admin.airport_exists', params: { code: input.code } }]);
        }
        const created = adminAirport({ ...write, isHub: false });
        await audit.record(
          {
            actor: actorOf(staff),
            action: 'airport.create',
            targetType: 'airport',
            targetId: input.code,
            before: null,
            after: created,
            reason: input.reason ?? null,
            ip: staff.ip,
          },
          tx,
        );
        return created;
      });
    },

    /**
     * New names, country names, coordinates and zone of an airport. The zone changes only while
     * no dated flight leaves or arrives there: their local dates and times were fixed in it.
     */
    async updateAirport(
      staff: StaffCaller,
      code: string,
      input: z.output<typeof ZAdminAirportUpdate>,
    ): Promise<AdminAirport> {
      const issues = checkZone(input.timeZone);
      if (issues.length > 0) throw invalid(issues);
      return change('all', async (tx) => {
        const repo = createNetworkRepository(tx);
        const before = await repo.airport(code, true);
        if (!before) throw new AppError('adminAirportNotFound', { params: { code } });
        if (before.timeZone !== input.timeZone) {
          const flights = await repo.flightsAtAirport(code);
          if (flights > 0) {
            throw invalid([
              { field: 'timeZone', key: 'admin.zone_in_use', params: { code, count: flights } },
            ]);
          }
        }
        const write: AirportWrite = {
          code,
          name: input.name,
          city: input.city,
          country: before.country,
          countryName: input.countryName,
          timeZone: input.timeZone,
          latitude: input.latitude,
          longitude: input.longitude,
        };
        await repo.updateAirport(write, now());
        const after = adminAirport({ ...write, isHub: before.isHub });
        await audit.record(
          {
            actor: actorOf(staff),
            action: 'airport.update',
            targetType: 'airport',
            targetId: code,
            before: adminAirport(before),
            after,
            reason: input.reason ?? null,
            ip: staff.ip,
          },
          tx,
        );
        return after;
      });
    },

    /**
     * A directed route between two airports of the network, and its reverse with `addReverse`
     * (left out when it exists already). Distance: the great circle between the airports unless
     * given; currency: the origin's (CNY from mainland China, else USD, as the demo network).
     */
    async createRoute(staff: StaffCaller, input: z.output<typeof ZAdminRouteCreate>): Promise<AdminRoute[]> {
      if (input.origin === input.destination) {
        throw invalid([{ field: 'destination', key: 'admin.route_same_airports' }]);
      }
      const code = `${input.origin}-${input.destination}`;
      const made = await change('all', async (tx) => {
        const repo = createNetworkRepository(tx);
        const [origin, destination] = await Promise.all([
          repo.airport(input.origin),
          repo.airport(input.destination),
        ]);
        const issues: RuleIssue[] = [];
        if (!origin)
          issues.push({ field: 'origin', key: 'admin.airport_unknown', params: { code: input.origin } });
        if (!destination) {
          issues.push({
            field: 'destination',
            key: 'admin.airport_unknown',
            params: { code: input.destination },
          });
        }
        if (!origin || !destination) throw invalid(issues);
        const distanceKm =
          input.distanceKm ??
          Math.max(
            1,
            Math.round(
              greatCircleKm(origin.latitude, origin.longitude, destination.latitude, destination.longitude),
            ),
          );
        const route: NetworkRoute = {
          code,
          origin: origin.code,
          destination: destination.code,
          distanceKm,
          currency: routeCurrency(origin.country),
          blockMinutes: input.blockMinutes,
        };
        if (!(await repo.insertRoute(route))) {
          throw invalid([{ field: 'destination', key: 'admin.route_exists', params: { code } }]);
        }
        const made = [route];
        if (input.addReverse) {
          const reverse: NetworkRoute = {
            code: `${destination.code}-${origin.code}`,
            origin: destination.code,
            destination: origin.code,
            distanceKm,
            currency: routeCurrency(destination.country),
            blockMinutes: input.blockMinutes,
          };
          if (await repo.insertRoute(reverse)) made.push(reverse);
        }
        for (const r of made) {
          await audit.record(
            {
              actor: actorOf(staff),
              action: 'route.create',
              targetType: 'route',
              targetId: r.code,
              before: null,
              after: { ...r },
              reason: input.reason ?? null,
              ip: staff.ip,
            },
            tx,
          );
        }
        return made;
      });
      return adminRoutes(db, made);
    },

    /** A route's distance and block time (a schedule line keeps its own block time). */
    async updateRoute(
      staff: StaffCaller,
      code: string,
      input: z.output<typeof ZAdminRouteUpdate>,
    ): Promise<AdminRoute> {
      const after = await change('all', async (tx) => {
        const repo = createNetworkRepository(tx);
        const before = await repo.route(code, true);
        if (!before) throw new AppError('adminRouteNotFound', { params: { code } });
        const after = { ...before, distanceKm: input.distanceKm, blockMinutes: input.blockMinutes };
        await repo.updateRoute(
          code,
          { distanceKm: input.distanceKm, blockMinutes: input.blockMinutes },
          now(),
        );
        await audit.record(
          {
            actor: actorOf(staff),
            action: 'route.update',
            targetType: 'route',
            targetId: code,
            before: { distanceKm: before.distanceKm, blockMinutes: before.blockMinutes },
            after: { distanceKm: after.distanceKm, blockMinutes: after.blockMinutes },
            reason: input.reason ?? null,
            ip: staff.ip,
          },
          tx,
        );
        return after;
      });
      return (await adminRoutes(db, [after]))[0]!;
    },

    /**
     * A new weekly schedule line; its dated flights are made in the same transaction (the rolling
     * horizon, idempotent) and new searches of its route see them at once. Refused when the same
     * flight number flies one of its days in an overlapping validity period.
     */
    async createSchedule(
      staff: StaffCaller,
      input: z.output<typeof ZAdminScheduleCreate>,
    ): Promise<AdminScheduleResult> {
      if (input.validTo !== null && input.validTo < input.validFrom) {
        throw invalid([
          {
            field: 'validTo',
            key: 'admin.schedule_end_before_start',
            params: { validFrom: input.validFrom },
          },
        ]);
      }
      return change({ routes: [input.routeCode] }, async (tx) => {
        // One schedule change at a time: two overlapping lines filed at once would both pass the check.
        await tx.execute(sqlLock);
        const repo = createNetworkRepository(tx);
        const [route, aircraft] = await Promise.all([
          repo.route(input.routeCode),
          repo.aircraft(input.aircraftCode),
        ]);
        const issues: RuleIssue[] = [];
        if (!route)
          issues.push({ field: 'routeCode', key: 'admin.route_unknown', params: { route: input.routeCode } });
        if (!aircraft) {
          issues.push({
            field: 'aircraftCode',
            key: 'admin.aircraft_unknown',
            params: { code: input.aircraftCode },
          });
        }
        if (!route || !aircraft) throw invalid(issues);
        const overlap = await overlapOf(
          repo,
          input.flightNo,
          input.validFrom,
          input.validTo,
          input.daysOfWeek,
        );
        if (overlap) throw overlap;
        await clearLineDates(tx, repo, deps.inventory, input, localDate(now(), deps.hubZone));
        const line: Omit<ScheduleLine, 'id'> = {
          flightNo: input.flightNo,
          routeCode: route.code,
          daysOfWeek: input.daysOfWeek,
          depLocalTime: input.depLocalTime,
          blockMinutes: input.blockMinutes ?? route.blockMinutes,
          aircraftCode: aircraft.code,
          validFrom: input.validFrom,
          validTo: input.validTo,
        };
        const id = await repo.insertSchedule(line);
        if (id === null) {
          // Same number and first date as a line on other days: the table keys lines by both.
          throw invalid([
            {
              field: 'validFrom',
              key: 'admin.schedule_overlap',
              params: { flightNo: input.flightNo, from: input.validFrom, to: input.validFrom },
            },
          ]);
        }
        const schedule: AdminSchedule = { id, ...line };
        await ensureFlightHorizon(tx, now(), { hubZone: deps.hubZone });
        const flightsCreated = await repo.flightsOfSchedule(id);
        await audit.record(
          {
            actor: actorOf(staff),
            action: 'schedule.create',
            targetType: 'schedule',
            targetId: String(id),
            before: null,
            after: { ...schedule, flightsCreated },
            reason: input.reason ?? null,
            ip: staff.ip,
          },
          tx,
        );
        return { schedule, flightsCreated, flightsCancelled: 0, flightsWithTravellers: [] };
      });
    },

    /**
     * Ends a schedule line on `validTo` (set, or brought forward). Its scheduled flights after it
     * with nothing sold or held (inventory's counters, seats sold elsewhere included) are
     * cancelled quietly in the same transaction; the ones with travellers are left as they are
     * and listed, for staff to cancel or retime from their flight pages.
     */
    async endSchedule(
      staff: StaffCaller,
      id: number,
      input: z.output<typeof ZAdminScheduleEnd>,
    ): Promise<AdminScheduleResult> {
      const found = await createNetworkRepository(db).schedule(id);
      if (!found) throw new AppError('adminScheduleNotFound');
      return change({ routes: [found.routeCode] }, async (tx) => {
        await tx.execute(sqlLock);
        const repo = createNetworkRepository(tx);
        const before = await repo.schedule(id, true);
        if (!before) throw new AppError('adminScheduleNotFound');
        if (input.validTo < before.validFrom) {
          throw invalid([
            {
              field: 'validTo',
              key: 'admin.schedule_end_before_start',
              params: { validFrom: before.validFrom },
            },
          ]);
        }
        if (before.validTo !== null && input.validTo > before.validTo) {
          throw invalid([
            { field: 'validTo', key: 'admin.schedule_end_later', params: { validTo: before.validTo } },
          ]);
        }
        const at = now();
        await repo.setScheduleEnd(id, input.validTo, at);
        const after = await repo.scheduledFlightsAfter(id, input.validTo, at);
        const ids = after.map((f) => f.id);
        const [loads, held] = await Promise.all([
          deps.inventory.loads(tx, ids),
          heldByClass(tx, deps.inventory, ids),
        ]);
        // Per flight: seats taken (sold or held here, and sold elsewhere) over its cabins, and of
        // them the seats held by unpaid orders.
        const load = new Map<string, { taken: number; held: number; cabins: Set<string> }>();
        for (const r of loads) {
          const l = load.get(r.flightId) ?? { taken: 0, held: 0, cabins: new Set<string>() };
          if (!l.cabins.has(r.cabin)) {
            l.cabins.add(r.cabin);
            l.taken += r.cabinSold + r.cabinExternalSold;
          }
          l.held += held.get(`${r.flightId}|${r.bookingClass}`) ?? 0;
          load.set(r.flightId, l);
        }
        const empty: string[] = [];
        const withTravellers: AdminFlightLeft[] = [];
        for (const f of after) {
          const l = load.get(f.id);
          if (!l || l.taken === 0) empty.push(f.id);
          else {
            withTravellers.push({
              id: f.id,
              flightNo: f.flightNo,
              depLocalDate: f.depLocalDate,
              sold: l.taken - l.held,
              held: l.held,
            });
          }
        }
        const flightsCancelled = await repo.cancelFlights(empty, at);
        const schedule: AdminSchedule = { ...before, validTo: input.validTo };
        await audit.record(
          {
            actor: actorOf(staff),
            action: 'schedule.end',
            targetType: 'schedule',
            targetId: String(id),
            before: { validTo: before.validTo },
            after: {
              validTo: input.validTo,
              flightsCancelled,
              flightsWithTravellers: withTravellers.map((f) => f.id),
            },
            reason: input.reason ?? null,
            ip: staff.ip,
          },
          tx,
        );
        return { schedule, flightsCreated: 0, flightsCancelled, flightsWithTravellers: withTravellers };
      });
    },
  };
}

/**
 * Makes room for a new line's dated flights. The number may have flights on the line's dates
 * already: those of an ended line, cancelled quietly when it ended, are deleted (nobody ever
 * booked them: no order, no seat sold here or elsewhere), so the new line flies those dates.
 * A flight still flying, or one cancelled after travellers booked it (their orders keep it), is
 * not touched: the line is refused naming those dates. Returns how many were deleted.
 */
async function clearLineDates(
  tx: Executor,
  repo: ReturnType<typeof createNetworkRepository>,
  inventory: Pick<Inventory, 'loads'>,
  line: { flightNo: string; validFrom: string; validTo: string | null; daysOfWeek: number[] },
  today: string,
): Promise<number> {
  const last = line.validTo ?? addDays(today, FLIGHT_HORIZON_DAYS + 1);
  const found = await repo.flightsOfNumberOn(line.flightNo, line.validFrom, last, line.daysOfWeek);
  if (found.length === 0) return 0;
  // Seats taken per flight (sold or held here, and sold elsewhere), counted once per cabin.
  const loads = new Map<string, number>();
  const cabins = new Set<string>();
  for (const r of await inventory.loads(
    tx,
    found.map((f) => f.id),
  )) {
    if (cabins.has(`${r.flightId}|${r.cabin}`)) continue;
    cabins.add(`${r.flightId}|${r.cabin}`);
    loads.set(r.flightId, (loads.get(r.flightId) ?? 0) + r.cabinSold + r.cabinExternalSold);
  }
  const removable: string[] = [];
  const taken: string[] = [];
  for (const f of found) {
    const orders = await flightOrderCounts(tx, f.id);
    const booked = orders.unpaid + orders.paid + orders.canceled > 0 || (loads.get(f.id) ?? 0) > 0;
    if (f.status === 'cancelled' && !booked) removable.push(f.id);
    else taken.push(f.depLocalDate);
  }
  if (taken.length > 0) {
    const shown = taken.slice(0, 5).join(', ') + (taken.length > 5 ? ` (+${taken.length - 5})` : '');
    throw invalid([
      {
        field: 'validFrom',
        key: 'admin.schedule_dates_taken',
        params: { flightNo: line.flightNo, dates: shown },
      },
    ]);
  }
  return repo.deleteCancelledFlights(removable);
}

/** Serializes schedule changes (any constant key will do): the overlap check then holds. */
const sqlLock = sql`select pg_advisory_xact_lock(${0x5c_4ed})`;

/** The refusal for a line overlapping another of the same number, or null. */
async function overlapOf(
  repo: ReturnType<typeof createNetworkRepository>,
  flightNo: string,
  from: string,
  to: string | null,
  days: number[],
): Promise<AppError | null> {
  const [other] = await repo.overlappingSchedules(flightNo, from, to, days);
  if (!other) return null;
  return invalid([
    {
      field: 'flightNo',
      key: 'admin.schedule_overlap',
      params: { flightNo, from: other.validFrom, to: other.validTo ?? UNTIL_FURTHER_NOTICE },
    },
  ]);
}

export type NetworkEdits = ReturnType<typeof createNetworkEdits>;
