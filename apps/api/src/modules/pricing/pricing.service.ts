import {
  type Currency,
  FARE_FAMILY_NAMES,
  type FareFamily,
  type FareRule,
  type Offer,
  type PassengerTypeCode,
  type PriceBreakdown,
  type Promotion,
  type TaxAmount,
  type TypePrice,
  type ZCheckFlightScheduleResponse,
} from '@wings/contracts';
import {
  checkPassengerCounts,
  fareConditions,
  formatMoney,
  passengerFare,
  type RouteCountries,
  toLocalIso,
} from '@wings/rules';
import type { z } from 'zod';
import type { OfferPriceRecord, OfferSegmentRecord } from '../../db/schema/fares';
import { AppError, invalid } from '../../platform/errors';
import type { AirportZones } from '../network';
import { splitByLargestRemainder, splitOverGroups } from './discount-allocation';
import { fareRuleText } from './fare-rule-text';
import type {
  FiledTax,
  FlightClassSnapshot,
  OfferRecord,
  PassengerKind,
  PricingRepository,
  PromoRecord,
  RouteFacts,
  SqlExecutor,
} from './pricing.repository';

export type { OfferRecord, PromoRecord, SqlExecutor } from './pricing.repository';

type CheckFlightScheduleResponse = z.infer<typeof ZCheckFlightScheduleResponse>;

/** One money line of a priced journey, for ONE passenger of a type, in minor units of the offer's currency. */
export interface PriceLine {
  passengerType: PassengerTypeCode;
  /** Index of the segment in the offer (0 outbound, 1 return). */
  segment: number;
  kind: 'fare' | 'tax' | 'discount';
  /** Booking class letter (fare), tax code (tax), or promo code (discount). */
  code: string;
  /** Negative for a discount. */
  amount: number;
}

export type PromoReason =
  | 'promo.unknown'
  | 'promo.expired'
  | 'promo.disabled'
  | 'promo.min_spend'
  | 'promo.route'
  | 'promo.used_up';

/** Whether a promo code applies to an offer, and the discount it gives the whole party. */
export interface PromoCheck {
  code: string;
  applied: boolean;
  /** Message key when not applied. */
  reason: PromoReason | null;
  /** Message parameters of the reason (promo.min_spend: `amount`, formatted). */
  params: Record<string, string>;
  promotion: Promotion | null;
  /** Discount for the whole party before it is split into lines (0 when not applied). */
  discount: number;
}

export interface CreateOfferInput {
  passengers: readonly [number, number, number];
  /** `depTime`: the local departure time the traveller was shown in search (ISO with offset). */
  segments: ReadonlyArray<{ flightId: string; bookingClass: string; depTime?: string | undefined }>;
  userId: string | null;
}

export interface PricingServiceDeps {
  repo: PricingRepository;
  now: () => Date;
  /** Minutes a priced offer keeps its price (config OFFER_MINUTES, 20). */
  offerMinutes: number;
  /** Airport time zones, from the network module. */
  zones: AirportZones;
}

const TYPES: ReadonlyArray<{ code: PassengerTypeCode; kind: PassengerKind; index: 0 | 1 | 2 }> = [
  { code: 1, kind: 'adult', index: 0 },
  { code: 2, kind: 'child', index: 1 },
  { code: 3, kind: 'infant', index: 2 },
];

function routeCodes(segments: readonly OfferSegmentRecord[]): string[] {
  return segments.map((s) => `${s.depCode}-${s.arrCode}`);
}

function countOf(passengers: readonly [number, number, number], type: PassengerTypeCode): number {
  return passengers[type - 1]!;
}

/**
 * The taxes one passenger type pays on a departure. A code filed both for the departure
 * airport and for its country is taken from the airport's filing (the more specific one).
 */
function taxesOf(filed: readonly FiledTax[], kind: PassengerKind): Array<{ code: string; amount: number }> {
  const byCode = new Map<string, FiledTax>();
  for (const t of filed) {
    if (t.passengerType !== kind) continue;
    const known = byCode.get(t.code);
    if (!known || (known.scope === 'country' && t.scope === 'airport')) byCode.set(t.code, t);
  }
  return [...byCode.values()]
    .map((t) => ({ code: t.code, amount: t.amount }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

/** A type's unit price from its lines: fare, taxes by code (first-seen order), total. */
function typePrice(
  lines: readonly OfferPriceRecord[],
  type: PassengerTypeCode,
  currency: Currency,
): TypePrice {
  let fare = 0;
  const taxes = new Map<string, number>();
  for (const l of lines) {
    if (l.passengerType !== type) continue;
    if (l.kind === 'fare') fare += l.amount;
    else taxes.set(l.code, (taxes.get(l.code) ?? 0) + l.amount);
  }
  const taxList: TaxAmount[] = [...taxes].map(([code, amount]) => ({ code, amount: { amount, currency } }));
  const taxSum = [...taxes.values()].reduce((a, b) => a + b, 0);
  return {
    passengerType: type,
    fare: { amount: fare, currency },
    taxes: taxList,
    total: { amount: fare + taxSum, currency },
  };
}

function toPromotion(p: PromoRecord, currency: Currency): Promotion {
  return {
    code: p.code,
    title: p.title,
    kind: p.kind,
    value: p.value,
    currency: p.currency,
    minSpend: p.minSpend === null ? null : { amount: p.minSpend, currency: p.currency ?? currency },
    validFrom: p.validFrom.toISOString(),
    validTo: p.validTo.toISOString(),
  };
}

/** Whether a promotion's routes and currency fit a journey (null routes: every route). */
function fitsJourney(p: PromoRecord, offer: OfferRecord): boolean {
  if (p.currency !== null && p.currency !== offer.currency) return false;
  if (p.routes === null) return true;
  const allowed = new Set(p.routes);
  return routeCodes(offer.segments).every((r) => allowed.has(r));
}

/**
 * Pricing (booking-and-account.md §7, issue 4): priced offers from chosen flights, the price
 * breakdown with taxes by code and promo codes, the fare rules and the schedule check. The
 * booking module consumes it (decorated as `app.pricing`): it reads offers, prices them with
 * a promo code into per-passenger lines, counts a promo code's use in its transaction, and
 * gives the use back when an unpaid order expires (issue 9).
 */
export function createPricingService(deps: PricingServiceDeps) {
  const { repo, now } = deps;

  function zoneOf(code: string): Promise<string> {
    return deps.zones.zoneOf(code);
  }

  /** The countries at both ends of a segment, for the China-route refund rule. */
  async function countriesOf(s: OfferSegmentRecord): Promise<RouteCountries> {
    const countries = await deps.zones.countries();
    return { depCountry: countries.get(s.depCode) ?? '', arrCountry: countries.get(s.arrCode) ?? '' };
  }

  async function toOffer(record: OfferRecord): Promise<Offer> {
    const segments = await Promise.all(
      record.segments.map(async (s) => ({
        flightId: s.flightId,
        flightNo: s.flightNo,
        depCode: s.depCode,
        arrCode: s.arrCode,
        depTime: toLocalIso(new Date(s.depUtc), await zoneOf(s.depCode)),
        arrTime: toLocalIso(new Date(s.arrUtc), await zoneOf(s.arrCode)),
        aircraft: s.aircraft,
        family: s.family,
        cabin: s.cabin,
        bookingClass: s.bookingClass,
        conditions: fareConditions(s.family as FareFamily, record.currency, await countriesOf(s)),
      })),
    );
    const prices = TYPES.filter((t) => countOf(record.passengers, t.code) > 0).map((t) =>
      typePrice(record.priceLines, t.code, record.currency),
    );
    const total = prices.reduce(
      (sum, p) => sum + p.total.amount * countOf(record.passengers, p.passengerType),
      0,
    );
    return {
      offerId: record.id,
      expiresAt: record.expiresAt.toISOString(),
      currency: record.currency,
      passengers: [...record.passengers],
      segments,
      prices,
      total: { amount: total, currency: record.currency },
    };
  }

  async function getOffer(offerId: string, at: Date = now()): Promise<{ record: OfferRecord; offer: Offer }> {
    const record = await repo.findOffer(offerId);
    if (!record || record.expiresAt.getTime() <= at.getTime()) throw new AppError('offerExpired');
    return { record, offer: await toOffer(record) };
  }

  /**
   * `known`: the code's row (or null: no such code) when the caller read it already with the
   * offer (`bookingOffer`); otherwise it is read here.
   */
  async function promoFor(
    offer: OfferRecord,
    rawCode: string,
    at: Date = now(),
    known?: PromoRecord | null,
  ): Promise<PromoCheck> {
    const code = rawCode.trim().toUpperCase();
    const refuse = (
      reason: PromoReason,
      promotion: Promotion | null,
      params: Record<string, string> = {},
    ) => ({
      code,
      applied: false,
      reason,
      params,
      promotion,
      discount: 0,
    });
    const promo = !code ? null : known !== undefined ? known : await repo.findPromo(code);
    if (!promo) return refuse('promo.unknown', null);
    const promotion = toPromotion(promo, offer.currency);
    // Disabled by staff: refused whatever its dates (no re-enabling; a new code replaces it).
    if (promo.disabledAt !== null) return refuse('promo.disabled', promotion);
    if (at.getTime() < promo.validFrom.getTime() || at.getTime() > promo.validTo.getTime()) {
      return refuse('promo.expired', promotion);
    }
    if (promo.usageLimit !== null && promo.usedCount >= promo.usageLimit)
      return refuse('promo.used_up', promotion);
    // An amount (or a threshold) is in one currency: such a promotion serves only journeys
    // priced in it, i.e. starting where that currency is filed (docs/architecture.md §7).
    if (!fitsJourney(promo, offer)) return refuse('promo.route', promotion);
    let fareTotal = 0;
    let spend = 0;
    for (const l of offer.priceLines) {
      const n = countOf(offer.passengers, l.passengerType);
      spend += l.amount * n;
      if (l.kind === 'fare') fareTotal += l.amount * n;
    }
    if (promo.minSpend !== null && spend < promo.minSpend) {
      return refuse('promo.min_spend', promotion, {
        amount: formatMoney({ amount: promo.minSpend, currency: promo.currency ?? offer.currency }),
      });
    }
    // Decision: a promotion takes its percentage or amount off the fares only; taxes and
    // charges are collected for airports and states and are always paid in full.
    const discount =
      promo.kind === 'percent'
        ? Math.round((fareTotal * Math.min(promo.value, 100)) / 100)
        : Math.min(promo.value, fareTotal);
    return { code, applied: true, reason: null, params: {}, promotion, discount };
  }

  /** Discount lines (negative) per ONE passenger of a type and segment, summing exactly (see discount-allocation.ts). */
  function discountLines(offer: OfferRecord, code: string, discount: number): PriceLine[] {
    const present = TYPES.filter((t) => countOf(offer.passengers, t.code) > 0);
    const faresOf = (type: PassengerTypeCode) =>
      offer.segments.map((_, i) =>
        offer.priceLines
          .filter((l) => l.passengerType === type && l.segment === i && l.kind === 'fare')
          .reduce((a, l) => a + l.amount, 0),
      );
    const perPassenger = splitOverGroups(
      discount,
      present.map((t) => ({
        weight: faresOf(t.code).reduce((a, b) => a + b, 0),
        count: countOf(offer.passengers, t.code),
      })),
    );
    const lines: PriceLine[] = [];
    present.forEach((t, k) => {
      const bySegment = splitByLargestRemainder(perPassenger[k]!, faresOf(t.code));
      bySegment.forEach((amount, segment) => {
        if (amount > 0)
          lines.push({ passengerType: t.code, segment, kind: 'discount', code, amount: -amount });
      });
    });
    return lines;
  }

  return {
    /**
     * POST ibe/chooseFlight: re-checks the chosen flights and classes for the party now and
     * stores a priced offer that holds its price for `offerMinutes`. Seats are not taken.
     * Codes: 400 counts, 204 unknown/not scheduled/departed flight, 611 flight retimed since
     * the segment's `depTime` (when given), CAC2112 second segment not the way back,
     * 610 class cannot take the party.
     */
    async createOffer(input: CreateOfferInput): Promise<Offer> {
      const issues = checkPassengerCounts(input.passengers);
      if (issues.length > 0) throw invalid(issues);
      const at = now();
      const [adults, children, infants] = input.passengers;
      const seated = adults + children;

      const snaps: FlightClassSnapshot[] = [];
      for (const chosen of input.segments) {
        const snap = await repo.flightClass(chosen.flightId.trim(), chosen.bookingClass.toUpperCase());
        if (snap?.status !== 'scheduled' || snap.depUtc.getTime() <= at.getTime()) {
          throw new AppError('flightNotFound');
        }
        // Spec §8 "the scheduled time of the selected flight has changed": the flight now leaves
        // at another instant than the one the traveller was shown, so choose again. A flight
        // retimed before it was shown (or chosen without a shown time) is sold at its current
        // time, which the offer's segment carries.
        if (chosen.depTime !== undefined && snap.depUtc.getTime() !== Date.parse(chosen.depTime)) {
          throw new AppError('flightScheduleChanged', { data: { flightId: snap.flightId } });
        }
        snaps.push(snap);
      }
      const [out, back] = snaps;
      if (back) {
        if (back.depCode !== out!.arrCode || back.arrCode !== out!.depCode) throw new AppError('noRoundTrip');
        if (back.depUtc.getTime() <= out!.arrUtc.getTime()) {
          throw invalid([{ field: 'segments.1.flightId', key: 'search.return_before_outbound' }]);
        }
      }

      // The journey is priced in its origin's currency, the return leg too (as search does).
      const currency: Currency = out!.routeCurrency;
      const segments: OfferSegmentRecord[] = [];
      const priceLines: OfferPriceRecord[] = [];
      for (const [i, snap] of snaps.entries()) {
        const cls = snap.bookingClass;
        // Nested availability: the class bucket and its cabin must both seat the party,
        // and the cabin must have room for the lap infants (docs/architecture.md §7).
        if (!cls || Math.min(cls.classLeft, cls.cabinLeft) < seated || cls.infantsLeft < infants) {
          throw new AppError('flightSelectLimit', { data: { flightId: snap.flightId } });
        }
        const [adultAmount, filed] = await Promise.all([
          repo.adultFare({
            routeCode: snap.routeCode,
            bookingClass: cls.letter,
            currency,
            date: snap.depLocalDate,
          }),
          repo.taxesFor({
            airport: snap.depCode,
            country: snap.depCountry,
            currency,
            date: snap.depLocalDate,
          }),
        ]);
        if (adultAmount === null)
          throw new AppError('flightSelectLimit', { data: { flightId: snap.flightId } });
        segments.push({
          flightId: snap.flightId,
          flightNo: snap.flightNo,
          depCode: snap.depCode,
          arrCode: snap.arrCode,
          depUtc: snap.depUtc.toISOString(),
          arrUtc: snap.arrUtc.toISOString(),
          aircraft: snap.aircraft,
          family: cls.family,
          cabin: cls.cabin,
          bookingClass: cls.letter,
        });
        for (const t of TYPES) {
          if (input.passengers[t.index] === 0) continue;
          priceLines.push({
            passengerType: t.code,
            segment: i,
            kind: 'fare',
            code: cls.letter,
            amount: passengerFare(adultAmount, t.kind),
          });
          for (const tax of taxesOf(filed, t.kind)) {
            priceLines.push({
              passengerType: t.code,
              segment: i,
              kind: 'tax',
              code: tax.code,
              amount: tax.amount,
            });
          }
        }
      }

      const record = await repo.insertOffer({
        userId: input.userId,
        currency,
        passengers: [adults, children, infants],
        segments,
        priceLines,
        expiresAt: new Date(at.getTime() + deps.offerMinutes * 60_000),
      });
      return toOffer(record);
    },

    /** A live offer and its wire form; 301 offerExpired when unknown or past its time. */
    getOffer,

    /**
     * The live offer a booking is made from and, when a promo code is given, the code's row, in
     * one read (an order costs at most six round trips, docs/decisions.md, issue 12); hand both
     * to `priceBreakdown`. 301 offerExpired when unknown or past its time.
     */
    async bookingOffer(
      offerId: string,
      promoCode: string | null,
      at: Date = now(),
    ): Promise<{ record: OfferRecord; promo: PromoRecord | null }> {
      const code = promoCode?.trim() ? promoCode.trim().toUpperCase() : null;
      const found = await repo.findOfferWithPromo(offerId, code);
      if (!found || found.offer.expiresAt.getTime() <= at.getTime()) throw new AppError('offerExpired');
      return { record: found.offer, promo: found.promo };
    },

    /**
     * The price of an offer with an optional promo code (POST ibe/computePrice), and its
     * money lines per ONE passenger of a type, segment and item (fare, each tax, discount):
     * Σ over types of passengers × lines = `breakdown.total`, exactly. `breakdown.discount`
     * is the amount taken off (positive); the discount lines carry it negative.
     */
    async priceBreakdown(
      offer: string | OfferRecord,
      promoCode: string | null,
      at: Date = now(),
      knownPromo?: PromoRecord | null,
    ): Promise<{ breakdown: PriceBreakdown; lines: PriceLine[]; promo: PromoCheck | null }> {
      // An offer the caller just read (booking) is priced as it is, without reading it again,
      // and so is the promo code's row read with it (`bookingOffer`).
      const record = typeof offer === 'string' ? (await getOffer(offer, at)).record : offer;
      if (record.expiresAt.getTime() <= at.getTime()) throw new AppError('offerExpired');
      const currency = record.currency;
      const promo = promoCode?.trim() ? await promoFor(record, promoCode, at, knownPromo) : null;
      const discounts = promo?.applied ? discountLines(record, promo.code, promo.discount) : [];
      const lines: PriceLine[] = [...record.priceLines, ...discounts];

      const present = TYPES.filter((t) => countOf(record.passengers, t.code) > 0);
      const taxesByCode = new Map<string, number>();
      let fareTotal = 0;
      let taxTotal = 0;
      let discount = 0;
      for (const l of lines) {
        const amount = l.amount * countOf(record.passengers, l.passengerType);
        if (l.kind === 'fare') fareTotal += amount;
        else if (l.kind === 'tax') {
          taxTotal += amount;
          taxesByCode.set(l.code, (taxesByCode.get(l.code) ?? 0) + amount);
        } else discount -= amount;
      }
      const breakdown: PriceBreakdown = {
        currency,
        lines: present.map((t) => {
          const unit = typePrice(record.priceLines, t.code, currency);
          const count = countOf(record.passengers, t.code);
          return { ...unit, count, total: { amount: unit.total.amount * count, currency } };
        }),
        taxesByCode: [...taxesByCode].map(([code, amount]) => ({ code, amount: { amount, currency } })),
        fareTotal: { amount: fareTotal, currency },
        taxTotal: { amount: taxTotal, currency },
        discount: { amount: discount, currency },
        total: { amount: fareTotal + taxTotal - discount, currency },
        promo: promo ? { code: promo.code, applied: promo.applied, reason: promo.reason } : null,
      };
      return { breakdown, lines, promo };
    },

    /** Whether a promo code applies to an offer now (reason key when not) and the party's discount. */
    promoFor,

    /**
     * Counts one use of a promo code inside the caller's transaction (the order's): an atomic
     * conditional increment, false when the code has no uses left (then refuse the order).
     */
    redeemPromo(executor: SqlExecutor, code: string): Promise<boolean> {
      return repo.redeemPromo(executor, code.trim().toUpperCase());
    },

    /**
     * Gives back the use an order counted, inside the caller's transaction (the expiry of an
     * unpaid order, issue 9): a limited code's use is not burnt by an order that was never paid.
     */
    releasePromo(executor: SqlExecutor, code: string): Promise<boolean> {
      return repo.releasePromo(executor, code.trim().toUpperCase());
    },

    /**
     * Takes the use of an order's promo code again, even past its limit, inside the caller's
     * transaction (a late payment revived an expired order whose use the expiry gave back).
     */
    retakePromo(executor: SqlExecutor, code: string): Promise<{ pastLimit: boolean } | null> {
      return repo.retakePromo(executor, code.trim().toUpperCase(), now());
    },

    /** POST usePromoCode/queryCodeList: listed promotions valid now that fit the offer's routes and currency. */
    async listPromotions(offerId: string): Promise<{ promotions: Promotion[] }> {
      const at = now();
      const { record } = await getOffer(offerId, at);
      const promos = await repo.listedPromos(at);
      return {
        promotions: promos.filter((p) => fitsJourney(p, record)).map((p) => toPromotion(p, record.currency)),
      };
    },

    /**
     * POST checkFlightSchedule: each flight's current and first-published departure (local
     * ISO) and status. A flight's `changed`: its departure differs from the time the traveller
     * was shown (`seen`), or, with no seen time for it, from the original schedule. `changed`
     * overall: some flight changed or is no longer scheduled.
     */
    async checkFlightSchedule(
      flightIds: readonly string[],
      seen: ReadonlyArray<{ flightId: string; depTime: string }> = [],
    ): Promise<CheckFlightScheduleResponse> {
      const ids = flightIds.map((id) => id.trim());
      const seenAt = new Map(seen.map((s) => [s.flightId.trim(), Date.parse(s.depTime)]));
      const rows = new Map((await repo.flightTimes(ids)).map((r) => [r.flightId, r]));
      const flights = ids.map((id) => {
        const r = rows.get(id);
        if (!r) throw new AppError('flightNotFound');
        const expected = seenAt.get(id) ?? r.originalDepUtc.getTime();
        return {
          flightId: id,
          depTime: toLocalIso(r.depUtc, r.depTimeZone),
          originalDepTime: toLocalIso(r.originalDepUtc, r.depTimeZone),
          changed: r.depUtc.getTime() !== expected,
          status: r.status,
        };
      });
      return { changed: flights.some((f) => f.changed || f.status !== 'scheduled'), flights };
    },

    /** Fare rules of a route (all families, or one), in the route's journey currency. 205 unknown route. */
    async fareRules(input: { depCode: string; arrCode: string; family?: string | undefined }): Promise<{
      rules: FareRule[];
    }> {
      const route = await repo.route(input.depCode, input.arrCode);
      if (!route) throw new AppError('routeNotFound');
      const families = input.family ? FARE_FAMILY_NAMES.filter((f) => f === input.family) : FARE_FAMILY_NAMES;
      return { rules: families.map((f) => fareRule(route, f)) };
    },

    /** One fare rule by its id, `ORIGIN-DESTINATION:Family` (e.g. `KTI-BKK:Basic`); 404 when unknown. */
    async fareRule(id: string): Promise<FareRule> {
      const match = /^([A-Z]{3})-([A-Z]{3}):([A-Za-z]+)$/.exec(id.trim());
      const family = FARE_FAMILY_NAMES.find((f) => f === match?.[3]);
      if (!match || !family) throw new AppError('resourceNotFound');
      const route = await repo.route(match[1]!, match[2]!);
      if (!route) throw new AppError('resourceNotFound');
      return fareRule(route, family);
    },
  };
}

/**
 * The rule of a family on a route, in the currency of a journey starting on it. On a route to
 * or from mainland China nothing is refundable (fareConditions, docs/decisions.md).
 */
function fareRule(route: RouteFacts, family: FareFamily): FareRule {
  const conditions = fareConditions(family, route.currency, route);
  return {
    id: `${route.origin}-${route.destination}:${family}`,
    family,
    depCode: route.origin,
    arrCode: route.destination,
    currency: route.currency,
    conditions,
    text: fareRuleText(conditions),
  };
}

/** The pricing service: offers, price breakdowns, promo codes, fare rules, schedule checks. */
export type PricingService = ReturnType<typeof createPricingService>;
