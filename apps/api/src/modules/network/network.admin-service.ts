import type {
  AdminCabinLoad,
  AdminClassLoad,
  AdminFlightChangeResult,
  AdminFlightDetail,
  AdminFlightPage,
  AdminFlightQuery,
  AdminFlightRow,
  AdminSchedule,
} from '@wings/contracts';
import { OrderPayStatus } from '@wings/contracts';
import { dateParam, formatDateTime, inEveryLanguage, toLocalIso, zonedTimeToUtc } from '@wings/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../platform/access';
import type { AuditActor, AuditLog } from '../../platform/audit/audit-log';
import type { Db, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Mailer, OutgoingMail } from '../../platform/mail/mailer';
import {
  type FlightChange,
  flightChangeMails,
  flightOrderCounts,
  type OrderOnFlight,
  ordersOnFlight,
  recordFlightChange,
  unpaidOrdersAmong,
} from '../booking';
import type { ClassLoadRow, Inventory, SeatHold } from '../inventory';
import type { SearchChange } from '../shopping';
import { createNetworkRepository, type StoredFlight } from './network.repository';

/** The signed-in staff member making a change, and where the request came from. */
export interface StaffCaller {
  id: string;
  email: string;
  roles: Extract<Actor, { kind: 'staff' }>['roles'];
  ip: string | null;
}

/** What the network's staff calls are built from (the admin plugin hands the other modules' parts). */
export interface NetworkAdminDeps {
  db: Db;
  now: () => Date;
  inventory: Pick<Inventory, 'loads' | 'liveHoldsOnFlights' | 'setLimit'>;
  /** Booking's own cancel path for an unpaid order (seats and promo code use given back once). */
  cancelUnpaid: (orderId: string, actor: Actor) => Promise<{ canceled: boolean }>;
  /** Cached searches to drop in every process (shopping's search changes). */
  searchChanges: {
    announce(executor: Executor, change: SearchChange): Promise<void>;
    dropHere(change: SearchChange): void;
  };
  mailer: Mailer;
  audit: AuditLog;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Where travellers reach the app (PUBLIC_URL): the e-mail links to their ticket detail (issue 16). */
  appUrl?: string;
}

const iso = (d: Date) => d.toISOString();

/** Seats held by unpaid orders, per flight and booking class (`flightId|class`). */
export async function heldByClass(
  db: Executor,
  inventory: Pick<Inventory, 'liveHoldsOnFlights'>,
  flightIds: string[],
): Promise<Map<string, number>> {
  const holds: Array<SeatHold & { orderId: string }> = await inventory.liveHoldsOnFlights(db, flightIds);
  const unpaid = await unpaidOrdersAmong(db, [...new Set(holds.map((h) => h.orderId))]);
  const held = new Map<string, number>();
  for (const h of holds) {
    if (!unpaid.has(h.orderId)) continue;
    const key = `${h.flightId}|${h.bookingClass}`;
    held.set(key, (held.get(key) ?? 0) + h.seats);
  }
  return held;
}

/** The cabins of one flight with their classes, from inventory's counters and the seats held. */
function cabinsOf(flightId: string, rows: ClassLoadRow[], held: Map<string, number>): AdminCabinLoad[] {
  const cabins = new Map<string, AdminCabinLoad>();
  for (const r of rows) {
    if (r.flightId !== flightId) continue;
    const classHeld = held.get(`${flightId}|${r.bookingClass}`) ?? 0;
    const left = Math.max(
      0,
      Math.min(
        r.authorisedLimit - r.classSold - r.classExternalSold,
        r.capacity - r.cabinSold - r.cabinExternalSold,
      ),
    );
    const cls: AdminClassLoad = {
      bookingClass: r.bookingClass,
      authorisedLimit: r.authorisedLimit,
      sold: r.classSold - classHeld + r.classExternalSold,
      held: classHeld,
      externalSold: r.classExternalSold,
      seatsLeft: left,
    };
    let cabin = cabins.get(r.cabin);
    if (!cabin) {
      cabin = {
        cabin: r.cabin,
        capacity: r.capacity,
        // The cabin's own counters: its seats held are its classes' (added below).
        sold: r.cabinSold + r.cabinExternalSold,
        held: 0,
        externalSold: r.cabinExternalSold,
        infantCapacity: r.infantCapacity,
        infantSold: r.infantSold,
        classes: [],
      };
      cabins.set(r.cabin, cabin);
    }
    cabin.held += classHeld;
    cabin.sold -= classHeld;
    cabin.classes.push(cls);
  }
  return [...cabins.values()].sort((a, b) => a.cabin.localeCompare(b.cabin));
}

function rowOf(f: StoredFlight, cabins: AdminCabinLoad[]): AdminFlightRow {
  const sum = (pick: (c: AdminCabinLoad) => number) => cabins.reduce((n, c) => n + pick(c), 0);
  return {
    id: f.id,
    flightNo: f.flightNo,
    routeCode: f.routeCode,
    origin: f.origin,
    destination: f.destination,
    depLocalDate: f.depLocalDate,
    depUtc: iso(f.depUtc),
    arrUtc: iso(f.arrUtc),
    originZone: f.originZone,
    destinationZone: f.destinationZone,
    status: f.status,
    aircraftCode: f.aircraftCode,
    retimed:
      f.depUtc.getTime() !== f.originalDepUtc.getTime() || f.arrUtc.getTime() !== f.originalArrUtc.getTime(),
    capacity: sum((c) => c.capacity),
    sold: sum((c) => c.sold),
    held: sum((c) => c.held),
    externalSold: sum((c) => c.externalSold),
  };
}

/** The local wall clock `YYYY-MM-DDTHH:MM` at an airport as a UTC instant. */
function atAirport(local: string, zone: string): Date {
  return zonedTimeToUtc(local.slice(0, 10), local.slice(11, 16), zone);
}

/**
 * The network and dated flights as staff see and change them (issue 13, "Network and flights").
 * Every change is made in one transaction with its audit row; a retime or a cancellation also
 * writes each order's history there (booking), and tells cached searches in every process to
 * drop the flight's route at its commit (shopping).
 */
export function createNetworkAdmin(deps: NetworkAdminDeps) {
  const { db, now, inventory, audit } = deps;
  const repo = createNetworkRepository(db);

  async function detailOf(executor: Executor, flight: StoredFlight): Promise<AdminFlightDetail> {
    const [rows, held, orders] = await Promise.all([
      inventory.loads(executor, [flight.id]),
      heldByClass(executor, inventory, [flight.id]),
      flightOrderCounts(executor, flight.id),
    ]);
    const cabins = cabinsOf(flight.id, rows, held);
    return {
      ...rowOf(flight, cabins),
      originalDepUtc: iso(flight.originalDepUtc),
      originalArrUtc: iso(flight.originalArrUtc),
      cabins,
      orders,
      departedAt: flight.departedAt === null ? null : iso(flight.departedAt),
    };
  }

  /** The flight, locked for the change, or 4730; with `scheduledOnly`, 4734 unless it is scheduled. */
  async function lockFlight(tx: Executor, id: string, scheduledOnly: boolean): Promise<StoredFlight> {
    const flight = await createNetworkRepository(tx).flight(id, true);
    if (!flight) throw new AppError('adminFlightNotFound');
    if (scheduledOnly && flight.status !== 'scheduled') {
      throw new AppError('adminFlightNotScheduled', {
        params: { flightNo: flight.flightNo, date: dateParam(flight.depLocalDate), status: flight.status },
      });
    }
    return flight;
  }

  const actorOf = (staff: StaffCaller): AuditActor => ({ id: staff.id, email: staff.email });
  const staffActor = (staff: StaffCaller): Actor => ({
    kind: 'staff',
    staffId: staff.id,
    roles: staff.roles,
  });

  /** Sends the travellers' e-mails one by one; a mail that fails is logged, the others still go. */
  async function sendAll(mails: OutgoingMail[]): Promise<number> {
    let sent = 0;
    for (const mail of mails) {
      try {
        await deps.mailer.send(mail);
        sent++;
      } catch (err) {
        deps.log.error({ err, subject: mail.subject }, 'a flight change e-mail could not be sent');
      }
    }
    return sent;
  }

  /** A retime or a cancellation: the flight, its orders' history and audit row in one transaction. */
  async function changeFlight(
    staff: StaffCaller,
    id: string,
    reason: string,
    kind: FlightChange['kind'],
    times?: { depUtc: Date; arrUtc: Date },
  ): Promise<AdminFlightChangeResult> {
    const at = now();
    const { flight, told, change } = await db.transaction(async (tx) => {
      const flight = await lockFlight(tx, id, true);
      const change: FlightChange = {
        kind,
        flightId: flight.id,
        flightNo: flight.flightNo,
        origin: flight.origin,
        destination: flight.destination,
        originZone: flight.originZone,
        destinationZone: flight.destinationZone,
        before: { depUtc: flight.depUtc, arrUtc: flight.arrUtc },
        ...(times ? { after: times } : {}),
        actor: `staff:${staff.id}`,
        reason,
      };
      const flights = createNetworkRepository(tx);
      if (times) await flights.setFlightTimes(flight.id, times.depUtc, times.arrUtc, at);
      else await flights.setFlightStatus(flight.id, 'cancelled', at);
      const told = await recordFlightChange(tx, change, at);
      await audit.record(
        {
          actor: actorOf(staff),
          action: kind === 'retimed' ? 'flight.retime' : 'flight.cancel',
          targetType: 'flight',
          targetId: flight.id,
          before: { status: flight.status, depUtc: iso(flight.depUtc), arrUtc: iso(flight.arrUtc) },
          after: times
            ? { status: flight.status, depUtc: iso(times.depUtc), arrUtc: iso(times.arrUtc) }
            : { status: 'cancelled', depUtc: iso(flight.depUtc), arrUtc: iso(flight.arrUtc) },
          reason,
          ip: staff.ip,
        },
        tx,
      );
      await deps.searchChanges.announce(tx, { routes: [flight.routeCode] });
      return { flight, told, change };
    });
    deps.searchChanges.dropHere({ routes: [flight.routeCode] });

    // After the commit: unpaid orders of a canceled flight go through booking's own cancel path
    // (each in its own transaction, seats given back once; one that was paid meanwhile is left).
    let ordersCanceled = 0;
    const toTell: OrderOnFlight[] = [];
    const notCanceled = new Set<string>();
    for (const order of told) {
      if (kind === 'canceled' && order.status === OrderPayStatus.un_paid) {
        if ((await deps.cancelUnpaid(order.orderId, staffActor(staff))).canceled) ordersCanceled++;
        else notCanceled.add(order.orderId);
      } else toTell.push(order);
    }
    if (notCanceled.size > 0) {
      // Paid between the flight's cancellation and its own: its travellers are told like the others.
      const now = await ordersOnFlight(db, flight.id);
      toTell.push(...now.filter((o) => notCanceled.has(o.orderId)));
    }
    const emailsSent = await sendAll(flightChangeMails(toTell, change, deps.appUrl));
    const after = await repo.flight(flight.id);
    return {
      flight: await detailOf(db, after ?? flight),
      ordersTold: told.length,
      emailsSent,
      ordersCanceled,
    };
  }

  return {
    schedules(): Promise<AdminSchedule[]> {
      return repo.schedules();
    },

    /** A page of dated flights with their load (both cabins together). */
    async flights(query: AdminFlightQuery): Promise<AdminFlightPage> {
      const { list, total } = await repo.flightsPage(query);
      const ids = list.map((f) => f.id);
      const [rows, held] = await Promise.all([inventory.loads(db, ids), heldByClass(db, inventory, ids)]);
      return {
        list: list.map((f) => rowOf(f, cabinsOf(f.id, rows, held))),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** One dated flight with its load per cabin and booking class, or 4730. */
    async flight(id: string): Promise<AdminFlightDetail> {
      const flight = await repo.flight(id);
      if (!flight) throw new AppError('adminFlightNotFound');
      return detailOf(db, flight);
    },

    /**
     * A class's new authorised limit: never below what it has sold plus held (4732), never above
     * its cabin's seats (4733); live for new searches at once (the route's cached searches are
     * dropped in every process at commit).
     */
    async setClassLimit(
      staff: StaffCaller,
      id: string,
      bookingClass: string,
      limit: number,
      reason: string,
    ): Promise<AdminFlightDetail> {
      const at = now();
      const flight = await db.transaction(async (tx) => {
        const flight = await lockFlight(tx, id, false);
        const result = await inventory.setLimit(tx, flight.id, bookingClass, limit, at);
        if ('refused' in result) {
          if (result.refused === 'no_class') {
            throw new AppError('adminClassNotOnFlight', { params: { class: bookingClass } });
          }
          if (result.refused === 'above_capacity') {
            throw new AppError('adminLimitAboveCapacity', {
              params: { class: bookingClass, limit, cabin: result.cabin, capacity: result.capacity },
            });
          }
          const held =
            (await heldByClass(tx, inventory, [flight.id])).get(`${flight.id}|${bookingClass}`) ?? 0;
          throw new AppError('adminLimitBelowTaken', {
            params: { class: bookingClass, limit, sold: result.taken - held, held, taken: result.taken },
          });
        }
        await audit.record(
          {
            actor: actorOf(staff),
            action: 'flight.class_limit',
            targetType: 'flight',
            targetId: flight.id,
            before: { bookingClass, cabin: result.cabin, authorisedLimit: result.before },
            after: { bookingClass, cabin: result.cabin, authorisedLimit: result.after },
            reason,
            ip: staff.ip,
          },
          tx,
        );
        await deps.searchChanges.announce(tx, { routes: [flight.routeCode] });
        return flight;
      });
      deps.searchChanges.dropHere({ routes: [flight.routeCode] });
      return detailOf(db, flight);
    },

    /**
     * New times, given as each airport's wall clock: the flight keeps its date and first published
     * times; every order on it gets a `flight_retimed` event and its segment the new times, and the
     * travellers of paid orders an e-mail.
     */
    async retime(
      staff: StaffCaller,
      id: string,
      input: { depLocal: string; arrLocal: string; reason: string },
    ): Promise<AdminFlightChangeResult> {
      const flight = await repo.flight(id);
      if (!flight) throw new AppError('adminFlightNotFound');
      const depUtc = atAirport(input.depLocal, flight.originZone);
      const arrUtc = atAirport(input.arrLocal, flight.destinationZone);
      if (arrUtc.getTime() <= depUtc.getTime()) {
        throw new AppError('adminRetimeInvalid', {
          fields: [{ field: 'arrLocal', key: 'admin.retime_invalid' }],
        });
      }
      return changeFlight(staff, id, input.reason, 'retimed', { depUtc, arrUtc });
    },

    /**
     * Cancels a scheduled flight: no new sale (search offers scheduled flights only), every order on
     * it gets a `flight_canceled` event, unpaid ones are canceled with their seats released, and the
     * travellers of paid orders get an e-mail.
     */
    cancel(staff: StaffCaller, id: string, reason: string): Promise<AdminFlightChangeResult> {
      return changeFlight(staff, id, reason, 'canceled');
    },

    /**
     * Marks a scheduled flight departed at `departedAt` (now by default), kept on the flight
     * (`departed_at`) and in the audit row. Once only: a flight marked already is refused with 4736
     * (another status than scheduled: 4734). Online check-in closes at once; the departure close
     * (modules/check-in, a sweep each minute) then runs at `departedAt`: checked-in coupons used,
     * the others no-shows.
     */
    async depart(
      staff: StaffCaller,
      id: string,
      input: { departedAt?: string | undefined; reason?: string | undefined },
    ): Promise<AdminFlightDetail> {
      const at = now();
      const departedAt = input.departedAt ? new Date(input.departedAt) : at;
      const flight = await db.transaction(async (tx) => {
        const flight = await lockFlight(tx, id, false);
        const since = flight.departedAt;
        if (since !== null) {
          throw new AppError('adminFlightDeparted', {
            params: {
              flightNo: flight.flightNo,
              date: dateParam(flight.depLocalDate),
              departedAt: inEveryLanguage((lang) =>
                formatDateTime(toLocalIso(since, flight.originZone), lang),
              ),
            },
          });
        }
        // Not scheduled (cancelled, or marked departed before its time was kept): 4734.
        const refused = () =>
          new AppError('adminFlightNotScheduled', {
            params: {
              flightNo: flight.flightNo,
              date: dateParam(flight.depLocalDate),
              status: flight.status,
            },
          });
        if (flight.status !== 'scheduled') throw refused();
        if (!(await createNetworkRepository(tx).setFlightDeparted(flight.id, departedAt, at)))
          throw refused();
        await audit.record(
          {
            actor: actorOf(staff),
            action: 'flight.depart',
            targetType: 'flight',
            targetId: flight.id,
            before: { status: flight.status },
            after: { status: 'departed', departedAt: iso(departedAt) },
            reason: input.reason ?? null,
            ip: staff.ip,
          },
          tx,
        );
        await deps.searchChanges.announce(tx, { routes: [flight.routeCode] });
        return flight;
      });
      deps.searchChanges.dropHere({ routes: [flight.routeCode] });
      return detailOf(db, { ...flight, status: 'departed', departedAt });
    },
  };
}

export type NetworkAdmin = ReturnType<typeof createNetworkAdmin>;
