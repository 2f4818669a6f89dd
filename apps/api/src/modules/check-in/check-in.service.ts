import {
  type BoardingPass,
  type BoardingPassBundle,
  type CancelCheckInRequest,
  type CheckInLeg,
  type CheckInRequest,
  type CheckInState,
  type CouponCheckIn,
  type LanguageTag,
  OrderPayStatus,
  TicketStatus,
} from '@wings/contracts';
import {
  bcbpString,
  checkInPhase,
  checkInWindow,
  couponCheckIn,
  formatDateTime,
  inEveryLanguage,
  toLocalIso,
} from '@wings/rules';
import { type Actor, actorLabel, orderView } from '../../platform/access';
import type { Db, Executor } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import {
  isOrderLinked,
  recordTicketEvent,
  segmentsOnFlight,
  type TicketedOrder,
  type TicketedPassenger,
  type TicketedSegment,
  ticketedOrder,
} from '../booking';
import {
  type CheckInFlight,
  checkInFlights,
  flightsDueForClose,
  markDepartureClosed,
  nextCheckInSeq,
} from '../network';
import type { Seating } from '../seating';
import {
  cancelCouponCheckIn,
  checkInCoupon,
  closeCouponsAtDeparture,
  isCouponOpenForCheckIn,
  lockCoupon,
  type TicketsService,
  type TicketView,
} from '../tickets';

/** What the check-in service is built from. */
export interface CheckInDeps {
  db: Db;
  now: () => Date;
  tickets: Pick<TicketsService, 'currentByPassenger'>;
  seating: Pick<
    Seating,
    'seatMap' | 'holdSeats' | 'confirmSeats' | 'seatsOfPassengers' | 'releasePassengerSeats'
  >;
  log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

/** Flights closed per batch of the departure close (a run of the sweep takes batch after batch until none is due). */
export const CLOSE_BATCH = 50;
/** Seats tried, one after another, when other travellers take them first. */
const SEAT_TRIES = 20;

/** One passenger on one leg, with everything check-in decides on. */
interface Spot {
  passenger: TicketedPassenger;
  segment: TicketedSegment;
  flight: CheckInFlight;
  ticket: TicketView | null;
  state: CouponCheckIn;
  seat: string | null;
  seatGiven: boolean;
  bar: CheckInLeg['bar'];
  phase: CheckInLeg['phase'];
}

const name = (p: TicketedPassenger) => `${p.surname}/${p.givenName}`;

/**
 * Online check-in (issue 15; after-sales §3, §9): per passenger and leg of a ticketed order,
 * from 2 hours before departure until 60 minutes before (packages/rules check-in.ts); a free seat
 * is given when none was bought (the seat rules apply); the boarding passes with their IATA
 * BCBP; the departure close. Access is order detail's with a full view: its logged-in owner, a
 * member who linked it, a full grant; anyone else is answered as for an unknown order.
 */
export class CheckInService {
  constructor(private readonly deps: CheckInDeps) {}

  /** The order `actor` may check in, or 404 (CAS912) as for an unknown order. */
  private async orderFor(orderNo: string, actor: Actor): Promise<TicketedOrder> {
    const order = await ticketedOrder(this.deps.db, { orderNo });
    if (!order) throw new AppError('orderNotFound');
    if (orderView(actor, { orderNo: order.orderNo, userId: order.userId }) === 'full') return order;
    if (actor.kind === 'traveller' && (await isOrderLinked(this.deps.db, actor.userId, order.id)))
      return order;
    throw new AppError('orderNotFound');
  }

  /** Every passenger × leg of the order as check-in sees it now. */
  private async spots(order: TicketedOrder, db: Executor = this.deps.db): Promise<Spot[]> {
    const now = this.deps.now();
    const [tickets, flights, seats] = await Promise.all([
      this.deps.tickets.currentByPassenger(order.id, db),
      checkInFlights(db, [...new Set(order.segments.map((s) => s.flightId))]),
      this.deps.seating.seatsOfPassengers(
        order.passengers.map((p) => p.id),
        db,
      ),
    ]);
    const flightOf = new Map(flights.map((f) => [f.flightId, f]));
    const out: Spot[] = [];
    for (const passenger of order.passengers) {
      const ticket = tickets.get(passenger.id) ?? null;
      for (const segment of order.segments) {
        const flight = flightOf.get(segment.flightId);
        if (!flight) continue;
        const coupon = ticket?.coupons.find((c) => c.segmentId === segment.id) ?? null;
        const ticketed =
          order.status === OrderPayStatus.paid &&
          ticket?.status === TicketStatus.issued &&
          coupon !== null &&
          coupon.status === TicketStatus.issued;
        const closed =
          flight.status === 'cancelled' || flight.departedAt !== null || flight.departureClosedAt !== null;
        const state = coupon ? couponCheckIn(coupon) : 'not_checked_in';
        const seat =
          seats.find((s) => s.passengerRef === passenger.id && s.segmentRef === segment.id)?.seat ?? null;
        out.push({
          passenger,
          segment,
          flight,
          ticket,
          state,
          seat,
          seatGiven: coupon?.checkInSeat != null && coupon.checkInSeat === seat,
          bar:
            state === 'flown' || state === 'no_show'
              ? null
              : !ticketed
                ? 'not_ticketed'
                : closed
                  ? 'flight_closed'
                  : null,
          phase: checkInPhase(flight.depUtc, now),
        });
      }
    }
    return out;
  }

  private stateOf(order: TicketedOrder, spots: Spot[]): CheckInState {
    return {
      orderNo: order.orderNo,
      pnr: order.pnr,
      passengers: order.passengers.map((p) => {
        const mine = spots.filter((s) => s.passenger.id === p.id);
        return {
          seq: p.seq,
          passengerType: p.passengerType,
          surname: p.surname,
          givenName: p.givenName,
          ticketNo: mine[0]?.ticket?.ticketNo ?? null,
          legs: mine.map((s) => legOf(s)),
        };
      }),
    };
  }

  /** travelsky/checkin/queryCheckIn. */
  async query(orderNo: string, actor: Actor): Promise<CheckInState> {
    const order = await this.orderFor(orderNo, actor);
    return this.stateOf(order, await this.spots(order));
  }

  /** The spots of the request's items, checked against the order (400 naming a bad item). */
  private itemsOf(order: TicketedOrder, spots: Spot[], items: CheckInRequest['items']): Spot[] {
    const issues: { field: string; key: string }[] = [];
    const picked: Spot[] = [];
    for (const [i, item] of items.entries()) {
      const p = order.passengers.find((x) => x.seq === item.seq);
      const spot = p && spots.find((s) => s.passenger.id === p.id && s.segment.seq === item.legSeq);
      if (!p) issues.push({ field: `items[${i}].seq`, key: 'checkin.no_such_passenger' });
      else if (!spot) issues.push({ field: `items[${i}].legSeq`, key: 'checkin.no_such_leg' });
      else picked.push(spot);
    }
    if (issues.length > 0) throw invalid(issues);
    return picked;
  }

  /** Refuses a spot whose check-in (or its cancellation) is not possible now: 702, 700, 701. */
  private refuseUnlessOpen(s: Spot): void {
    if (s.bar !== null || s.state === 'flown' || s.state === 'no_show') {
      throw new AppError('checkInUnavailable', {
        params: { name: name(s.passenger), flightNo: s.flight.flightNo },
      });
    }
    const w = checkInWindow(s.flight.depUtc);
    const at = (d: Date) =>
      inEveryLanguage((lang) => formatDateTime(toLocalIso(d, s.flight.originZone), lang));
    if (s.phase === 'not_open') {
      throw new AppError('checkInNotOpen', {
        params: { flightNo: s.flight.flightNo, opensAt: at(w.opensAt) },
        data: { opensAt: w.opensAt.toISOString() },
      });
    }
    if (s.phase === 'closed') {
      throw new AppError('checkInClosed', {
        params: { flightNo: s.flight.flightNo, closesAt: at(w.closesAt) },
        data: { closesAt: w.closesAt.toISOString() },
      });
    }
  }

  /**
   * travelsky/checkin/checkIn: checks the passengers in for the legs, all or none, in one
   * transaction. Idempotent: a passenger checked in already stays as they are. Each coupon is
   * locked first (two check-ins of one passenger and leg queue, the second finds the first's);
   * a passenger without a seat (an infant on a lap excepted) is given a free one they may take.
   */
  async checkIn(request: CheckInRequest, actor: Actor, lang: LanguageTag): Promise<CheckInState> {
    const order = await this.orderFor(request.orderNo, actor);
    const picked = this.itemsOf(order, await this.spots(order), request.items);
    const todo = picked.filter((s) => s.state !== 'checked_in');
    for (const s of todo) this.refuseUnlessOpen(s);
    if (todo.length > 0) {
      const now = this.deps.now();
      // One order of locks for every request: tickets, then legs.
      todo.sort((a, b) =>
        `${a.ticket?.id}/${a.segment.seq}`.localeCompare(`${b.ticket?.id}/${b.segment.seq}`),
      );
      // The free seats each passenger without one may take, read before the transaction: inside
      // it, nothing may wait for a second connection of the pool.
      const candidates = new Map<Spot, string[]>();
      for (const s of todo) {
        if (s.seat === null && s.passenger.passengerType !== 3)
          candidates.set(s, await this.seatsFor(s, lang));
      }
      // Seats taken in this transaction (and found taken by others): not offered again.
      const given = new Set<string>();
      await this.deps.db.transaction(async (tx) => {
        for (const s of todo) await this.checkInOne(tx, order, s, actor, now, candidates.get(s) ?? [], given);
      });
    }
    return this.stateOf(order, await this.spots(order));
  }

  private async checkInOne(
    tx: Executor,
    order: TicketedOrder,
    s: Spot,
    actor: Actor,
    now: Date,
    candidates: readonly string[],
    given: Set<string>,
  ): Promise<void> {
    const ticket = s.ticket as TicketView;
    const coupon = await lockCoupon(tx, ticket.id, s.segment.id);
    if (coupon?.checkedInAt) return; // checked in meanwhile (a second tap, another device)
    if (!coupon || !isCouponOpenForCheckIn(coupon)) {
      throw new AppError('checkInUnavailable', {
        params: { name: name(s.passenger), flightNo: s.flight.flightNo },
      });
    }
    const held = (await this.deps.seating.seatsOfPassengers([s.passenger.id], tx)).find(
      (a) => a.segmentRef === s.segment.id,
    );
    let seat = held?.seat ?? null;
    let givenSeat: string | null = null;
    if (!seat && s.passenger.passengerType !== 3) {
      givenSeat = await this.giveSeat(tx, order, s, candidates, given);
      seat = givenSeat;
    }
    const checkInSeq = await nextCheckInSeq(tx, s.flight.flightId);
    await checkInCoupon(tx, { ticketId: ticket.id, segmentId: s.segment.id, checkInSeq, givenSeat, now });
    await recordTicketEvent(
      tx,
      order.id,
      {
        type: 'checked_in',
        actor: actorLabel(actor),
        data: {
          ticketNo: ticket.ticketNo,
          seq: s.passenger.seq,
          legSeq: s.segment.seq,
          flightNo: s.flight.flightNo,
          seat,
          seatGiven: givenSeat !== null,
          checkInSeq,
        },
      },
      now,
    );
  }

  /** The party of one a seat is given to: the seat rules read their age and a lap infant. */
  private takerOf(s: Spot) {
    return {
      ref: s.passenger.id,
      passengerType: s.passenger.passengerType as 1 | 2 | 3,
      birthday: s.passenger.birthday,
      withInfant: s.passenger.withInfant,
    };
  }

  /**
   * The free seats of the passenger's cabin the seat rules let them take (first and exit rows,
   * an infant on their lap), standard seats first, in the map's order.
   */
  private async seatsFor(s: Spot, lang: LanguageTag): Promise<string[]> {
    const map = await this.deps.seating.seatMap(s.flight.flightId, {
      cabin: s.segment.cabin,
      party: [this.takerOf(s)],
      lang,
    });
    const open = map.seats.filter(
      (x) => x.cabin === s.segment.cabin && !x.taken && x.isSelector && x.barred.length === 0,
    );
    return [...open.filter((x) => x.seatType === 'SEAT'), ...open.filter((x) => x.seatType !== 'SEAT')].map(
      (x) => x.seat,
    );
  }

  /**
   * Gives the passenger the first of `candidates` still free: held for the order and confirmed
   * (the order is paid), in a savepoint of `tx`. A seat another traveller took first is skipped
   * (`given` names the seats this transaction took or found taken, flight/seat).
   */
  private async giveSeat(
    tx: Executor,
    order: TicketedOrder,
    s: Spot,
    candidates: readonly string[],
    given: Set<string>,
  ): Promise<string> {
    let tries = 0;
    for (const seat of candidates) {
      const key = `${s.flight.flightId}/${seat}`;
      if (given.has(key)) continue;
      if (++tries > SEAT_TRIES) break;
      try {
        await this.deps.seating.holdSeats(tx, order.id, [
          {
            flightId: s.flight.flightId,
            seat,
            cabin: s.segment.cabin,
            passengerRef: s.passenger.id,
            segmentRef: s.segment.id,
            taker: this.takerOf(s),
          },
        ]);
        await this.deps.seating.confirmSeats(tx, order.id);
        given.add(key);
        return seat;
      } catch (err) {
        if (!(err instanceof AppError && err.errorName === 'seatTaken')) throw err;
        given.add(key);
      }
    }
    throw new AppError('checkInNoSeat', { params: { name: name(s.passenger), flightNo: s.flight.flightNo } });
  }

  /**
   * travelsky/checkin/cancelCheckIn: undoes the check-ins before check-in closes, all or none. A
   * seat given at check-in is freed; a bought one stays. Passengers not checked in are left as they are.
   */
  async cancel(request: CancelCheckInRequest, actor: Actor): Promise<CheckInState> {
    const order = await this.orderFor(request.orderNo, actor);
    const picked = this.itemsOf(order, await this.spots(order), request.items);
    const todo = picked.filter((s) => s.state === 'checked_in');
    for (const s of todo) this.refuseUnlessOpen(s);
    if (todo.length > 0) {
      const now = this.deps.now();
      todo.sort((a, b) =>
        `${a.ticket?.id}/${a.segment.seq}`.localeCompare(`${b.ticket?.id}/${b.segment.seq}`),
      );
      await this.deps.db.transaction(async (tx) => {
        for (const s of todo) {
          const ticket = s.ticket as TicketView;
          const coupon = await lockCoupon(tx, ticket.id, s.segment.id);
          if (!coupon?.checkedInAt) continue;
          if (coupon.checkInSeat !== null) {
            const live = (await this.deps.seating.seatsOfPassengers([s.passenger.id], tx)).find(
              (a) => a.segmentRef === s.segment.id && a.seat === coupon.checkInSeat,
            );
            if (live) {
              await this.deps.seating.releasePassengerSeats(
                tx,
                [{ passengerRef: s.passenger.id, segmentRef: s.segment.id }],
                // No order is kept: the seat given at check-in is under the order itself.
                '',
              );
            }
          }
          await cancelCouponCheckIn(tx, { ticketId: ticket.id, segmentId: s.segment.id, now });
          await recordTicketEvent(
            tx,
            order.id,
            {
              type: 'check_in_canceled',
              actor: actorLabel(actor),
              data: {
                ticketNo: ticket.ticketNo,
                seq: s.passenger.seq,
                legSeq: s.segment.seq,
                flightNo: s.flight.flightNo,
                seatFreed: coupon.checkInSeat,
              },
            },
            now,
          );
        }
      });
    }
    return this.stateOf(order, await this.spots(order));
  }

  /** travelsky/checkin/getBoardingPasses: every checked-in passenger on every leg, one bundle. */
  async boardingPasses(orderNo: string, actor: Actor): Promise<BoardingPassBundle> {
    const order = await this.orderFor(orderNo, actor);
    const spots = await this.spots(order);
    const passes: BoardingPass[] = [];
    for (const s of spots) {
      const coupon = s.ticket?.coupons.find((c) => c.segmentId === s.segment.id);
      if (s.state !== 'checked_in' || !coupon || coupon.checkInSeq === null || !s.ticket) continue;
      const w = checkInWindow(s.flight.depUtc);
      const infant = s.passenger.passengerType === 3;
      const seat = infant ? null : s.seat;
      passes.push({
        seq: s.passenger.seq,
        legSeq: s.segment.seq,
        surname: s.passenger.surname,
        givenName: s.passenger.givenName,
        passengerType: s.passenger.passengerType,
        ticketNo: s.ticket.ticketNo,
        flightNo: s.flight.flightNo,
        depCode: s.flight.origin,
        arrCode: s.flight.destination,
        depUtc: s.flight.depUtc.toISOString(),
        depLocal: toLocalIso(s.flight.depUtc, s.flight.originZone),
        arrLocal: toLocalIso(s.flight.arrUtc, s.flight.destinationZone),
        gateClosesAtLocal: toLocalIso(w.gateClosesAt, s.flight.originZone),
        cabin: s.segment.cabin,
        seat,
        checkInSeq: coupon.checkInSeq,
        bcbp: bcbpString({
          surname: s.passenger.surname,
          givenName: s.passenger.givenName,
          pnr: order.pnr,
          from: s.flight.origin,
          to: s.flight.destination,
          flightNo: s.flight.flightNo,
          date: s.flight.depLocalDate,
          compartment: s.segment.cabin,
          seat,
          checkInSeq: coupon.checkInSeq,
        }),
      });
    }
    if (passes.length === 0) throw new AppError('checkInNoneCheckedIn');
    return { orderNo: order.orderNo, pnr: order.pnr, issuedAt: this.deps.now().toISOString(), passes };
  }

  /**
   * The departure close (issue 15): every flight whose time came (staff's marked departure, else
   * the scheduled one) and not closed yet, one transaction each: the checked-in passengers'
   * coupons become used (11, flown), the others no-shows, each with its order event. The
   * flights closed.
   */
  async closeDueFlights(): Promise<number> {
    const now = this.deps.now();
    const due = await flightsDueForClose(this.deps.db, now, CLOSE_BATCH);
    let closed = 0;
    for (const flightId of due) {
      const done = await this.deps.db.transaction(async (tx) => {
        if (!(await markDepartureClosed(tx, flightId, now))) return false;
        const legs = await segmentsOnFlight(tx, flightId);
        const moved = await closeCouponsAtDeparture(
          tx,
          legs.map((l) => l.segmentId),
          now,
        );
        for (const c of moved) {
          await recordTicketEvent(
            tx,
            c.orderId,
            {
              type: c.outcome,
              actor: 'system',
              data: { ticketNo: c.ticketNo, passengerId: c.passengerId, segmentId: c.segmentId, flightId },
            },
            now,
          );
        }
        if (moved.length > 0) {
          this.deps.log.info(
            { flightId, flown: moved.filter((c) => c.outcome === 'flown').length, coupons: moved.length },
            'flight closed at departure',
          );
        }
        return true;
      });
      if (done) closed++;
    }
    return closed;
  }
}

/** One spot as the reply shows it. */
function legOf(s: Spot): CheckInLeg {
  const w = checkInWindow(s.flight.depUtc);
  const zone = s.flight.originZone;
  const open = s.bar === null && s.phase === 'open';
  return {
    legSeq: s.segment.seq,
    flightNo: s.flight.flightNo,
    depCode: s.flight.origin,
    arrCode: s.flight.destination,
    depUtc: s.flight.depUtc.toISOString(),
    depLocal: toLocalIso(s.flight.depUtc, zone),
    state: s.state,
    phase: s.phase,
    opensAtLocal: toLocalIso(w.opensAt, zone),
    closesAtLocal: toLocalIso(w.closesAt, zone),
    gateClosesAtLocal: toLocalIso(w.gateClosesAt, zone),
    seat: s.seat,
    seatGiven: s.seatGiven,
    bar: s.bar,
    canCheckIn: open && s.state === 'not_checked_in',
    canCancel: open && s.state === 'checked_in',
  };
}
