import { createHash, randomUUID } from 'node:crypto';
import {
  type AddIncreaseServiceReply,
  type AddIncreaseServiceRequest,
  type BookingPassenger,
  type BookingServices,
  type Contact,
  Language,
  type LanguageTag,
  OrderPayStatus,
  type PriceBreakdown,
  type SavedOrder,
  type ZAddPassengerRequest,
  type ZComputePriceRequest,
  type ZSaveTicketOrderRequest,
} from '@wings/contracts';
import {
  checkBirthday,
  checkContact,
  checkDocExpiry,
  checkDocument,
  checkEmail,
  checkGuestNationalities,
  checkMiddleName,
  checkName,
  checkParty,
  checkPhone,
  checkTitleForType,
  checkTitleGender,
  countriesParam,
  fullNameKey,
  localDate,
  type RuleIssue,
} from '@wings/rules';
import type { z } from 'zod';
import { type Actor, actorLabel, mayCancelOrder } from '../../platform/access';
import type { Tx } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import { clientNetwork } from '../../platform/rate-limit';
import type { PurposeKeys } from '../../platform/secrets';
import { type Inventory, type SeatHold, seatHoldPart } from '../inventory';
import type { AirportZones } from '../network';
import type { NewPayable } from '../payments';
import { type OfferRecord, type PriceLine, type PricingService, promoUsePart } from '../pricing';
import type { SeatPick } from '../seating';
import {
  type BookingRepository,
  type HeldUnpaid,
  isRetryableConflict,
  NEW_ORDER_CTE,
  type NewOrderRows,
  type NewPassenger,
  type NewPriceLine,
  type StoredOrder,
} from './booking.repository';
import {
  type AddonPorts,
  type AddonTaker,
  hasServices,
  lapHolders,
  lineDetail,
  type PricedAddon,
  priceAddons,
  wireLine,
  withAddons,
} from './booking-addons';
import type { ExpiryQueue } from './expiry-queue';
import { cancelOrder, createOrder, expireOrder, IllegalOrderTransition } from './order-lifecycle';
import { newOrderNo, newPnr } from './order-numbers';
import { bookingGrant } from './orders.service';

type AddPassengerInput = z.infer<typeof ZAddPassengerRequest>;
type SaveTicketOrderInput = z.infer<typeof ZSaveTicketOrderRequest>;
type ComputePriceInput = z.infer<typeof ZComputePriceRequest>;

/** What booking needs of the pricing module. */
export type PricingPort = Pick<
  PricingService,
  'getOffer' | 'bookingOffer' | 'priceBreakdown' | 'promoFor' | 'releasePromo' | 'retakePromo'
>;

/** What booking needs of the payments module: the order's payable, made and withdrawn with it. */
export interface PayablesPort {
  /** An open payable in the order's creating transaction (payments' createPayable). */
  createPayable(tx: Tx, payable: NewPayable): Promise<string>;
  /** open → closed, in the expiry's transaction; false when a payment paid it first. */
  closePayable(tx: Tx, kind: 'order', reference: string, now: Date): Promise<boolean>;
}

/** What an order is made from, checked and priced before its transaction (`prepareOrder`). */
interface PreparedOrder {
  record: OfferRecord;
  breakdown: PriceBreakdown;
  passengers: NewPassenger[];
  /** The seats to hold, in the one lock order. */
  holds: SeatHold[];
  /** The price lines of ONE passenger of each type. */
  perType: Map<number, PriceLine[]>;
  /** The order's total: the sum of all its lines (add-ons not included: they are priced in its transaction). */
  lineTotal: number;
  /** The add-on choices, checked (issue 14); null when none were made. */
  services: BookingServices | null;
}

/** What booking needs of the accounts module. */
export interface AccountsPort {
  /** Whether a captcha answer is right (any try uses it up). */
  verifyCaptcha(captchaId: string | undefined, answer: string | undefined): Promise<boolean>;
  /** The user's saved passengers: id and type. */
  savedPassengers(userId: string): Promise<Array<{ id: string; passengerType: number }>>;
  /**
   * The member card the account's bookings carry (the loyalty module, issue 17): an approved
   * member joined to the account, with the name and birthday of the passenger it belongs to.
   */
  memberCard?(userId: string): Promise<MemberCard | null>;
}

/** A member card and whose it is: the name and birthday of the passenger it belongs to. */
export interface MemberCard {
  cardNo: string;
  surname: string;
  givenName: string;
  middleName: string | null;
  birthday: string;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
}

export interface BookingServiceDeps {
  repo: BookingRepository;
  /** Airport time zones, from the network module. */
  zones: AirportZones;
  /** The pricing module's service: offers, prices, promo code uses. */
  pricing: PricingPort;
  /** Seat counts and holds (the inventory module). */
  inventory: Inventory;
  /** The order's payable (the payments module). */
  payables: PayablesPort;
  /** The order-grant keys (platform/secrets.ts): saveTicketOrder answers with a grant signed with them. */
  grantKeys: PurposeKeys;
  accounts: AccountsPort;
  /** The expiry jobs of new orders, sent in batches (expiry-queue.ts). */
  expiries: Pick<ExpiryQueue, 'add'>;
  now: () => Date;
  log: Logger;
  /** Minutes an unpaid order holds its seats (config ORDER_PAY_MINUTES). */
  orderPayMinutes: number;
  /** Nationalities a guest may book (config GUEST_NATIONALITIES). */
  guestNationalities: string[];
  /** What one account or guest address may hold unpaid at once (issue 9; config BOOKING_MAX_*). */
  limits: HoldLimits;
  /** The add-on catalogue and seating (issue 14): add-ons chosen in the booking, the order's seats. */
  addons?: AddonPorts;
}

/**
 * The hold limits of one holder (an account, or a guest's address): unpaid orders before their
 * deadline, the seats they hold over all flights (a return's seat counts on each flight), and
 * the seats they hold on one dated flight. 0 turns a limit off. docs/operations.md says why.
 */
export interface HoldLimits {
  unpaidOrders: number;
  unpaidSeats: number;
  seatsPerFlight: number;
}

/** Who is asking: the logged-in user or a guest, and the language of the reply and the order. */
export interface Caller {
  userId: string | null;
  lang: LanguageTag;
  /** The client's address (request.ip, behind TRUST_PROXY): a guest's holds are counted by it. */
  ip: string;
}

/**
 * Who holds an order for the hold limits: a member by account; a guest by address, an IPv6
 * guest by its /64 (one subscriber's network: its addresses are free to change).
 */
export function holderOf(caller: Pick<Caller, 'userId' | 'ip'>): string {
  if (caller.userId) return `user:${caller.userId}`;
  return `ip:${clientNetwork(caller.ip)}`;
}

/**
 * The fingerprint of a saveTicketOrder request: SHA-256 of the canonical JSON (keys sorted,
 * null and absent alike) of its offer, passengers, contact and promo code. The captcha is left
 * out (a retry solves a new one), and so are the key and the terms.
 */
export function bookingRequestHash(input: SaveTicketOrderInput): string {
  const promoCode = input.promoCode?.trim() ? input.promoCode.trim().toUpperCase() : null;
  const canonical = canonicalJson({
    offerId: input.offerId,
    passengers: input.passengers,
    contact: input.contact,
    promoCode,
    // Absent without add-ons: the hash of a booking without them is what it always was.
    services: hasServices(input.services) ? input.services : null,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export { ORDER_EXPIRE_JOB } from './expiry-queue';
/** What a staff cancel adds: the reason (kept on the `canceled` event) and its audit row, written in the cancel's transaction. */
export interface StaffCancel {
  reason: string;
  within(tx: Tx, released: SeatHold[]): Promise<void>;
}

/** The cron job that expires any unpaid order past its deadline whose job was missed. */
export const ORDER_EXPIRE_SWEEP_JOB = 'order-expire-sweep';

const NUMBER_TRIES = 8;
const DEADLOCK_TRIES = 3;
const SWEEP_BATCH = 100;

/** Thrown inside the order transaction to roll it back; handled by saveTicketOrder. */
class RollBack extends Error {
  constructor(readonly reason: 'idempotency_key' | 'order_no' | 'pnr') {
    super(reason);
  }
}

/**
 * Booking (booking-and-account.md §3, §5, §7, §8; issue 4): checks passengers and contact
 * against an offer, and turns an offer into an unpaid order that holds its seats at once.
 * Creating an order is the first step of the money flow (CODE_STYLE.md §10): it records what it
 * took (order_holds), and its compensation is `expireOrder`, which gives exactly those seats
 * back once. Every seat counter change is a conditional UPDATE in the order's transaction.
 */
export class BookingService {
  private readonly repo: BookingRepository;
  /** Orders being created in this process, by idempotency key: a double tap joins the first. */
  private readonly inFlight = new Map<string, Promise<SavedOrder>>();

  constructor(private readonly deps: BookingServiceDeps) {
    this.repo = deps.repo;
  }

  /** The grant saveTicketOrder answers with, so a guest reads the order after paying. */
  private grantOf(orderNo: string, payDeadline: Date) {
    return bookingGrant(this.deps.grantKeys, orderNo, payDeadline);
  }

  private pricing(): PricingPort {
    return this.deps.pricing;
  }

  /**
   * Why a promo code priced into the offer could not be taken when the order was written: staff
   * disabled it or it ran past its end meanwhile (their own messages), or its last use went to
   * another order (`promo.used_up`).
   */
  private async promoRefusal(offer: OfferRecord, code: string | null): Promise<string> {
    if (!code) return 'promo.used_up';
    const now = await this.deps.pricing.promoFor(offer, code, this.deps.now());
    return now.reason === 'promo.disabled' || now.reason === 'promo.expired' ? now.reason : 'promo.used_up';
  }

  /** POST ibe/addPassenger: every problem of the passengers and contact, by field; 400 when any. */
  async addPassenger(input: AddPassengerInput, caller: Caller): Promise<{ valid: true }> {
    const { record } = await this.pricing().getOffer(input.offerId);
    const issues = await this.checkBooking(record, input.passengers, input.contact ?? null, caller.userId);
    if (issues.length > 0) throw invalid(issues);
    return { valid: true };
  }

  /**
   * POST ibe/saveTicketOrder: creates the order and holds its seats in one transaction.
   * The same idempotency key answers the same order, whether the first request finished
   * long ago or is still running (in this process or, through the unique key, in another).
   */
  async saveTicketOrder(input: SaveTicketOrderInput, caller: Caller): Promise<SavedOrder> {
    const requestHash = bookingRequestHash(input);
    const running = this.inFlight.get(input.idempotencyKey);
    if (running) {
      const first = await running.catch(() => null);
      if (first) {
        const replay = await this.replay(input, caller, requestHash);
        if (replay) return replay;
      }
    }
    const work = this.createOrder(input, caller, requestHash);
    this.inFlight.set(input.idempotencyKey, work);
    try {
      return await work;
    } finally {
      if (this.inFlight.get(input.idempotencyKey) === work) this.inFlight.delete(input.idempotencyKey);
    }
  }

  private async createOrder(
    input: SaveTicketOrderInput,
    caller: Caller,
    requestHash: string,
  ): Promise<SavedOrder> {
    // No read of the idempotency key up front: the statement that makes the order finds a key
    // already used, and any refusal before it looks the key up (`orReplay`), so a retry is
    // answered with its order whatever changed since (docs/decisions.md, issue 12).
    const orReplay = async (err: unknown): Promise<SavedOrder> => {
      if (!(err instanceof AppError)) throw err;
      const earlier = await this.replay(input, caller, requestHash);
      if (earlier) return earlier;
      throw err;
    };

    // Guests prove they are people (spec §8: 602); the form shows the captcha on this flag.
    if (!caller.userId && !(await this.deps.accounts.verifyCaptcha(input.captchaId, input.captcha))) {
      return orReplay(new AppError('captchaError', { data: { captchaRequired: true } }));
    }

    const promoCode = input.promoCode?.trim() ? input.promoCode.trim().toUpperCase() : null;
    let prepared: PreparedOrder;
    try {
      prepared = await this.prepareOrder(input, caller, promoCode);
    } catch (err) {
      return orReplay(err);
    }
    const { record, breakdown, passengers, holds, perType, lineTotal, services } = prepared;

    const now = this.deps.now();
    const payDeadline = new Date(now.getTime() + this.deps.orderPayMinutes * 60_000);
    const actor = caller.userId ? `user:${caller.userId}` : 'guest';
    const holder = holderOf(caller);
    const contact = {
      name: input.contact.name.trim().toUpperCase(),
      countryCode: input.contact.countryCode.trim().replace(/^\+/, ''),
      phone: input.contact.phone.trim(),
      email: input.contact.email.trim(),
    };
    const language = Language[caller.lang];
    const appliedPromo = breakdown.promo?.applied ? breakdown.promo.code : null;
    const limits = this.deps.limits;
    const holdLimits = !!(limits.unpaidOrders || limits.unpaidSeats || limits.seatsPerFlight);

    for (let attempt = 1; ; attempt++) {
      try {
        const orderNo = newOrderNo(now, this.deps.zones.hubZone);
        const pnr = newPnr();
        // The ids are chosen here, so the price lines and the payable's lines name their
        // passenger and segment in the same round trip that writes them.
        const segments = record.segments.map((s, seq) => ({
          id: randomUUID(),
          seq,
          flightId: s.flightId,
          flightNo: s.flightNo,
          depCode: s.depCode,
          arrCode: s.arrCode,
          depUtc: new Date(s.depUtc),
          arrUtc: new Date(s.arrUtc),
          aircraft: s.aircraft,
          family: s.family,
          cabin: s.cabin,
          bookingClass: s.bookingClass,
        }));
        const rows = passengers.map((p) => ({ ...p, id: randomUUID() }));
        const priceLines: NewPriceLine[] = rows.flatMap((p) =>
          (perType.get(p.passengerType) ?? []).map((l) => ({
            passengerId: p.id,
            segmentId: segments[l.segment]?.id ?? null,
            kind: l.kind,
            code: l.code,
            amount: l.amount,
          })),
        );
        const order: NewOrderRows = {
          id: randomUUID(),
          orderNo,
          pnr,
          userId: caller.userId,
          currency: record.currency,
          payDeadline,
          idempotencyKey: input.idempotencyKey,
          offerId: record.id,
          contact,
          language,
          promoCode: appliedPromo,
          holder,
          requestHash,
          now,
          segments,
          passengers: rows,
          priceLines,
        };
        const made = await this.repo.transaction(async (_tx, handle) => {
          // The add-ons are priced again in the order's transaction, from the catalogue as it is
          // now: one price line per choice (issue 14; docs/decisions.md).
          const addonLines = services
            ? await this.priceServices(record, input.passengers, services, caller.lang, { executor: handle })
            : [];
          const addonRows: NewPriceLine[] = addonLines.map((l) => ({
            passengerId: rows[l.passenger]!.id,
            segmentId: segments[l.leg]?.id ?? null,
            kind: 'addon',
            code: l.code,
            amount: l.amount.amount,
            detail: lineDetail(l),
          }));
          const orderRows =
            addonRows.length > 0 ? { ...order, priceLines: [...priceLines, ...addonRows] } : order;
          const addonTotal = addonRows.reduce((sum, l) => sum + l.amount, 0);
          // One statement: the holder's lock and count (hold limits), the order and its rows and
          // `created` event, its seats (inventory) and its promo code use (pricing).
          const made = await createOrder(
            handle,
            orderRows,
            { actor, data: { offerId: record.id, payDeadline: payDeadline.toISOString(), holds } },
            holdLimits,
            {
              seats: seatHoldPart(NEW_ORDER_CTE, holds, now),
              promo: promoUsePart(NEW_ORDER_CTE, appliedPromo),
            },
          );
          if ('conflict' in made) throw new RollBack(made.conflict);
          if (made.held) await this.checkHoldLimits(made.held, holds, record);
          if (!made.taken.seats) throw new AppError('seatsSoldOut');
          if (!made.taken.promo)
            throw invalid([{ field: 'promoCode', key: await this.promoRefusal(record, appliedPromo) }]);
          // The chosen seats, all or none: a seat another order holds fails the whole order (640).
          const picks = this.seatPicks(addonLines, input.passengers, rows, segments);
          if (picks.length > 0) await this.addonPorts().seating.holdSeats(handle, order.id, picks);
          // What payments will charge: the order's total, stored once with its own lines.
          await this.deps.payables.createPayable(handle, {
            kind: 'order',
            reference: orderNo,
            ownerUserId: caller.userId,
            amount: lineTotal + addonTotal,
            currency: record.currency,
            lines: orderRows.priceLines.map((l) => ({
              kind: l.kind,
              code: l.code,
              passengerRef: l.passengerId,
              segmentRef: l.segmentId,
              amount: l.amount,
            })),
            dueAt: payDeadline,
            contact: {
              name: contact.name,
              email: contact.email,
              phone: `${contact.countryCode}${contact.phone}`,
              language,
              surnames: passengers.map((p) => p.surname),
            },
            now,
          });
          return { orderId: order.id, addonLines };
        });
        // Sent with the next batch of expiries, not in this request's round trips.
        this.deps.expiries.add(made.orderId, payDeadline);
        // As a replay reads it from the lines: `addons` only when the order has add-on lines.
        const price = made.addonLines.length > 0 ? withAddons(breakdown, made.addonLines) : breakdown;
        return {
          orderNo,
          pnr,
          status: OrderPayStatus.un_paid,
          payDeadline: payDeadline.toISOString(),
          amountDue: price.total,
          price: withTaxesByCode(price),
          ...this.grantOf(orderNo, payDeadline),
        };
      } catch (err) {
        if (err instanceof RollBack && err.reason === 'idempotency_key') {
          // Another request with this key committed first: its order is the answer.
          const winner = await this.replay(input, caller, requestHash);
          if (winner) return winner;
          throw new AppError('systemError', { cause: err });
        }
        if (err instanceof RollBack && attempt < NUMBER_TRIES) continue;
        if (isRetryableConflict(err) && attempt < DEADLOCK_TRIES) continue;
        throw err;
      }
    }
  }

  /**
   * What an order is made from, before its transaction: the offer (and the promo code's row)
   * in one read, the passengers and contact checked against it, the price and its lines per
   * passenger type, and the seats to hold in the one lock order. Refusals are AppErrors.
   */
  /**
   * The account's member card on the member's own passenger (issue 17: its flights earn miles):
   * the first passenger whose full name and birthday are the member's. Other passengers, and
   * every passenger of a guest or of an account without an approved member, carry none.
   */
  private withMemberCard(passengers: NewPassenger[], card: MemberCard | null): NewPassenger[] {
    if (!card) return passengers;
    const key = fullNameKey(card.surname, card.givenName, card.middleName);
    const at = passengers.findIndex(
      (p) => p.birthday === card.birthday && fullNameKey(p.surname, p.givenName, p.middleName) === key,
    );
    return at < 0
      ? passengers
      : passengers.map((p, i) => (i === at ? { ...p, memberCardNo: card.cardNo } : p));
  }

  private async prepareOrder(
    input: SaveTicketOrderInput,
    caller: Caller,
    promoCode: string | null,
  ): Promise<PreparedOrder> {
    const pricing = this.pricing();
    // The account's member card is read beside the offer (issue 17): a statement more, no wait more.
    const memberCard = this.deps.accounts.memberCard;
    const [{ record, promo }, card] = await Promise.all([
      pricing.bookingOffer(input.offerId, promoCode),
      caller.userId && memberCard ? memberCard(caller.userId) : null,
    ]);
    const issues = await this.checkBooking(record, input.passengers, input.contact, caller.userId);
    const nationality = issues.filter((i) => i.key === 'passenger_limit');
    if (nationality.length > 0) {
      throw new AppError('passengerLimit', {
        // The countries by name in the caller's language, as the field messages say them.
        params: { nationalities: countriesParam(this.deps.guestNationalities) },
        fields: nationality,
      });
    }
    if (issues.length > 0) throw invalid(issues);

    const { breakdown, lines } = await pricing.priceBreakdown(record, promoCode, this.deps.now(), promo);
    if (promoCode && !breakdown.promo?.applied) {
      throw invalid([{ field: 'promoCode', key: breakdown.promo?.reason ?? 'promo.unknown' }]);
    }

    const passengers = this.withMemberCard(
      input.passengers.map((p, i) => toNewPassenger(p, i)),
      card,
    );
    const [adults, children, infants] = record.passengers;
    const seated = adults + children;
    const holds: SeatHold[] = record.segments
      .map((s) => ({
        flightId: s.flightId,
        cabin: s.cabin,
        bookingClass: s.bookingClass,
        seats: seated,
        infants,
      }))
      // One lock order for every transaction (flight, then class row before cabin row): no deadlocks.
      .sort(
        (a, b) => Number(a.flightId) - Number(b.flightId) || a.bookingClass.localeCompare(b.bookingClass),
      );

    const perType = new Map<number, PriceLine[]>();
    for (const line of lines) {
      const list = perType.get(line.passengerType) ?? [];
      list.push(line);
      perType.set(line.passengerType, list);
    }
    const lineTotal = passengers.reduce(
      (sum, p) => sum + (perType.get(p.passengerType) ?? []).reduce((s, l) => s + l.amount, 0),
      0,
    );
    if (lineTotal !== breakdown.total.amount) {
      // The order's total is the sum of its lines: never store lines that disagree with the price shown.
      this.deps.log.error(
        { lineTotal, total: breakdown.total.amount, offerId: record.id },
        'price lines do not add up',
      );
      throw new AppError('systemError');
    }
    // The add-on choices are checked here (every bad field at once, before any write); they
    // are priced again in the order's transaction.
    const services = hasServices(input.services) ? input.services : null;
    if (services) await this.priceServices(record, input.passengers, services, caller.lang, {});
    return { record, breakdown, passengers, holds, perType, lineTotal, services };
  }

  private addonPorts(): AddonPorts {
    if (!this.deps.addons) throw new AppError('systemError');
    return this.deps.addons;
  }

  /**
   * Prices and checks add-on choices (booking-addons.ts). The add-on step refuses a taken seat on
   * its field (`checkTaken`); an order leaves it to seating.holdSeats in its transaction (640, the
   * whole order fails). `executor`: read the catalogue in the order's transaction.
   */
  private priceServices(
    offer: OfferRecord,
    passengers: readonly AddonTaker[],
    services: BookingServices,
    lang: Caller['lang'],
    options: { checkTaken?: boolean; executor?: Tx },
  ): Promise<PricedAddon[]> {
    return priceAddons({ ...this.addonPorts(), zones: this.deps.zones }, offer, passengers, services, {
      lang,
      checkTaken: options.checkTaken ?? false,
      ...(options.executor ? { executor: options.executor } : {}),
    });
  }

  /** The seats to hold for an order's seat lines, with what the seat rules read of each passenger. */
  private seatPicks(
    lines: readonly PricedAddon[],
    passengers: readonly AddonTaker[],
    rows: ReadonlyArray<{ id: string }>,
    segments: ReadonlyArray<{ id: string; flightId: string; cabin: 'C' | 'Y' }>,
  ): SeatPick[] {
    const laps = lapHolders(passengers);
    return lines.flatMap((l) => {
      const segment = segments[l.leg];
      const p = passengers[l.passenger];
      const row = rows[l.passenger];
      if (l.code !== '12' || !l.seat || !segment || !p || !row) return [];
      return [
        {
          flightId: segment.flightId,
          seat: l.seat,
          cabin: segment.cabin,
          passengerRef: row.id,
          segmentRef: segment.id,
          taker: { birthday: p.birthday, passengerType: p.passengerType, withInfant: laps.has(l.passenger) },
        },
      ];
    });
  }

  /**
   * POST ibe/addIncreaseService: checks the add-on choices of a booking (each problem on its
   * field) and prices them from the catalogue: the lines and the offer's price with them.
   */
  async addIncreaseService(
    input: AddIncreaseServiceRequest,
    caller: Caller,
  ): Promise<AddIncreaseServiceReply> {
    const { record } = await this.pricing().getOffer(input.offerId);
    const promoCode = input.promoCode?.trim() ? input.promoCode.trim().toUpperCase() : null;
    const { breakdown } = await this.pricing().priceBreakdown(record, promoCode, this.deps.now());
    const lines = await this.priceServices(record, input.passengers, input.services, caller.lang, {
      checkTaken: true,
    });
    return {
      offerId: record.id,
      currency: record.currency,
      lines: lines.map(wireLine),
      price: withTaxesByCode(withAddons(breakdown, lines)),
    };
  }

  /**
   * POST ibe/addIncreaseServiceNext: the add-on step's "next": the passengers are the offer's
   * party (the count of each type) and every choice is valid; the price the review page shows.
   */
  async addIncreaseServiceNext(
    input: AddIncreaseServiceRequest,
    caller: Caller,
  ): Promise<AddIncreaseServiceReply> {
    const { record } = await this.pricing().getOffer(input.offerId);
    const given = [1, 2, 3].map((t) => input.passengers.filter((p) => p.passengerType === t).length);
    if (given.some((n, i) => n !== record.passengers[i])) {
      const [adults, children, infants] = record.passengers;
      throw invalid([
        {
          field: 'passengers',
          key: 'booking.passenger_count_mismatch',
          params: { adults, children, infants },
        },
      ]);
    }
    if (input.services.length > input.passengers.length) {
      throw invalid([{ field: `services.${input.passengers.length}`, key: 'addons.no_such_passenger' }]);
    }
    return this.addIncreaseService(input, caller);
  }

  /**
   * POST ibe/computePrice with add-ons (pricing's route hands a request with `services` here):
   * the offer's price with the choices priced in (`addons`); seat rules read `passengers`.
   */
  async computePriceWithServices(input: ComputePriceInput, caller: Caller): Promise<PriceBreakdown> {
    const services = input.services ?? [];
    const reply = await this.addIncreaseService(
      {
        offerId: input.offerId,
        passengers: input.passengers ?? [],
        services,
        promoCode: input.promoCode ?? null,
      },
      caller,
    );
    return reply.price;
  }

  /**
   * Cancels an unpaid order past its deadline and gives back exactly the seats it held, once.
   * The order's payable is closed first (lock order: payable, then order, as payments takes them):
   * a payment that won the payable leaves the order paid, and of concurrent expiries exactly one
   * closes it; the status change is then a conditional UPDATE, and only holds flipped from
   * unreleased by this call are given back. Its promo code's use goes back with them (issue 9),
   * in the same transaction, so exactly once. The order keeps its holds (released) and segments,
   * so a late payment can take them again.
   */
  async expireOrder(orderId: string): Promise<{ expired: boolean; released: SeatHold[] }> {
    const { done, released } = await this.withdraw(orderId, null);
    return { expired: done, released };
  }

  /**
   * Cancels an unpaid order now, before its deadline (a traveller giving it up, staff, a test's
   * builder): as the expiry, its payable is closed first and its seats and promo code use go
   * back once; its `canceled` event names the actor. False when the actor may not cancel it, or
   * it is not unpaid (paid, or already canceled).
   */
  async cancelUnpaid(
    orderId: string,
    actor: Actor,
    staff?: StaffCancel,
  ): Promise<{ canceled: boolean; released: SeatHold[] }> {
    const { done, released } = await this.withdraw(orderId, actor, staff);
    return { canceled: done, released };
  }

  /** expireOrder (`by` null: the deadline passed) or cancelUnpaid (`by` the actor), in one transaction. */
  private async withdraw(
    orderId: string,
    by: Actor | null,
    staff?: StaffCancel,
  ): Promise<{ done: boolean; released: SeatHold[] }> {
    const now = this.deps.now();
    const nothing = { done: false, released: [] as SeatHold[] };
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.repo.transaction(async (tx, handle) => {
          const order = await tx.state(orderId);
          if (order?.status !== OrderPayStatus.un_paid) return nothing;
          if (by === null ? order.payDeadline > now : !mayCancelOrder(by, order)) return nothing;
          // Lock order: the payable (as payments takes it), then the order. A payment that won the
          // payable leaves the order to be paid; of concurrent withdrawals exactly one closes it.
          if (!(await this.deps.payables.closePayable(handle, 'order', order.orderNo, now))) return nothing;
          let released: SeatHold[] = [];
          const giveBack = async ({
            promoCode,
            hasSeats,
          }: {
            promoCode: string | null;
            hasSeats: boolean;
          }) => {
            released = await this.deps.inventory.release(handle, orderId, now);
            if (promoCode) await this.pricing().releasePromo(handle, promoCode);
            // Its chosen seats are freed with it (issue 14): the next order may take them.
            const seats =
              hasSeats && this.deps.addons
                ? await this.deps.addons.seating.releaseSeats(
                    handle,
                    orderId,
                    by === null ? 'expired' : 'canceled',
                  )
                : [];
            return {
              reason: by === null ? 'pay_deadline' : 'canceled',
              released,
              ...(promoCode ? { promoReleased: promoCode } : {}),
              ...(seats.length > 0 ? { seatsReleased: seats.map((x) => `${x.flightId}/${x.seat}`) } : {}),
            };
          };
          const moved =
            by === null
              ? await expireOrder(handle, orderId, now, giveBack)
              : await cancelOrder(handle, orderId, actorLabel(by), now, giveBack, staff?.reason ?? null);
          // The payable was open and we closed it: nothing else can have moved the order.
          if (!moved) {
            const status = (await tx.state(orderId))?.status ?? null;
            throw new IllegalOrderTransition(orderId, by === null ? 'expire' : 'cancel', status);
          }
          // Staff's audit row commits with the change, or neither does.
          if (staff) await staff.within(handle, released);
          return { done: true, released };
        });
      } catch (err) {
        if (isRetryableConflict(err) && attempt < DEADLOCK_TRIES) continue;
        throw err;
      }
    }
  }

  /** Expires every unpaid order past its deadline (the per-minute sweep for missed jobs). */
  async expireOverdue(): Promise<number> {
    let expired = 0;
    for (;;) {
      const ids = await this.repo.overdueOrderIds(this.deps.now(), SWEEP_BATCH);
      for (const id of ids) if ((await this.expireOrder(id)).expired) expired++;
      if (ids.length < SWEEP_BATCH) return expired;
    }
  }

  /**
   * The order already made with this idempotency key, when this is the same request again: the
   * same caller (the member, or for a guest no member) and the same request hash (offer,
   * passengers, contact, promo code). Anything else is refused (615), never answered with the
   * order: a guest holds no account to compare, so the key, which only the booking client keeps,
   * and the exact body are what make a replay honest (docs/decisions.md, issue 9).
   */
  private async replay(
    input: SaveTicketOrderInput,
    caller: Caller,
    requestHash: string,
  ): Promise<SavedOrder | null> {
    const existing = await this.repo.orderByIdempotencyKey(input.idempotencyKey);
    if (!existing) return null;
    const sameRequest =
      existing.requestHash === null
        ? existing.offerId === input.offerId // an order made before request hashes
        : existing.requestHash === requestHash;
    if (existing.userId !== caller.userId || !sameRequest) {
      throw new AppError('idempotencyKeyReused', {
        fields: [{ field: 'idempotencyKey', key: 'idempotency_key_reused' }],
      });
    }
    return this.savedOrderOf(existing);
  }

  /**
   * Refuses an order past the holder's limits (issue 9: one account held 153 of 155 seats of a
   * flight with unpaid orders), given what the holder held before it. That was read first in
   * the order's statement, under the holder's transaction lock (`BookingRepository.insertOrder`),
   * so parallel orders of one holder are counted one after the other and can never pass a limit
   * together; other holders are not held up. The caller rolls the order back on a refusal.
   */
  private async checkHoldLimits(held: HeldUnpaid, holds: SeatHold[], offer: OfferRecord): Promise<void> {
    const limits = this.deps.limits;
    const data = (limit: number) => ({ limit, unpaidOrders: held.orders, seatsHeld: held.seats });
    if (limits.unpaidOrders && held.orders + 1 > limits.unpaidOrders) {
      throw new AppError('unpaidOrdersLimit', {
        params: { count: held.orders, limit: limits.unpaidOrders },
        data: data(limits.unpaidOrders),
      });
    }
    const adding = holds.reduce((sum, h) => sum + h.seats, 0);
    if (limits.unpaidSeats && held.seats + adding > limits.unpaidSeats) {
      throw new AppError('unpaidSeatsLimit', {
        params: { held: held.seats, limit: limits.unpaidSeats },
        data: data(limits.unpaidSeats),
      });
    }
    if (!limits.seatsPerFlight) return;
    for (const hold of holds) {
      const onFlight = held.byFlight.get(hold.flightId) ?? 0;
      if (onFlight + hold.seats <= limits.seatsPerFlight) continue;
      const segment = offer.segments.find((s) => s.flightId === hold.flightId);
      const zone = segment ? (await this.deps.zones.zones()).get(segment.depCode) : undefined;
      throw new AppError('flightHoldLimit', {
        params: {
          held: onFlight,
          limit: limits.seatsPerFlight,
          flight: segment
            ? `${segment.flightNo} ${localDate(new Date(segment.depUtc), zone ?? this.deps.zones.hubZone)}`
            : hold.flightId,
        },
        data: { ...data(limits.seatsPerFlight), flightId: hold.flightId, seatsOnFlight: onFlight },
      });
    }
  }

  /** The reply of saveTicketOrder, priced from the order's own lines (as they were priced). */
  private async savedOrderOf(order: StoredOrder): Promise<SavedOrder> {
    const lines = await this.repo.orderLines(order.id);
    const price = withTaxesByCode(breakdownFromLines(order.currency, lines, order.promoCode));
    return {
      orderNo: order.orderNo,
      pnr: order.pnr,
      status: order.status,
      payDeadline: order.payDeadline.toISOString(),
      amountDue: price.total,
      price,
      ...this.grantOf(order.orderNo, order.payDeadline),
    };
  }

  /**
   * Every problem of a party for an offer (spec §5), by field: each passenger's fields, the
   * party (ages at the first segment's local departure date, escort, infants, duplicate
   * names), counts per type against the offer, saved passengers, guests' nationalities,
   * and the contact when given.
   */
  private async checkBooking(
    offer: OfferRecord,
    passengers: BookingPassenger[],
    contact: Contact | null,
    userId: string | null,
  ): Promise<RuleIssue[]> {
    const first = offer.segments[0];
    const last = offer.segments[offer.segments.length - 1];
    if (!first || !last) throw new AppError('offerExpired');
    const zones = await this.deps.zones.zones();
    const firstZone = zones.get(first.depCode) ?? this.deps.zones.hubZone;
    const firstDeparture = localDate(new Date(first.depUtc), firstZone);
    const lastDeparture = localDate(new Date(last.depUtc), zones.get(last.depCode) ?? firstZone);
    // "Today" for a rule is the departure airport's local date (CODE_STYLE.md §8).
    const today = localDate(this.deps.now(), firstZone);

    const issues: RuleIssue[] = [];
    passengers.forEach((p, i) => {
      issues.push(...checkBookingPassenger(p, i, { today, lastDeparture }));
    });
    // A field keeps its first problem: a birth date already refused (not a real date, in the
    // future, too long ago) is not reported again by the party's age-band rules.
    const reported = new Set(issues.map((i) => i.field));
    issues.push(...checkParty(passengers, firstDeparture).filter((i) => !reported.has(i.field)));

    const [adults, children, infants] = offer.passengers;
    const given = [1, 2, 3].map((t) => passengers.filter((p) => p.passengerType === t).length);
    if (given.some((n, i) => n !== offer.passengers[i])) {
      issues.push({
        field: 'passengers',
        key: 'booking.passenger_count_mismatch',
        params: { adults, children, infants },
      });
    }

    const picked = passengers.map((p, i) => ({ id: p.savedPassengerId, type: p.passengerType, i }));
    if (picked.some((p) => p.id)) {
      const saved = userId ? await this.deps.accounts.savedPassengers(userId) : [];
      const byId = new Map(saved.map((s) => [s.id, s.passengerType]));
      for (const p of picked) {
        if (!p.id) continue;
        const type = byId.get(p.id);
        if (type === undefined) {
          issues.push({ field: `passengers.${p.i}.savedPassengerId`, key: 'common.enter_correct_data' });
        } else if (type !== p.type) {
          issues.push({ field: `passengers.${p.i}.passengerType`, key: 'person.type_mismatch' });
        }
      }
    }

    issues.push(
      ...checkGuestNationalities(
        passengers.map((p) => p.nationality),
        this.deps.guestNationalities,
        userId !== null,
      ),
    );
    if (contact) issues.push(...checkContact(contact));
    return issues;
  }
}

/**
 * One passenger's own fields (spec §5), with the birth date a real date not over 120 years
 * before today; the party rules check ages at the first departure against the types.
 */
function checkBookingPassenger(
  p: BookingPassenger,
  i: number,
  at: { today: string; lastDeparture: string },
): RuleIssue[] {
  const f = (name: string) => `passengers.${i}.${name}`;
  const issues = checkName(p.surname, p.givenName, { surname: f('surname'), givenName: f('givenName') });
  issues.push(...checkMiddleName(p.middleName, f('middleName')));
  issues.push(...checkTitleGender(p.title, p.gender, f('title')));
  // Mrs is for adults: a child or an infant is Mr or Miss (spec §3 titles; docs/decisions.md).
  issues.push(...checkTitleForType(p.title, p.passengerType, f('title')));
  // A real date, not after today (nobody unborn can hold a ticket), not over 120 years before it;
  // the party rules then judge the age on the departure date.
  issues.push(...checkBirthday(p.birthday, at.today, f('birthday')));
  if (!/^[A-Z]{2}$/.test(p.nationality))
    issues.push({ field: f('nationality'), key: 'person.nationality_required' });
  issues.push(...checkDocument(p.docType, p.docNumber, f('docNumber')));
  // Valid for more than six months after the LAST departure of the journey (issue 4).
  issues.push(...checkDocExpiry(p.docExpiry, at, f('docExpiry')));
  issues.push(...checkEmail(p.email, f('email'), { booking: true, required: false }));
  issues.push(
    ...checkPhone(
      p.countryCode,
      p.phone,
      { required: false },
      { countryCode: f('countryCode'), phone: f('phone') },
    ),
  );
  return issues;
}

function toNewPassenger(p: BookingPassenger, seq: number): NewPassenger {
  const phone = p.phone?.trim() || null;
  return {
    seq,
    passengerType: p.passengerType,
    surname: p.surname.trim().toUpperCase(),
    givenName: p.givenName.trim().toUpperCase(),
    middleName: p.middleName?.trim().toUpperCase() || null,
    title: p.title,
    gender: p.gender,
    nationality: p.nationality.toUpperCase(),
    birthday: p.birthday,
    docType: p.docType,
    docNumber: p.docNumber.toUpperCase(),
    docExpiry: p.docExpiry,
    email: p.email?.trim() || null,
    countryCode: phone ? p.countryCode?.trim().replace(/^\+/, '') || null : null,
    phone,
  };
}

/**
 * The price breakdown of an order rebuilt from its stored lines: per passenger type the
 * count, one passenger's fare and taxes; every tax code over the party; the discount; the
 * total, which is the sum of all lines.
 */
export function breakdownFromLines(
  currency: string,
  lines: Array<{ passengerType: number; passengerSeq: number; kind: string; code: string; amount: number }>,
  promoCode: string | null,
): PriceBreakdown {
  const money = (amount: number) => ({ amount, currency }) as PriceBreakdown['total'];
  const types = [...new Set(lines.map((l) => l.passengerType))].sort();
  const typeLines = types.map((type) => {
    const ofType = lines.filter((l) => l.passengerType === type);
    const seqs = [...new Set(ofType.map((l) => l.passengerSeq))];
    const one = ofType.filter((l) => l.passengerSeq === seqs[0]);
    const fare = one.filter((l) => l.kind === 'fare').reduce((s, l) => s + l.amount, 0);
    const taxes = sumByCode(one.filter((l) => l.kind === 'tax'));
    const taxSum = taxes.reduce((s, t) => s + t.amount, 0);
    return {
      passengerType: type as 1 | 2 | 3,
      count: seqs.length,
      fare: money(fare),
      taxes: taxes.map((t) => ({ code: t.code, amount: money(t.amount) })),
      // As pricing gives it: one passenger's fare and taxes times the passengers of the type.
      total: money((fare + taxSum) * seqs.length),
    };
  });
  const fareTotal = lines.filter((l) => l.kind === 'fare').reduce((s, l) => s + l.amount, 0);
  const taxLines = lines.filter((l) => l.kind === 'tax');
  const taxTotal = taxLines.reduce((s, l) => s + l.amount, 0);
  const discount = lines.filter((l) => l.kind === 'discount').reduce((s, l) => s + l.amount, 0);
  const addonLines = lines.filter((l) => l.kind === 'addon');
  const total = lines.reduce((s, l) => s + l.amount, 0);
  return {
    currency,
    lines: typeLines,
    taxesByCode: sumByCode(taxLines).map((t) => ({ code: t.code, amount: money(t.amount) })),
    fareTotal: money(fareTotal),
    taxTotal: money(taxTotal),
    // Shown as a positive amount off; stored as negative lines.
    discount: money(-discount),
    ...(addonLines.length > 0 ? { addons: money(addonLines.reduce((s, l) => s + l.amount, 0)) } : {}),
    total: money(total),
    promo: promoCode ? { code: promoCode, applied: true, reason: null } : null,
  };
}

/** Taxes listed by code, so an order reads the same when first made and when replayed from its lines. */
function withTaxesByCode(price: PriceBreakdown): PriceBreakdown {
  const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code);
  return {
    ...price,
    lines: price.lines.map((l) => ({ ...l, taxes: [...l.taxes].sort(byCode) })),
    taxesByCode: [...price.taxesByCode].sort(byCode),
  };
}

function sumByCode(lines: Array<{ code: string; amount: number }>): Array<{ code: string; amount: number }> {
  const sums = new Map<string, number>();
  for (const l of lines) sums.set(l.code, (sums.get(l.code) ?? 0) + l.amount);
  return [...sums].map(([code, amount]) => ({ code, amount }));
}
