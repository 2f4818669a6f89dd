import type {
  AddonLine,
  BookingServices,
  InsuranceEntry,
  LanguageTag,
  PriceBreakdown,
  SeatMap,
} from '@wings/contracts';
import {
  checkInsuranceEntry,
  isFamilySeat,
  localDate,
  type RuleIssue,
  refundUpgradePrice,
  seatBar,
} from '@wings/rules';
import type { Executor } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import type { AddonsService } from '../addons';
import type { InsuranceService } from '../insurance';
import type { AirportZones } from '../network';
import type { OfferRecord } from '../pricing';
import type { Seating } from '../seating';

/**
 * Add-ons chosen in the booking (issue 14): booking prices every choice from the catalogue
 * (modules/addons `legPrices`, in the offer's currency; never an amount from the client) and
 * checks each seat with the seat rules on the flight's map (modules/seating). One `AddonLine`
 * per choice: seat (12), baggage step (13), priority boarding (11) per passenger and leg; the
 * Enhanced Refundable Ticket upgrade ('ERT') per passenger on every leg (one line per leg, each
 * its share of that leg's fare). Problems are reported by field: `services.{i}.legs.{j}.seat`,
 * `.baggageKg`, `.priority`, `services.{i}.refundUpgrade`, `services.{i}.legs.{j}` (no such leg),
 * `services.{i}` (no such passenger).
 */

/** What booking needs of the add-on catalogue and of seating. */
export interface AddonPorts {
  addons: Pick<AddonsService, 'legPrices'>;
  seating: Pick<
    Seating,
    'seatMap' | 'holdSeats' | 'confirmSeats' | 'releaseSeats' | 'reholdSeats' | 'seatsOfOrder'
  >;
  /**
   * Travel insurance (service code 10): the insurer's price of a plan for the offer's trip, and,
   * once the order is paid, its policies (written pending in the payment's transaction, bought
   * by insurance's purchase job). Absent: insurance is refused like any add-on not sold.
   */
  insurance?: Pick<
    InsuranceService,
    'price' | 'createPending' | 'enqueuePurchase' | 'wakePurchase' | 'planIdOf' | 'policyViews'
  >;
}

/** A booking passenger as the add-on rules read them. */
export interface AddonTaker {
  passengerType: number;
  birthday: string;
}

/**
 * A priced choice: the wire line; an insurance line also carries the insured's entry, kept on the
 * order's price line until the policy is bought after payment (never sent back to the client).
 */
export type PricedAddon = AddonLine & { entry?: InsuranceEntry };

/** Whether any choice is made at all (an empty list, or entries with nothing chosen, is none). */
export function hasServices(services: BookingServices | undefined): services is BookingServices {
  return (services ?? []).some(
    (s) =>
      !!s &&
      (s.refundUpgrade === true ||
        !!s.insurance ||
        (s.legs ?? []).some((l) => !!l && (!!l.seat || !!l.baggageKg || l.priority === true))),
  );
}

/**
 * Which passengers travel with an infant on their lap: the k-th infant listed with the k-th
 * adult listed (checkParty allows no more infants than adults).
 */
export function lapHolders(passengers: readonly AddonTaker[]): Set<number> {
  const adults = passengers.flatMap((p, i) => (p.passengerType === 1 ? [i] : []));
  const infants = passengers.filter((p) => p.passengerType === 3).length;
  return new Set(adults.slice(0, infants));
}

/**
 * Prices and checks the choices for the offer; throws a 400 naming every bad field. `taken`:
 * refuse a seat already held by an order (the add-on step); the order's own transaction leaves
 * that to `seating.holdSeats`, whose refusal (640) fails the whole order.
 */
export async function priceAddons(
  deps: AddonPorts & { zones: AirportZones },
  offer: OfferRecord,
  passengers: readonly AddonTaker[],
  services: BookingServices,
  options: { lang: LanguageTag; checkTaken: boolean; executor?: Executor },
): Promise<PricedAddon[]> {
  const zones = await deps.zones.zones();
  const legs = offer.segments.map((s) => ({
    routeCode: `${s.depCode}-${s.arrCode}`,
    cabin: s.cabin,
    currency: offer.currency,
    date: localDate(new Date(s.depUtc), zones.get(s.depCode) ?? deps.zones.hubZone),
  }));
  const prices = await deps.addons.legPrices(legs, options.executor);
  const issues: RuleIssue[] = [];
  const lines: PricedAddon[] = [];
  const money = (amount: number) => ({ amount, currency: offer.currency });
  const laps = lapHolders(passengers);

  // Each leg's seat map, read once when a seat is chosen on it.
  const maps = new Map<number, Promise<SeatMap>>();
  const mapOf = (j: number) => {
    let m = maps.get(j);
    if (!m) {
      const seg = offer.segments[j]!;
      m = deps.seating.seatMap(seg.flightId, { cabin: seg.cabin, lang: options.lang });
      maps.set(j, m);
    }
    return m;
  };
  const seatsPicked = new Map<string, number>();
  // Where each seat line sits, to price a child's seat beside its adult's as free (family seating).
  const seatPlaces = new Map<AddonLine, { row: number; col: number; passengerType: number }>();
  const quotes = new Map<string, ReturnType<NonNullable<AddonPorts['insurance']>['price']>>();

  for (const [i, entry] of services.entries()) {
    if (!entry) continue;
    const p = passengers[i];
    if (!p) {
      issues.push({ field: `services.${i}`, key: 'addons.no_such_passenger' });
      continue;
    }
    for (const [j, leg] of (entry.legs ?? []).entries()) {
      if (!leg) continue;
      const field = (name: string) => `services.${i}.legs.${j}.${name}`;
      const segment = offer.segments[j];
      const price = prices[j];
      if (!segment || !price) {
        issues.push({ field: `services.${i}.legs.${j}`, key: 'addons.no_such_leg' });
        continue;
      }
      if (leg.seat) {
        const seatIssue = await checkSeat(leg.seat, field('seat'));
        if (seatIssue) issues.push(seatIssue);
      }
      if (leg.baggageKg) {
        const step = price.baggage.find((b) => b.weightKg === leg.baggageKg);
        if (!step) {
          issues.push({
            field: field('baggageKg'),
            key: 'addons.baggage_not_sold',
            params: { kg: leg.baggageKg },
          });
        } else {
          lines.push({
            code: '13',
            passenger: i,
            leg: j,
            weightKg: step.weightKg,
            amount: money(step.price.amount),
          });
        }
      }
      if (leg.priority) {
        if (!price.priority) issues.push({ field: field('priority'), key: 'addons.priority_not_sold' });
        else lines.push({ code: '11', passenger: i, leg: j, amount: money(price.priority.amount) });
      }

      async function checkSeat(seat: string, f: string): Promise<RuleIssue | null> {
        if (p!.passengerType === 3) return { field: f, key: 'seat.infant_no_seat' };
        const map = await mapOf(j);
        const s = map.seats.find((x) => x.seat === seat);
        if (!s) return { field: f, key: 'seat.not_on_map', params: { seat } };
        if (s.cabin !== segment!.cabin) return { field: f, key: 'seat.wrong_cabin', params: { seat } };
        const bar = seatBar(
          { birthday: p!.birthday, passengerType: p!.passengerType, withInfant: laps.has(i) },
          s,
          map.date,
          f,
        );
        if (bar) return bar;
        const key = `${j}/${seat}`;
        if (seatsPicked.has(key)) return { field: f, key: 'seat.picked_twice', params: { seat } };
        seatsPicked.set(key, i);
        if (options.checkTaken && s.taken) return { field: f, key: 'seat.taken', params: { seat } };
        const typePrice = price!.seats.get(s.seatType);
        if (!typePrice) return { field: f, key: 'addons.seat_not_sold', params: { seat } };
        const line: PricedAddon = { code: '12', passenger: i, leg: j, seat, amount: money(typePrice.amount) };
        lines.push(line);
        seatPlaces.set(line, { row: s.row, col: s.col, passengerType: p!.passengerType });
        return null;
      }
    }
    if (entry.insurance) {
      const field = `services.${i}.insurance`;
      const entryIssues = checkInsuranceEntry(entry.insurance);
      if (entryIssues.length > 0) {
        issues.push(...entryIssues.map((x) => ({ ...x, field: `${field}.${x.field}` })));
      } else if (!deps.insurance) {
        issues.push({ field: `${field}.insuranceType`, key: 'insurance.plan_unknown' });
      } else {
        // One quote per plan: every insured passenger of a plan pays its price for one insured.
        const code = entry.insurance.insuranceType.trim().toUpperCase();
        let quote = quotes.get(code);
        if (!quote) {
          quote = deps.insurance.price({ insuranceType: code, offerId: offer.id, insuredCount: 1 });
          quotes.set(code, quote);
        }
        const q = await quote.catch((err: unknown) => {
          // The insurer's refusal (plan not sold, trip too long) is the passenger's field; 650 stands.
          if (err instanceof AppError && err.errorName === 'invalidRequest') return err.fields;
          throw err;
        });
        if (Array.isArray(q)) {
          const refusals = q.length > 0 ? q : [{ field: '', key: 'insurance.plan_unknown' }];
          issues.push(...refusals.map((x) => ({ ...x, field: `${field}.insuranceType` })));
        } else {
          lines.push({
            code: '10',
            passenger: i,
            leg: 0,
            insuranceType: code,
            coverFrom: q.cover.coverFrom,
            coverTo: q.cover.coverTo,
            amount: money(q.unitPrice.amount),
            entry: { ...entry.insurance, insuranceType: code },
          });
        }
      }
    }
    if (entry.refundUpgrade) {
      const field = `services.${i}.refundUpgrade`;
      const percents = prices.map((x) => x.refundUpgradePercent);
      if (percents.some((x) => x === null)) {
        issues.push({ field, key: 'addons.upgrade_not_sold' });
      } else {
        offer.segments.forEach((_, j) => {
          const fare = offer.priceLines
            .filter((l) => l.kind === 'fare' && l.segment === j && l.passengerType === p.passengerType)
            .reduce((sum, l) => sum + l.amount, 0);
          const amount = refundUpgradePrice(money(fare), percents[j] as number).amount;
          lines.push({ code: 'ERT', passenger: i, leg: j, amount: money(amount) });
        });
      }
    }
  }
  if (issues.length > 0) throw invalid(issues);
  // Family seating: a child's seat right beside an adult's seat of this booking on that leg is free.
  for (const [line, place] of seatPlaces) {
    if (place.passengerType !== 2) continue;
    const adults = [...seatPlaces]
      .filter(([l, q]) => q.passengerType === 1 && l.leg === line.leg)
      .map(([, q]) => q);
    if (isFamilySeat(place, adults)) line.amount = money(0);
  }
  lines.sort((a, b) => a.passenger - b.passenger || a.leg - b.leg || a.code.localeCompare(b.code));
  return lines;
}

/** The wire line of a priced choice (the insured's entry stays on the server). */
export function wireLine({ entry: _entry, ...line }: PricedAddon): AddonLine {
  return line;
}

/** What a price line keeps of its choice beside the amount (order_price_lines.detail), or null. */
export function lineDetail(line: PricedAddon): Record<string, unknown> | null {
  if (line.code === '13' && line.weightKg) return { weightKg: line.weightKg };
  if (line.code === '10') {
    return {
      insuranceType: line.insuranceType,
      coverFrom: line.coverFrom,
      coverTo: line.coverTo,
      entry: line.entry,
    };
  }
  return null;
}

/** The breakdown with the add-ons' total (`addons`) and the total raised by it. */
export function withAddons(breakdown: PriceBreakdown, lines: readonly PricedAddon[]): PriceBreakdown {
  const sum = lines.reduce((s, l) => s + l.amount.amount, 0);
  return {
    ...breakdown,
    addons: { amount: sum, currency: breakdown.total.currency },
    total: { amount: breakdown.total.amount + sum, currency: breakdown.total.currency },
  };
}
