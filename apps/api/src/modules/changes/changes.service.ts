import { createHash } from 'node:crypto';
import {
  CHANGE_REASON_CODES,
  type ChangeBar,
  type ChangeBlockReason,
  type ChangeCostLine,
  type ChangeFlightOption,
  type ChangeFlightsResponse,
  type ChangeKind,
  type ChangeLeg,
  type ChangeOrderListResponse,
  type ChangeOrderStatus,
  type ChangeOrderView,
  type ChangeReasonCode,
  type ChangeServiceCarry,
  type CheckChangeResponse,
  CheckInStatus,
  type CustomerService,
  type ErrorName,
  type FareFamily,
  formatMessage,
  type LanguageTag,
  type MessageKey,
  type Offer,
  OrderPayStatus,
  PassengerType,
  type PayMethod,
  type PayUrlResponse,
  RescheduledStatus,
  TicketStatus,
  type ZChangeFlightsRequest,
  type ZCheckChangeOrderRequest,
} from '@wings/contracts';
import {
  CHANGE_PAY_MINUTES,
  CHANGE_QUOTE_MINUTES,
  CHANGE_WINDOW_DAYS,
  type ChangeOrderFacts,
  type ChangeSegmentFacts,
  changeDateProblem,
  changeRule,
  changeSearchWindow,
  departsWithinCutoff,
  disruptionChangeBlocks,
  disruptionMoveDates,
  INSURED_DAYS_MAX,
  INSURED_DAYS_MIN,
  insuredDays,
  legChangeBlock,
  localDate,
  orderChangeBlocks,
  passengerFare,
  priceChangeLine,
} from '@wings/rules';
import type { z } from 'zod';
import { type Actor, actorLabel, orderView } from '../../platform/access';
import type { Db, Executor, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { AfterSalesOrderFacts, MovedLeg, OrderHistoryEvent } from '../booking';
import type { SeatHold } from '../inventory';
import type { AirportZones } from '../network';
import type { NewPayable, PayableKind } from '../payments';
import type { ReseatedPassenger, ReseatForChange } from '../seating';
import type { ReissuedTicket, TicketView } from '../tickets';
import {
  type ChangeLegRecord,
  type ChangeOrderRecord,
  ChangesRepository,
  type DayFlightClass,
  type NewChangeLeg,
  type NewChangeLine,
} from './changes.repository';

/** The order as a change reads it: booking's `afterSalesOrderFacts`. */
export type ChangeOrder = AfterSalesOrderFacts;
type Segment = ChangeOrder['segments'][number];
type Passenger = ChangeOrder['passengers'][number];

/** What a change reads of the order's travellers beyond the facts: the payer contact and lap infants. */
export interface ChangeTravellers {
  contact: { name: string; email: string; phone: string; surnames: string[] };
  /** Booking's passenger ids of adults holding a lap infant. */
  withInfant: ReadonlySet<string>;
}

/** A policy of the order as the change reads it (insurance's `policiesOfOrder`). */
export interface ChangePolicy {
  passengerId: string;
  status: string;
  coverFrom: string;
  coverTo: string;
}

/** The other modules' parts of a change, each in the change's transaction (changes.module.ts fills them). */
export interface ChangeSteps {
  /** tickets: issued → change_in; how many moved. */
  startTickets(tx: Tx, ticketIds: readonly string[], now: Date): Promise<number>;
  /** tickets: change_in → issued; how many moved. */
  cancelTickets(tx: Tx, ticketIds: readonly string[], now: Date): Promise<number>;
  /** tickets: change_in → re_issued, and a new ticket (change_status 12) for each. */
  reissue(
    tx: Tx,
    p: { ticketIds: readonly string[]; changedSegmentIds: readonly string[]; airlineCode: string; now: Date },
  ): Promise<ReissuedTicket[]>;
  /** booking: the order's legs moved in place. */
  moveSegments(tx: Tx, orderId: string, legs: readonly MovedLeg[], now: Date): Promise<void>;
  /** booking: a row of the order's history. */
  history(tx: Tx, orderId: string, event: OrderHistoryEvent, now: Date): Promise<void>;
  /** inventory: new seats held under the order (false: not enough left; roll back). */
  hold(tx: Tx, orderId: string, holds: SeatHold[], now: Date): Promise<boolean>;
  /** inventory: seats of a flight and class given back from the order's hold. */
  releaseSeats(
    tx: Tx,
    orderId: string,
    parts: ReadonlyArray<{ flightId: string; bookingClass: string; seats: number; infants?: number }>,
    now: Date,
  ): Promise<number>;
  /** seating: the moved leg's seats taken again on the new flight. */
  reseat(tx: Tx, p: ReseatForChange): Promise<ReseatedPassenger[]>;
  /** seating: the passengers' live seats (booking's and add-on orders'). */
  seats(
    passengerRefs: readonly string[],
  ): Promise<Array<{ passengerRef: string; segmentRef: string; seat: string; flightId: string }>>;
  /** insurance: the order's policies. */
  policies(executor: Executor, orderId: string): Promise<ChangePolicy[]>;
  /** insurance: the policies' cover moved to the new dates. */
  moveInsurance(
    tx: Tx,
    orderId: string,
    cover: { from: string; to: string },
    now: Date,
  ): Promise<{ moved: number } | { refused: 'too_long' }>;
  /** payments: the change's payable, in the change's transaction. */
  createPayable(tx: Tx, payable: NewPayable): Promise<string>;
  /** payments: open → closed; false when a payment paid it first. */
  closePayable(tx: Tx, kind: PayableKind, reference: string, now: Date): Promise<boolean>;
}

/** What the change calls need of payments (its service: `app.payments`). */
export interface ChangePayments {
  getPayUrl(
    reference: string,
    method: PayMethod,
    actor: Actor,
    options: { clientIp: string; kind: 'change' },
  ): Promise<PayUrlResponse>;
  status(reference: string, actor: Actor, kind: 'change'): Promise<unknown>;
}

export interface ChangesDeps {
  db: Db;
  now: () => Date;
  zones: Pick<AirportZones, 'hubZone' | 'countries' | 'zoneOf'>;
  customerService(): Promise<CustomerService>;
  /** booking's afterSalesOrderFacts. */
  order(db: Executor, key: { orderNo: string } | { id: string }): Promise<ChangeOrder | null>;
  /** booking's ticketedOrder, read for the payer contact and the lap infants. */
  travellers(db: Executor, orderId: string): Promise<ChangeTravellers | null>;
  /** booking's isOrderLinked: a member who linked the order may change it as its owner. */
  isLinked(userId: string, orderId: string): Promise<boolean>;
  /** tickets' currentByPassenger. */
  tickets(orderId: string, db?: Executor): Promise<Map<string, TicketView>>;
  /** refunds: the order's passengers held by a submitted, unfinished refund. */
  passengersInRefund(orderId: string): Promise<Set<string>>;
  /** pricing's createOffer: today's fare and taxes of a class on a flight per passenger type. */
  price(input: {
    passengers: readonly [number, number, number];
    segments: ReadonlyArray<{ flightId: string; bookingClass: string; depTime?: string }>;
    userId: string | null;
  }): Promise<Offer>;
  steps: ChangeSteps;
  payments: ChangePayments;
  /** The airline's 3-digit ticketing code (config TICKET_AIRLINE_CODE). */
  airlineCode: string;
  /** The e-itinerary sent again after a change succeeded (best effort, after the commit). */
  resendItinerary(orderNo: string): Promise<void>;
  log: { warn(obj: unknown, msg?: string): void };
}

/** The error of each block (after-sales §5, §8), with `{phone}` where the message has it. */
const BLOCK_ERRORS: Record<ChangeBlockReason, ErrorName> = {
  unpaid: 'changeOrderUnpaid',
  not_ticketed: 'changeNotTicketed',
  within_4h: 'changeWithin4h',
  used: 'changeUsedTicket',
  infant: 'changeInfant',
  china_route: 'changeChinaRoute',
  fare: 'changeFare',
  flight_expired: 'changeFlightExpired',
  upgrade: 'changeUpgrade',
  rescheduled: 'changeAlreadyRescheduled',
  in_change: 'changeInProgress',
  refunding: 'changeRefunding',
};

const BLOCK_KEYS: Record<ChangeBlockReason, MessageKey> = {
  unpaid: 'change.order_unpaid',
  not_ticketed: 'change.not_ticketed',
  within_4h: 'change.within_4h',
  used: 'change.used_ticket',
  infant: 'change.infant',
  china_route: 'change.china_route',
  fare: 'change.fare_blocked',
  flight_expired: 'change.flight_expired',
  upgrade: 'change.upgrade_blocked',
  rescheduled: 'change.already_rescheduled',
  in_change: 'change.in_progress',
  refunding: 'change.refunding',
};

/** The Enhanced Refundable Ticket's price line code (booking-addons.ts): §8 blocks rescheduling. */
const UPGRADE_CODE = 'ERT';
const MINUTE = 60_000;

type ChoiceRequest = z.infer<typeof ZCheckChangeOrderRequest>;
type FlightsRequest = z.infer<typeof ZChangeFlightsRequest>;

/** A flight a leg may move to, with the class the change takes on it. */
interface Option {
  flight: DayFlightClass;
  estimate: number;
}

/** A stored add-on outcome (ZChangeServiceCarry without its note). */
type StoredService = Omit<ChangeServiceCarry, 'note'>;

/** Whether a PostgreSQL error (or its cause) is a unique violation of `constraint`. */
function violates(err: unknown, constraint: string): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const pgErr = e as { code?: string; constraint?: string; cause?: unknown };
    if (pgErr.code === '23505' && pgErr.constraint === constraint) return true;
    e = pgErr.cause;
  }
  return false;
}

const nameOf = (p: Passenger) => `${p.surname}/${p.givenName}`;
const seatedOf = (ps: readonly Passenger[]) => ps.filter((p) => p.passengerType !== PassengerType.infant);

/**
 * Changes of date (issue 16; after-sales §2-§9): may the order change, the flights a leg may move
 * to, the quote (a change order holding its new seats and price for CHANGE_QUOTE_MINUTES), its
 * confirmation (nothing to pay: done at once; otherwise its own payable of kind `change`), the
 * completion in one transaction (tickets reissued, legs moved, seats and insurance cover moved),
 * the lapse of a quote or payment not made in time, and the records. Access is the order's: its
 * logged-in owner, a member who linked it, or a guest with its full grant.
 */
export class ChangesService {
  readonly repo: ChangesRepository;

  constructor(private readonly deps: ChangesDeps) {
    this.repo = new ChangesRepository(deps.db);
  }

  // ---- access

  /** The order when `actor` may change it; 710 otherwise. */
  async orderFor(orderNo: string, actor: Actor): Promise<ChangeOrder> {
    const order = await this.deps.order(this.deps.db, { orderNo });
    if (!order || !(await this.mayChange(actor, order))) throw new AppError('changeNotOwner');
    return order;
  }

  async mayChange(actor: Actor, order: ChangeOrder): Promise<boolean> {
    if (actor.kind === 'staff' || actor.kind === 'system') return orderView(actor, order) === 'full';
    if (orderView(actor, order) === 'full') return true;
    return actor.kind === 'traveller' && (await this.deps.isLinked(actor.userId, order.id));
  }

  /** A change order of the caller's: 727 unknown, `denied` when the caller may not act on its order. */
  private async changeFor(
    changeNo: string,
    actor: Actor,
    denied: ErrorName,
  ): Promise<{ rec: ChangeOrderRecord; order: ChangeOrder }> {
    const rec = await this.repo.byNo(changeNo);
    if (!rec) throw new AppError('changeNotFound');
    const order = await this.deps.order(this.deps.db, { id: rec.orderId });
    if (!order || !(await this.mayChange(actor, order))) throw new AppError(denied);
    return { rec, order };
  }

  // ---- checkChange

  /** checkChange: the order's blocks, legs, passengers, fee, date limits, reasons and a pending change. */
  async check(orderNo: string, actor: Actor, lang: LanguageTag): Promise<CheckChangeResponse> {
    let order = await this.orderFor(orderNo, actor);
    const now = this.deps.now();
    if (await this.lapseOf(order.id, now)) order = (await this.deps.order(this.deps.db, { id: order.id }))!;
    const cs = await this.deps.customerService();
    const facts = await this.facts(order);
    const blocks = orderChangeBlocks(facts, now).map((b) => this.bar(b, lang, cs));
    const tickets = await this.deps.tickets(order.id);
    const legs = [];
    for (const [i, s] of order.segments.entries()) {
      const own = legChangeBlock(facts.segments[i]!, order.currency, now);
      legs.push({
        ...(await this.legOf(s)),
        changeable: blocks.length === 0 && own === null,
        block: own ? this.bar(own, lang, cs) : null,
      });
    }
    const first = order.segments[0]!;
    const today = localDate(now, await this.deps.zones.zoneOf(first.depCode));
    const window = changeSearchWindow(today);
    const limits = await this.dateLimits(order);
    const pending = (await this.repo.ofOrderAll(order.id)).find((c) => c.status === 'unpaid') ?? null;
    return {
      orderNo: order.orderNo,
      changeable: blocks.length === 0,
      block: blocks[0] ?? null,
      blocks,
      servicePhone: cs.phone,
      currency: order.currency,
      legs,
      passengers: order.passengers.map((p) => ({
        seq: p.seq,
        name: nameOf(p),
        passengerType: p.passengerType,
        ticketNo: tickets.get(p.id)?.ticketNo ?? null,
      })),
      feePerPassengerSegment: changeRule(first.family as FareFamily, order.currency, facts.segments[0]!.route)
        .fee,
      outboundLatest: limits.returnDate,
      returnEarliest: order.segments.length > 1 ? limits.outboundDate : null,
      earliestDate: window.earliest,
      latestDate: window.latest,
      reasons: CHANGE_REASON_CODES.filter((c) => c !== 'flight_disrupted').map((code) => ({
        code,
        text: formatMessage(`change.reason.${code}`, lang),
      })),
      pending: pending
        ? {
            changeNo: pending.changeNo,
            amount: { amount: pending.amount, currency: order.currency },
            payDeadline: (pending.payDeadline ?? pending.expiresAt).toISOString(),
          }
        : null,
    };
  }

  // ---- queryChangeFlights

  /** queryChangeFlights: the flights a leg may move to on a date, each with its class, fare and estimate. */
  async flights(req: FlightsRequest, actor: Actor): Promise<ChangeFlightsResponse> {
    let order = await this.orderFor(req.orderNo, actor);
    const now = this.deps.now();
    if (await this.lapseOf(order.id, now)) order = (await this.deps.order(this.deps.db, { id: order.id }))!;
    const seg = this.segmentOf(order, req.segmentSeq);
    const facts = await this.facts(order);
    let dates: string[] = [];
    if (req.kind === 'disruption') {
      dates = await this.checkDisruption(order, facts, seg, req.date, now);
    } else {
      await this.checkVoluntary(facts, now);
      await this.checkDate(order, seg, req.date, null, now);
    }
    const options = await this.optionsOn(order, seg, req.date, req.kind, now);
    const flights: ChangeFlightOption[] = options.map((o) => ({
      flightId: o.flight.flightId,
      flightNo: o.flight.flightNo,
      depCode: seg.depCode,
      arrCode: seg.arrCode,
      depUtc: o.flight.depUtc.toISOString(),
      arrUtc: o.flight.arrUtc.toISOString(),
      aircraft: o.flight.aircraft,
      bookingClass: o.flight.bookingClass,
      seatsLeft: o.flight.remaining,
      adultFare: { amount: o.flight.adultAmount, currency: order.currency },
      estimate: { amount: o.estimate, currency: order.currency },
      current: o.flight.flightId === seg.flightId,
    }));
    if (flights.filter((f) => !f.current).length === 0) throw new AppError('changeNoFlights');
    return {
      orderNo: order.orderNo,
      segmentSeq: seg.seq,
      date: req.date,
      currency: order.currency,
      flights,
      dates,
    };
  }

  // ---- checkChangeOrder (the quote)

  /**
   * checkChangeOrder: the rules checked again, then in one transaction a QUOTED change order
   * with its legs, lines, passengers and add-on outcomes, and the new seats held under the
   * order. One live change per order (720 for a second); the same key answers the same quote.
   */
  async quote(req: ChoiceRequest, actor: Actor, lang: LanguageTag): Promise<ChangeOrderView> {
    let order = await this.orderFor(req.orderNo, actor);
    const legsAsked = [...req.legs].sort((a, b) => a.segmentSeq - b.segmentSeq);
    const hash = createHash('sha256')
      .update(
        JSON.stringify([
          req.kind,
          req.reasonCode,
          req.remark ?? null,
          legsAsked.map((l) => [l.segmentSeq, l.flightId, Date.parse(l.depUtc)]),
        ]),
      )
      .digest('hex');
    const again = await this.repo.byKey(order.id, req.idempotencyKey);
    if (again) return this.replay(again, hash, lang);

    const now = this.deps.now();
    if (await this.lapseOf(order.id, now)) order = (await this.deps.order(this.deps.db, { id: order.id }))!;
    // A traveller who went back and chose again: their earlier quote, never confirmed, gives way
    // (its seats back). Two quotes racing still leave one: the live-change index refuses the other.
    for (const c of await this.repo.ofOrderAll(order.id)) {
      if (c.status === 'quoted') await this.replace(c.changeNo, now);
    }
    if (req.kind === 'voluntary' && req.reasonCode === 'flight_disrupted')
      throw new AppError('changeReasonRequired', {
        fields: [{ field: 'reasonCode', key: 'change.reason_required' }],
      });
    const facts = await this.facts(order);
    if (req.kind === 'voluntary') await this.checkVoluntary(facts, now);
    if (new Set(legsAsked.map((l) => l.segmentSeq)).size !== legsAsked.length) {
      throw new AppError('invalidRequest', { fields: [{ field: 'legs', key: 'common.enter_correct_data' }] });
    }

    const seated = seatedOf(order.passengers);
    const infants = order.passengers.length - seated.length;
    const counts: [number, number, number] = [
      order.passengers.filter((p) => p.passengerType === PassengerType.adult).length,
      order.passengers.filter((p) => p.passengerType === PassengerType.child).length,
      infants,
    ];
    const chosen: Array<{ seg: Segment; option: Option; prices: Offer['prices'] | null }> = [];
    let disruptedFlightId: string | null = null;
    const newDates = new Map<number, string>();
    for (const leg of legsAsked) {
      const seg = this.segmentOf(order, leg.segmentSeq);
      if (leg.flightId === seg.flightId) throw new AppError('changeSameFlight');
      const flight = await this.repo.flight(leg.flightId);
      if (!flight || flight.routeCode !== `${seg.depCode}-${seg.arrCode}`)
        throw new AppError('changeNoFlights');
      if (flight.status !== 'scheduled' || flight.depUtc.getTime() !== Date.parse(leg.depUtc)) {
        throw new AppError('changeFlightTimeChanged', { data: { flightId: leg.flightId } });
      }
      newDates.set(seg.seq, flight.depLocalDate);
      if (req.kind === 'disruption') {
        await this.checkDisruption(order, facts, seg, flight.depLocalDate, now);
        disruptedFlightId ??= seg.flightId;
      }
    }
    if (req.kind === 'voluntary') {
      for (const leg of legsAsked) {
        const seg = this.segmentOf(order, leg.segmentSeq);
        const other = seg.seq === 1 ? (newDates.get(0) ?? null) : null;
        await this.checkDate(order, seg, newDates.get(seg.seq)!, other, now);
      }
    }
    for (const leg of legsAsked) {
      const seg = this.segmentOf(order, leg.segmentSeq);
      const options = await this.optionsOn(order, seg, newDates.get(seg.seq)!, req.kind, now);
      const option = options.find((o) => o.flight.flightId === leg.flightId);
      if (!option) throw new AppError('changeSoldOut', { data: { flightId: leg.flightId } });
      let prices: Offer['prices'] | null = null;
      if (req.kind === 'voluntary') {
        const offer = await this.deps
          .price({
            passengers: counts,
            segments: [
              { flightId: leg.flightId, bookingClass: option.flight.bookingClass, depTime: leg.depUtc },
            ],
            userId: order.userId,
          })
          .catch((err: unknown) => {
            if (err instanceof AppError) {
              if (err.errorName === 'flightScheduleChanged') throw new AppError('changeFlightTimeChanged');
              if (err.errorName === 'flightSelectLimit') throw new AppError('changeSoldOut');
              if (err.errorName === 'flightNotFound') throw new AppError('changeNoFlights');
            }
            throw err;
          });
        if (offer.currency !== order.currency) {
          throw new Error(`change of ${order.orderNo}: the new flight is priced in ${offer.currency}`);
        }
        prices = offer.prices;
      }
      chosen.push({ seg, option, prices });
    }

    // Lines: per passenger and leg, the fee and the differences to today's fare (§9).
    const lines: NewChangeLine[] = [];
    for (const p of order.passengers) {
      for (const { seg, prices } of chosen) {
        const old = this.paidFor(order, p.id, seg.id);
        const price = prices?.find((x) => x.passengerType === p.passengerType);
        const newFare = price ? price.fare.amount : old.fare;
        const newTaxes = price ? price.taxes.reduce((s, t) => s + t.amount.amount, 0) : old.taxes;
        const fee =
          req.kind === 'voluntary'
            ? changeRule(seg.family as FareFamily, order.currency, await this.routeOf(seg)).fee.amount
            : 0;
        const r = priceChangeLine({ fee, oldFare: old.fare, oldTaxes: old.taxes, newFare, newTaxes });
        lines.push({
          passengerId: p.id,
          passengerSeq: p.seq,
          passengerName: nameOf(p),
          segmentId: seg.id,
          segmentSeq: seg.seq,
          fee: r.fee,
          oldFare: old.fare,
          newFare,
          oldTaxes: old.taxes,
          newTaxes,
          fareDifference: r.fareDifference,
          taxDifference: r.taxDifference,
          total: r.total,
        });
      }
    }
    const legs: NewChangeLeg[] = chosen.map(({ seg, option }) => ({
      segmentId: seg.id,
      segmentSeq: seg.seq,
      depCode: seg.depCode,
      arrCode: seg.arrCode,
      family: seg.family,
      cabin: seg.cabin,
      fromFlightId: seg.flightId,
      fromFlightNo: seg.flightNo,
      fromDepUtc: seg.depUtc,
      fromArrUtc: seg.arrUtc,
      fromAircraft: seg.aircraft,
      fromBookingClass: seg.bookingClass,
      toFlightId: option.flight.flightId,
      toFlightNo: option.flight.flightNo,
      toDepUtc: option.flight.depUtc,
      toArrUtc: option.flight.arrUtc,
      toAircraft: option.flight.aircraft,
      toBookingClass: option.flight.bookingClass,
    }));
    const services = await this.servicesOf(order, legs);
    const tickets = await this.deps.tickets(order.id);
    const fee = lines.reduce((s, l) => s + (l.fee ?? 0), 0);
    const difference = lines.reduce((s, l) => s + l.fareDifference + l.taxDifference, 0);
    const originalCost = lines.reduce((s, l) => s + l.oldFare + l.oldTaxes, 0);
    const travellers = await this.deps.travellers(this.deps.db, order.id);
    const label = actorLabel(actor);

    try {
      const made = await this.repo.transaction(async (repo, tx) => {
        const rec = await repo.insertQuote(
          {
            orderId: order.id,
            orderNo: order.orderNo,
            ownerUserId: order.userId,
            requesterUserId: actor.kind === 'traveller' ? actor.userId : null,
            kind: req.kind,
            reasonCode: req.kind === 'disruption' ? 'flight_disrupted' : req.reasonCode,
            remark: req.remark ?? null,
            currency: order.currency,
            fee,
            originalCost,
            difference,
            amount: fee + difference,
            disruptedFlightId,
            services: services as unknown as Array<Record<string, unknown>>,
            idempotencyKey: req.idempotencyKey,
            requestHash: hash,
            language: order.language,
            contactName: travellers?.contact.name ?? order.contact.name,
            contactEmail: travellers?.contact.email ?? order.contact.email,
            expiresAt: new Date(now.getTime() + CHANGE_QUOTE_MINUTES * MINUTE),
          },
          {
            legs,
            lines,
            passengers: order.passengers.map((p) => ({
              passengerId: p.id,
              passengerSeq: p.seq,
              passengerName: nameOf(p),
              oldTicketNo: tickets.get(p.id)?.ticketNo ?? null,
            })),
          },
          { type: 'quoted', actor: label, data: { amount: fee + difference, currency: order.currency } },
          now,
        );
        const holds: SeatHold[] = legs.map((l) => ({
          flightId: l.toFlightId,
          cabin: l.cabin,
          bookingClass: l.toBookingClass,
          seats: seated.length,
          infants,
        }));
        if (!(await this.deps.steps.hold(tx, order.id, holds, now))) throw new AppError('changeSoldOut');
        return rec;
      });
      return this.view(made, lang);
    } catch (err) {
      if (violates(err, 'change_orders_idempotency_key')) {
        const winner = await this.repo.byKey(order.id, req.idempotencyKey);
        if (winner) return this.replay(winner, hash, lang);
      }
      if (violates(err, 'change_orders_live_key')) throw new AppError('changeInProgress');
      throw err;
    }
  }

  private async replay(rec: ChangeOrderRecord, hash: string, lang: LanguageTag): Promise<ChangeOrderView> {
    if (rec.requestHash !== hash) {
      throw new AppError('changeKeyReused', {
        fields: [{ field: 'idempotencyKey', key: 'change.key_reused' }],
      });
    }
    return this.view(rec, lang);
  }

  // ---- saveChangeOrder

  /**
   * saveChangeOrder: confirms a quoted, unexpired change (728 after its time: its seats went
   * back). Every passenger's ticket moves issued → change_in (fewer moved: 734, nothing kept);
   * nothing to pay completes it in the same transaction, otherwise it waits for its payment
   * (its payable of kind `change`, until CHANGE_PAY_MINUTES), keeping its seats. Confirming
   * again answers the change as it is.
   */
  async save(
    req: { changeNo: string; insuranceAccepted: boolean },
    actor: Actor,
    lang: LanguageTag,
  ): Promise<ChangeOrderView> {
    const { rec, order } = await this.changeFor(req.changeNo, actor, 'changeNotOwner');
    const now = this.deps.now();
    if (rec.status === 'quoted' && rec.expiresAt.getTime() <= now.getTime()) {
      await this.lapse(rec.changeNo, now);
      throw new AppError('changeQuoteExpired');
    }
    if (rec.status === 'expired' || rec.status === 'canceled') throw new AppError('changeQuoteExpired');
    if (rec.status !== 'quoted') return this.view(rec, lang);
    const services = rec.services as unknown as StoredService[];
    if (services.some((s) => s.code === '10' && s.outcome === 'carried') && !req.insuranceAccepted) {
      throw new AppError('changeInsuranceTerms');
    }
    // The rules as they stand now (a ticket checked in or refunded since the quote), this quote aside.
    const facts = await this.facts(order, rec.id);
    const blocks = rec.kind === 'voluntary' ? orderChangeBlocks(facts, now) : disruptionChangeBlocks(facts);
    if (blocks[0]) throw await this.blockError(blocks[0]);
    if (rec.kind === 'voluntary') {
      const moved = new Set((await this.repo.legsOf(rec.id)).map((l) => l.segmentId));
      for (const [i, s] of order.segments.entries()) {
        const own = moved.has(s.id) ? legChangeBlock(facts.segments[i]!, order.currency, now) : null;
        if (own) throw await this.blockError(own);
      }
    }
    const label = actorLabel(actor);
    const done = await this.repo.transaction(async (repo, tx) => {
      const locked = await repo.byId(rec.id, true);
      if (locked?.status !== 'quoted') return locked;
      const passengers = await repo.passengersOf(rec.id);
      const tickets = await this.deps.tickets(order.id, tx);
      const ids = passengers.flatMap((p) => {
        const t = tickets.get(p.passengerId);
        return t ? [t.id] : [];
      });
      const moved = await this.deps.steps.startTickets(tx, ids, now);
      if (ids.length < passengers.length || moved < ids.length) throw new AppError('changeRefunding');
      const unpaid = await repo.move(rec.id, ['quoted'], 'unpaid', now, {
        confirmedAt: now,
        insuranceAccepted: req.insuranceAccepted,
        // Nothing to pay completes below, in this transaction: no deadline to keep.
        payDeadline: locked.amount > 0 ? new Date(now.getTime() + CHANGE_PAY_MINUTES * MINUTE) : null,
      });
      if (!unpaid) throw new Error(`change ${rec.changeNo} not quoted`);
      await repo.addEvent(rec.id, { type: 'confirmed', actor: label }, now);
      if (unpaid.amount === 0) return this.completeIn(tx, rec.id, label, now, false);
      const travellers = await this.deps.travellers(tx, order.id);
      const lines = await repo.linesOf(rec.id);
      await this.deps.steps.createPayable(tx, {
        kind: 'change',
        reference: rec.changeNo,
        ownerUserId: order.userId,
        amount: unpaid.amount,
        currency: unpaid.currency,
        lines: lines.flatMap((l) =>
          (
            [
              { kind: 'fee', code: 'CHANGE', amount: l.fee },
              { kind: 'fare', code: 'FARE', amount: l.fareDifference },
              { kind: 'tax', code: 'TAX', amount: l.taxDifference },
            ] as const
          )
            .filter((x) => x.amount > 0)
            .map((x) => ({ ...x, passengerRef: l.passengerId, segmentRef: l.segmentId })),
        ),
        dueAt: unpaid.payDeadline!,
        contact: {
          name: travellers?.contact.name ?? order.contact.name,
          email: travellers?.contact.email ?? order.contact.email,
          phone: travellers?.contact.phone ?? '',
          language: order.language,
          surnames: travellers?.contact.surnames ?? order.passengers.map((p) => p.surname),
        },
        now,
      });
      return unpaid;
    });
    if (done?.status === 'succeeded') await this.afterSucceeded(done.orderNo);
    return this.view((await this.repo.byId(rec.id)) ?? rec, lang);
  }

  // ---- the completion

  /**
   * The change is done (nothing to pay, or its payment settled), in the caller's transaction,
   * the change order's row locked first: the tickets reissued, the legs moved in place, the old
   * flights' seats given back (the new ones were held by the quote), the seats chosen again on
   * the new flights, the insurance cover moved, a disruption's choice recorded, the order's
   * history, and the change order succeeded with its new ticket numbers. Done once: a change
   * already succeeded is answered as it is.
   */
  async completeIn(tx: Tx, changeOrderId: string, actor: string, now: Date, paid: boolean) {
    const repo = new ChangesRepository(tx);
    const rec = await repo.byId(changeOrderId, true);
    if (!rec) throw new Error(`no change order ${changeOrderId}`);
    if (rec.status === 'succeeded') return rec;
    if (rec.status !== 'unpaid')
      throw new Error(`change ${rec.changeNo} is ${rec.status}: it cannot complete`);
    const order = await this.deps.order(tx, { id: rec.orderId });
    if (!order) throw new Error(`change ${rec.changeNo}: no order`);
    const [legs, passengers] = await Promise.all([repo.legsOf(rec.id), repo.passengersOf(rec.id)]);
    const tickets = await this.deps.tickets(order.id, tx);
    const ticketIds = passengers.map((p) => {
      const t = tickets.get(p.passengerId);
      if (!t || t.status !== TicketStatus.changeIn) {
        throw new Error(
          `change ${rec.changeNo}: the ticket of passenger ${p.passengerId} is not being changed`,
        );
      }
      return t.id;
    });
    const { steps } = this.deps;
    const reissued = await steps.reissue(tx, {
      ticketIds,
      changedSegmentIds: legs.map((l) => l.segmentId),
      airlineCode: this.deps.airlineCode,
      now,
    });
    await steps.moveSegments(
      tx,
      order.id,
      legs.map((l) => ({
        segmentId: l.segmentId,
        flightId: l.toFlightId,
        flightNo: l.toFlightNo,
        depUtc: l.toDepUtc,
        arrUtc: l.toArrUtc,
        aircraft: l.toAircraft,
        bookingClass: l.toBookingClass,
      })),
      now,
    );
    const seated = seatedOf(order.passengers);
    await steps.releaseSeats(
      tx,
      order.id,
      legs.map((l) => ({
        flightId: l.fromFlightId,
        bookingClass: l.fromBookingClass,
        seats: seated.length,
        infants: order.passengers.length - seated.length,
      })),
      now,
    );
    const travellers = await this.deps.travellers(tx, order.id);
    const reseated: Array<ReseatedPassenger & { segmentSeq: number }> = [];
    for (const l of legs) {
      const r = await steps.reseat(tx, {
        orderRef: order.id,
        segmentRef: l.segmentId,
        fromFlightId: l.fromFlightId,
        toFlightId: l.toFlightId,
        passengers: seated.map((p) => ({
          passengerRef: p.id,
          taker: {
            birthday: p.birthday,
            passengerType: p.passengerType,
            withInfant: travellers?.withInfant.has(p.id) ?? false,
          },
        })),
        now,
      });
      reseated.push(...r.map((x) => ({ ...x, segmentSeq: l.segmentSeq })));
    }
    const policies = (await steps.policies(tx, order.id)).filter((p) => p.status !== 'failed');
    if (policies.length > 0) {
      const cover = await this.coverAfter(order, legs);
      const moved = await steps.moveInsurance(tx, order.id, cover, now);
      if ('refused' in moved) throw new AppError('changeInsuranceAbnormal', { params: { phone: '-' } });
    }
    if (rec.kind === 'disruption' && rec.disruptedFlightId) {
      await repo.recordMoved(
        { orderId: order.id, flightId: rec.disruptedFlightId, changeOrderId: rec.id, actor },
        now,
      );
    }
    const legFacts = legs.map((l) => ({
      segmentSeq: l.segmentSeq,
      from: { flightNo: l.fromFlightNo, depUtc: l.fromDepUtc.toISOString() },
      to: { flightNo: l.toFlightNo, depUtc: l.toDepUtc.toISOString() },
    }));
    const ticketFacts = reissued.map((t) => ({ old: t.oldTicketNo, new: t.newTicketNo }));
    await steps.history(
      tx,
      order.id,
      {
        type: 'rescheduled',
        actor,
        reason: rec.kind === 'disruption' ? 'flight_disrupted' : rec.reasonCode,
        data: { changeNo: rec.changeNo, kind: rec.kind, legs: legFacts, tickets: ticketFacts },
      },
      now,
    );
    const done = await repo.move(rec.id, ['unpaid'], 'succeeded', now, {
      succeededAt: now,
      ...(paid ? { paidAt: now } : {}),
    });
    if (!done) throw new Error(`change ${rec.changeNo} not unpaid`);
    for (const t of reissued) await repo.setNewTicket(rec.id, t.passengerId, t.newTicketNo, now);
    await repo.addEvent(
      rec.id,
      { type: 'succeeded', actor, data: { tickets: ticketFacts, seats: reseated } },
      now,
    );
    return done;
  }

  /** After the commit of a change that succeeded: the e-itinerary again (best effort). */
  async afterSucceeded(orderNo: string): Promise<void> {
    try {
      await this.deps.resendItinerary(orderNo);
    } catch (err) {
      this.deps.log.warn({ err, orderNo }, 'could not send the itinerary again after a change');
    }
  }

  // ---- the lapse

  /**
   * A quote past its time or an unpaid change past its deadline → expired, in one transaction:
   * its held seats back, an unpaid one's tickets back to issued and its payable closed (the
   * payable first, as payments locks it; a payment that paid it first wins and nothing is
   * done). Whether it expired.
   */
  async lapse(changeNo: string, now: Date = this.deps.now()): Promise<boolean> {
    return this.close(changeNo, now, 'lapse');
  }

  /**
   * A quote the traveller did not confirm, withdrawn because they asked for another (they went
   * back and chose other flights): canceled, its held seats back. Only a quote: a confirmed
   * change waiting for its payment is never replaced. Whether it was withdrawn.
   */
  private async replace(changeNo: string, now: Date): Promise<boolean> {
    return this.close(changeNo, now, 'replaced');
  }

  /** The lapse and the replacement of a live change: its seats back, its tickets and payable released. */
  private async close(changeNo: string, now: Date, why: 'lapse' | 'replaced'): Promise<boolean> {
    return this.repo.transaction(async (repo, tx) => {
      const seen = await repo.byNo(changeNo);
      if (!seen) return false;
      if (why === 'lapse' ? !this.isDue(seen, now) : seen.status !== 'quoted') return false;
      if (seen.status === 'unpaid' && !(await this.deps.steps.closePayable(tx, 'change', changeNo, now))) {
        return false;
      }
      const rec = await repo.byNo(changeNo, true);
      if (!rec || rec.status !== seen.status) return false;
      const moved = await repo.move(rec.id, [rec.status], why === 'lapse' ? 'expired' : 'canceled', now, {
        closedAt: now,
        closeReason:
          why === 'replaced' ? 'replaced' : rec.status === 'quoted' ? 'quote_expired' : 'payment_expired',
      });
      if (!moved) return false;
      const order = await this.deps.order(tx, { id: rec.orderId });
      const seated = order ? seatedOf(order.passengers).length : 0;
      const infants = order ? order.passengers.length - seated : 0;
      const legs = await repo.legsOf(rec.id);
      await this.deps.steps.releaseSeats(
        tx,
        rec.orderId,
        legs.map((l) => ({ flightId: l.toFlightId, bookingClass: l.toBookingClass, seats: seated, infants })),
        now,
      );
      if (rec.status === 'unpaid') {
        const tickets = await this.deps.tickets(rec.orderId, tx);
        const ids = (await repo.passengersOf(rec.id)).flatMap((p) => {
          const t = tickets.get(p.passengerId);
          return t && t.status === TicketStatus.changeIn ? [t.id] : [];
        });
        await this.deps.steps.cancelTickets(tx, ids, now);
      }
      await repo.addEvent(
        rec.id,
        { type: why === 'lapse' ? 'expired' : 'canceled', actor: 'system', reason: moved.closeReason },
        now,
      );
      return true;
    });
  }

  private isDue(rec: ChangeOrderRecord, now: Date): boolean {
    if (rec.status === 'quoted') return rec.expiresAt.getTime() <= now.getTime();
    if (rec.status === 'unpaid')
      return rec.payDeadline !== null && rec.payDeadline.getTime() <= now.getTime();
    return false;
  }

  /** The order's live changes past their time are expired before anything is read or quoted. */
  private async lapseOf(orderId: string, now: Date): Promise<boolean> {
    let any = false;
    for (const c of await this.repo.ofOrderAll(orderId)) {
      if (this.isDue(c, now)) any = (await this.lapse(c.changeNo, now)) || any;
    }
    return any;
  }

  /** The sweep: every live change past its time; how many expired. */
  async lapseDue(limit = 100): Promise<number> {
    const now = this.deps.now();
    let n = 0;
    for (const c of await this.repo.lapsed(now, limit)) if (await this.lapse(c.changeNo, now)) n++;
    return n;
  }

  // ---- getPayUrl

  /**
   * changeTicket/getPayUrl: start paying an unpaid change (as payment/getPayUrl, kind `change`;
   * 204 for a change the caller may not pay, as for an unknown one). An unpaid change past its
   * deadline is expired first (payments then answers it expired).
   */
  async payUrl(changeNo: string, method: PayMethod, actor: Actor, clientIp: string): Promise<PayUrlResponse> {
    const rec = await this.repo.byNo(changeNo);
    const order = rec && (await this.deps.order(this.deps.db, { id: rec.orderId }));
    if (!rec || !order || !(await this.mayChange(actor, order))) throw new AppError('payOrderNotFound');
    if (this.isDue(rec, this.deps.now())) await this.lapse(rec.changeNo);
    return this.deps.payments.getPayUrl(rec.changeNo, method, this.payerActor(actor, order), {
      clientIp,
      kind: 'change',
    });
  }

  /**
   * Payments lets the order's owner or a grant holder pay; a member who linked the order passed
   * this module's own check, and pays as the system on their behalf.
   */
  private payerActor(actor: Actor, order: ChangeOrder): Actor {
    return orderView(actor, order) !== null ? actor : { kind: 'system', name: actorLabel(actor) };
  }

  // ---- records

  /** queryChangeOrderDetail: one change order of the caller's (an unpaid one asks payments first). */
  async detail(changeNo: string, actor: Actor, lang: LanguageTag): Promise<ChangeOrderView> {
    let { rec, order } = await this.changeFor(changeNo, actor, 'changeNotFound');
    if (rec.status === 'unpaid') {
      try {
        // A late or lost notification: the pay status asks the gateway and applies a success.
        await this.deps.payments.status(rec.changeNo, this.payerActor(actor, order), 'change');
      } catch (err) {
        this.deps.log.warn({ err, changeNo }, 'could not ask payments about a change');
      }
      if (this.isDue(rec, this.deps.now())) await this.lapse(rec.changeNo);
      rec = (await this.repo.byId(rec.id)) ?? rec;
    }
    return this.view(rec, lang);
  }

  /**
   * queryChangeOrderList: a member's change orders (their orders', and those they asked for on an
   * order they linked), or one order's (its owner, a member who linked it, a full grant: a guest
   * names the order of their grant). Quotes never confirmed are not listed.
   */
  async list(
    req: { orderNo?: string | undefined; pageNum: number; pageSize: number },
    actor: Actor,
    lang: LanguageTag,
  ): Promise<ChangeOrderListResponse> {
    const page = { offset: (req.pageNum - 1) * req.pageSize, limit: req.pageSize };
    const orderNo = req.orderNo ?? (actor.kind === 'guest' ? actor.grant?.orderNo : undefined);
    let found: { list: ChangeOrderRecord[]; total: number };
    if (orderNo) {
      const order = await this.orderFor(orderNo, actor);
      found = await this.repo.ofOrder(order.id, page);
    } else if (actor.kind === 'traveller') {
      found = await this.repo.ofMember(actor.userId, page);
    } else {
      throw new AppError('changeNotOwner');
    }
    const list = [];
    for (const rec of found.list) {
      const v = await this.view(rec, lang);
      list.push({
        changeNo: v.changeNo,
        orderNo: v.orderNo,
        kind: v.kind,
        status: v.status,
        rescheduledStatus: v.rescheduledStatus,
        payStatus: v.payStatus,
        from: v.from,
        to: v.to,
        amount: v.amount,
        createdAt: v.createdAt,
        payDeadline: v.payDeadline,
      });
    }
    return { list, total: found.total };
  }

  /** The change orders of an order, newest first (the disruption calls). */
  changeOrdersOf(orderId: string): Promise<ChangeOrderRecord[]> {
    return this.repo.ofOrderAll(orderId);
  }

  /** A change order as the traveller (and the console) see it. */
  async view(rec: ChangeOrderRecord, lang: LanguageTag): Promise<ChangeOrderView> {
    const [legs, lines, passengers] = await Promise.all([
      this.repo.legsOf(rec.id),
      this.repo.linesOf(rec.id),
      this.repo.passengersOf(rec.id),
    ]);
    const money = (amount: number) => ({ amount, currency: rec.currency as 'USD' | 'CNY' });
    const from: ChangeLeg[] = [];
    const to: ChangeLeg[] = [];
    for (const l of legs) {
      const zone = await this.deps.zones.zoneOf(l.depCode);
      const base = {
        segmentSeq: l.segmentSeq,
        depCode: l.depCode.trim(),
        arrCode: l.arrCode.trim(),
        family: l.family,
        cabin: l.cabin.trim(),
      };
      from.push({
        ...base,
        flightId: l.fromFlightId,
        flightNo: l.fromFlightNo,
        depUtc: l.fromDepUtc.toISOString(),
        arrUtc: l.fromArrUtc.toISOString(),
        depDate: localDate(l.fromDepUtc, zone),
        bookingClass: l.fromBookingClass.trim(),
      });
      to.push({
        ...base,
        flightId: l.toFlightId,
        flightNo: l.toFlightNo,
        depUtc: l.toDepUtc.toISOString(),
        arrUtc: l.toArrUtc.toISOString(),
        depDate: localDate(l.toDepUtc, zone),
        bookingClass: l.toBookingClass.trim(),
      });
    }
    const costLines: ChangeCostLine[] = lines.map((l) => ({
      passengerSeq: l.passengerSeq,
      passengerName: l.passengerName,
      segmentSeq: l.segmentSeq,
      fee: money(l.fee),
      oldFare: money(l.oldFare),
      newFare: money(l.newFare),
      oldTaxes: money(l.oldTaxes),
      newTaxes: money(l.newTaxes),
      fareDifference: money(l.fareDifference),
      taxDifference: money(l.taxDifference),
      total: money(l.total),
    }));
    const status = rec.status as ChangeOrderStatus;
    return {
      changeNo: rec.changeNo,
      orderNo: rec.orderNo,
      kind: rec.kind as ChangeKind,
      status,
      rescheduledStatus: status === 'succeeded' ? RescheduledStatus.success : RescheduledStatus.processing,
      payStatus:
        status === 'succeeded' || rec.paidAt !== null
          ? OrderPayStatus.paid
          : status === 'expired' || status === 'canceled'
            ? OrderPayStatus.canceled
            : OrderPayStatus.un_paid,
      reasonCode: rec.reasonCode as ChangeReasonCode,
      reasonText: formatMessage(`change.reason.${rec.reasonCode as ChangeReasonCode}`, lang),
      remark: rec.remark,
      currency: rec.currency,
      from,
      to,
      passengers: passengers.map((p) => ({
        seq: p.passengerSeq,
        name: p.passengerName,
        oldTicketNo: p.oldTicketNo?.trim() ?? null,
        newTicketNo: p.newTicketNo?.trim() ?? null,
      })),
      lines: costLines,
      services: (rec.services as unknown as StoredService[]).map((s) => ({
        ...s,
        note: this.noteOf(s, lang),
      })),
      fee: money(rec.fee),
      originalCost: money(rec.originalCost),
      difference: money(rec.difference),
      amount: money(rec.amount),
      createdAt: rec.createdAt.toISOString(),
      expiresAt: status === 'quoted' ? rec.expiresAt.toISOString() : null,
      payDeadline: status === 'unpaid' ? (rec.payDeadline?.toISOString() ?? null) : null,
      succeededAt: rec.succeededAt?.toISOString() ?? null,
    };
  }

  private noteOf(s: StoredService, lang: LanguageTag): string {
    if (s.outcome === 'reseat') return formatMessage('change.carry.reseat', lang, { seat: s.before ?? '-' });
    if (s.outcome === 'lapsed') return formatMessage('change.carry.lapsed', lang);
    if (s.code === '10') return formatMessage('change.carry.insurance', lang);
    return formatMessage('change.carry.carried', lang);
  }

  // ---- rules applied to an order

  private segmentOf(order: ChangeOrder, seq: number): Segment {
    const seg = order.segments.find((s) => s.seq === seq);
    if (!seg) {
      throw new AppError('invalidRequest', {
        fields: [{ field: 'segmentSeq', key: 'common.enter_correct_data' }],
      });
    }
    return seg;
  }

  private async routeOf(s: Segment) {
    const countries = await this.deps.zones.countries();
    return { depCountry: countries.get(s.depCode) ?? '', arrCountry: countries.get(s.arrCode) ?? '' };
  }

  private async legOf(s: Segment): Promise<ChangeLeg> {
    return {
      segmentSeq: s.seq,
      flightId: s.flightId,
      flightNo: s.flightNo,
      depCode: s.depCode,
      arrCode: s.arrCode,
      depUtc: s.depUtc.toISOString(),
      arrUtc: s.arrUtc.toISOString(),
      depDate: localDate(s.depUtc, await this.deps.zones.zoneOf(s.depCode)),
      family: s.family,
      cabin: s.cabin,
      bookingClass: s.bookingClass,
    };
  }

  /**
   * The facts of §5's blocks: paid, ticketed, an infant, the upgrade (an ERT line), a voluntary
   * change succeeded, a live change (but `ignore`, the one being confirmed), a refund (a ticket
   * refunding or refunded, or a passenger in a submitted refund), each leg's used coupon.
   */
  private async facts(order: ChangeOrder, ignore?: string): Promise<ChangeOrderFacts> {
    const [tickets, inRefund, changes] = await Promise.all([
      this.deps.tickets(order.id),
      this.deps.passengersInRefund(order.id),
      this.repo.ofOrderAll(order.id),
    ]);
    const countries = await this.deps.zones.countries();
    const segments: ChangeSegmentFacts[] = order.segments.map((s) => ({
      depUtc: s.depUtc,
      family: s.family as FareFamily,
      route: { depCountry: countries.get(s.depCode) ?? '', arrCountry: countries.get(s.arrCode) ?? '' },
      used: [...tickets.values()].some((t) =>
        t.coupons.some(
          (c) => c.segmentId === s.id && (c.usage === CheckInStatus.used || c.checkedInAt !== null),
        ),
      ),
    }));
    return {
      paid: order.status === OrderPayStatus.paid,
      ticketed: order.ticketedAt !== null,
      hasInfant: order.passengers.some((p) => p.passengerType === PassengerType.infant),
      upgraded: order.lines.some((l) => l.kind === 'addon' && l.code === UPGRADE_CODE),
      rescheduled: changes.some((c) => c.status === 'succeeded' && c.kind === 'voluntary'),
      // A quote never confirmed does not block: asking again replaces it (the traveller went back).
      inChange: changes.some((c) => c.id !== ignore && c.status === 'unpaid'),
      refunding:
        inRefund.size > 0 ||
        [...tickets.values()].some(
          (t) => t.status === TicketStatus.refunding || t.status === TicketStatus.refunded,
        ),
      currency: order.currency,
      segments,
    };
  }

  private async checkVoluntary(facts: ChangeOrderFacts, now: Date): Promise<void> {
    const blocks = orderChangeBlocks(facts, now);
    if (blocks[0]) throw await this.blockError(blocks[0]);
  }

  /**
   * A free move of a leg whose flight the airline retimed or canceled, to a date within
   * ±3 days of its ORIGINAL local date (733 otherwise); the dates that may be chosen.
   */
  private async checkDisruption(
    order: ChangeOrder,
    facts: ChangeOrderFacts,
    seg: Segment,
    date: string,
    now: Date,
  ): Promise<string[]> {
    const blocks = disruptionChangeBlocks(facts);
    if (blocks[0]) throw await this.blockError(blocks[0]);
    const changed = order.flightChanges.filter((c) => c.flightId === seg.flightId);
    if (changed.length === 0) throw new AppError('changeNotDisrupted');
    const zone = await this.deps.zones.zoneOf(seg.depCode);
    const original = localDate(changed[0]!.before.depUtc, zone);
    const dates = disruptionMoveDates(original, localDate(now, zone));
    if (!dates.includes(date)) throw new AppError('changeNotDisrupted', { data: { dates } });
    return dates;
  }

  /** §5's limits and the 180-day window for a leg's new date (`otherNew`: the new outbound date, both moved). */
  private async checkDate(
    order: ChangeOrder,
    seg: Segment,
    date: string,
    otherNew: string | null,
    now: Date,
  ): Promise<void> {
    const window = changeSearchWindow(localDate(now, await this.deps.zones.zoneOf(seg.depCode)));
    if (date < window.earliest) {
      throw new AppError('invalidRequest', { fields: [{ field: 'date', key: 'search.date_past' }] });
    }
    if (date > window.latest) {
      throw new AppError('invalidRequest', {
        fields: [{ field: 'date', key: 'search.date_too_far', params: { days: CHANGE_WINDOW_DAYS } }],
      });
    }
    const limits = await this.dateLimits(order);
    const problem = changeDateProblem(limits, seg.seq === 0 ? 'outbound' : 'return', date, otherNew);
    if (problem === 'outbound_after_return') {
      throw new AppError('changeOutboundAfterReturn', { params: { date: limits.returnDate ?? '' } });
    }
    if (problem === 'return_before_departure') {
      throw new AppError('changeReturnBeforeDeparture', {
        params: { date: otherNew ?? limits.outboundDate },
      });
    }
  }

  private async dateLimits(order: ChangeOrder): Promise<{ outboundDate: string; returnDate: string | null }> {
    const out = order.segments[0]!;
    const back = order.segments[1];
    return {
      outboundDate: localDate(out.depUtc, await this.deps.zones.zoneOf(out.depCode)),
      returnDate: back ? localDate(back.depUtc, await this.deps.zones.zoneOf(back.depCode)) : null,
    };
  }

  /** What the passenger paid for the leg: its fare (after its discount share) and taxes. */
  private paidFor(
    order: ChangeOrder,
    passengerId: string,
    segmentId: string,
  ): { fare: number; taxes: number } {
    const of = (kind: string) =>
      order.lines
        .filter((l) => l.passengerId === passengerId && l.segmentId === segmentId && l.kind === kind)
        .reduce((s, l) => s + l.amount, 0);
    return { fare: of('fare') + of('discount'), taxes: of('tax') };
  }

  /**
   * The flights of the leg's route on a date that leave more than 4 hours from now, each with
   * the class the change takes: the lowest open class of the ticket's family that seats every
   * passenger (a disruption: the same class if open, else the cheapest open class of the cabin),
   * and the estimate (fee and fare differences of all passengers; taxes are priced by the quote;
   * 0 for a disruption).
   */
  private async optionsOn(
    order: ChangeOrder,
    seg: Segment,
    date: string,
    kind: ChangeKind,
    now: Date,
  ): Promise<Option[]> {
    const rows = await this.repo.dayFlightClasses(`${seg.depCode}-${seg.arrCode}`, date, order.currency);
    const seated = seatedOf(order.passengers).length;
    const infants = order.passengers.length - seated;
    const byFlight = new Map<string, DayFlightClass[]>();
    for (const r of rows) byFlight.set(r.flightId, [...(byFlight.get(r.flightId) ?? []), r]);
    const fee =
      kind === 'voluntary'
        ? changeRule(seg.family as FareFamily, order.currency, await this.routeOf(seg)).fee.amount
        : 0;
    const options: Option[] = [];
    for (const classes of byFlight.values()) {
      const first = classes[0]!;
      if (first.depUtc.getTime() <= now.getTime() || departsWithinCutoff(first.depUtc, now)) continue;
      const open = classes.filter((c) => c.remaining >= seated && c.infantsLeft >= infants);
      const pick =
        kind === 'voluntary'
          ? open.find((c) => c.family === seg.family)
          : (open.find((c) => c.bookingClass === seg.bookingClass) ??
            open.find((c) => c.cabin === seg.cabin));
      if (!pick) continue;
      let estimate = 0;
      if (kind === 'voluntary') {
        for (const p of order.passengers) {
          const type =
            p.passengerType === PassengerType.child
              ? 'child'
              : p.passengerType === PassengerType.infant
                ? 'infant'
                : 'adult';
          const old = this.paidFor(order, p.id, seg.id);
          estimate += fee + Math.max(0, passengerFare(pick.adultAmount, type) - old.fare);
        }
      }
      options.push({ flight: pick, estimate });
    }
    return options;
  }

  /**
   * What becomes of each add-on of the changed legs: extra baggage and priority boarding are
   * carried, a chosen seat is released and one of the same kind chosen again on the new flight,
   * the insurance cover moves with the new dates (730 when it cannot: too long a trip).
   */
  private async servicesOf(order: ChangeOrder, legs: readonly NewChangeLeg[]): Promise<StoredService[]> {
    const moved = new Map(legs.map((l) => [l.segmentId, l.segmentSeq]));
    const out: StoredService[] = [];
    const seats = await this.deps.steps.seats(order.passengers.map((p) => p.id));
    for (const p of order.passengers) {
      const name = nameOf(p);
      for (const l of order.lines.filter((x) => x.passengerId === p.id && x.kind === 'addon')) {
        if (l.code !== '11' && l.code !== '13') continue;
        if (!l.segmentId || !moved.has(l.segmentId)) continue;
        out.push({
          passengerSeq: p.seq,
          passengerName: name,
          segmentSeq: moved.get(l.segmentId)!,
          code: l.code,
          outcome: 'carried',
          before: null,
        });
      }
      for (const s of seats.filter((x) => x.passengerRef === p.id && moved.has(x.segmentRef))) {
        out.push({
          passengerSeq: p.seq,
          passengerName: name,
          segmentSeq: moved.get(s.segmentRef)!,
          code: '12',
          outcome: 'reseat',
          before: s.seat,
        });
      }
    }
    const policies = (await this.deps.steps.policies(this.deps.db, order.id)).filter(
      (x) => x.status !== 'failed',
    );
    if (policies.length > 0) {
      const cover = await this.coverAfter(order, legs);
      const days = cover.to < cover.from ? 0 : insuredDays(cover.from, cover.to);
      if (days < INSURED_DAYS_MIN || days > INSURED_DAYS_MAX) {
        const cs = await this.deps.customerService();
        throw new AppError('changeInsuranceAbnormal', { params: { phone: cs.phone ?? '-' } });
      }
      for (const pol of policies) {
        const p = order.passengers.find((x) => x.id === pol.passengerId);
        if (!p) continue;
        out.push({
          passengerSeq: p.seq,
          passengerName: nameOf(p),
          segmentSeq: null,
          code: '10',
          outcome: 'carried',
          before: null,
        });
      }
    }
    return out;
  }

  /** The insured dates after the move: the first departure's local date to the last arrival's. */
  private async coverAfter(
    order: ChangeOrder,
    legs: ReadonlyArray<Pick<ChangeLegRecord, 'segmentId' | 'toDepUtc' | 'toArrUtc'>>,
  ): Promise<{ from: string; to: string }> {
    const moved = new Map(legs.map((l) => [l.segmentId, l]));
    const first = order.segments[0]!;
    const last = order.segments[order.segments.length - 1]!;
    const dep = moved.get(first.id)?.toDepUtc ?? first.depUtc;
    const arr = moved.get(last.id)?.toArrUtc ?? last.arrUtc;
    return {
      from: localDate(dep, await this.deps.zones.zoneOf(first.depCode)),
      to: localDate(arr, await this.deps.zones.zoneOf(last.arrCode)),
    };
  }

  private async blockError(block: ChangeBlockReason): Promise<AppError> {
    const cs = await this.deps.customerService();
    return new AppError(BLOCK_ERRORS[block], { params: { phone: cs.phone ?? '-' }, data: { reason: block } });
  }

  private bar(block: ChangeBlockReason, lang: LanguageTag, cs: CustomerService): ChangeBar {
    return { reason: block, message: formatMessage(BLOCK_KEYS[block], lang, { phone: cs.phone ?? '-' }) };
  }
}
