import {
  AddedService,
  type AddonLeg,
  type AddonMenuReply,
  type BaggageOption,
  type BaggageServiceReply,
  type Currency,
  type Money,
  type PriorityBoardReply,
  type RefundUpgrade,
  type SeatTypeItem,
  type SeatTypeItemsReply,
} from '@wings/contracts';
import {
  ADDON_SEAT_TYPES,
  type AddonSeatType,
  FREE_BAGGAGE,
  localDate,
  refundUpgradePrice,
} from '@wings/rules';
import type { Executor } from '../../platform/db';
import type { AddonPriceRow, AddonsRepository, LegPriceQuery } from './addons.repository';

type Cabin = 'C' | 'Y';

/** One leg of an offer as the add-on lists need it (pricing's `OfferSegmentRecord` fits). */
export interface OfferLegRecord {
  flightId: string;
  flightNo: string;
  depCode: string;
  arrCode: string;
  depUtc: string;
  cabin: Cabin;
}

/** The parts of a priced offer the add-on lists read (pricing's `OfferRecord` fits). */
export interface OfferForAddons {
  id: string;
  currency: Currency;
  /** [adults, children, infants]. */
  passengers: readonly [number, number, number];
  segments: readonly OfferLegRecord[];
  priceLines: readonly { passengerType: 1 | 2 | 3; segment: number; kind: 'fare' | 'tax'; amount: number }[];
}

/** What the add-on service needs from pricing: a live offer (301 offerExpired when unknown or past its time). */
export interface AddonOffers {
  getOffer(offerId: string): Promise<{ record: OfferForAddons }>;
}

/** What it needs from the network: airport zones (departure dates) and the routes' currencies. */
export interface AddonNetwork {
  zoneOf(code: string): Promise<string>;
  airportsAndRoutes(): Promise<{ routes: readonly { code: string; currency: Currency }[] }>;
}

/**
 * Everything the catalogue sells on one leg (a route and cabin, in one currency, for one
 * departure date): what booking's add-on step prices a traveller's choice from.
 */
export interface LegAddonPrices {
  /** Extra kilograms to price, smallest first. */
  baggage: { weightKg: number; price: Money }[];
  priority: Money | null;
  seats: ReadonlyMap<AddonSeatType, Money>;
  /** The refund upgrade's share of the fare in percent; null when not sold. */
  refundUpgradePercent: number | null;
}

export interface AddonsDeps {
  repo: AddonsRepository;
  offers: AddonOffers;
  network: AddonNetwork;
}

const money = (amount: number, currency: Currency): Money => ({ amount, currency });

/** The rows of one leg, sorted into what it sells. */
function legPrices(rows: readonly AddonPriceRow[]): LegAddonPrices {
  const baggage: { weightKg: number; price: Money }[] = [];
  const seats = new Map<AddonSeatType, Money>();
  let priority: Money | null = null;
  let refundUpgradePercent: number | null = null;
  for (const r of rows) {
    if (r.kind === 'baggage' && r.weightKg !== null && r.amount !== null) {
      baggage.push({ weightKg: r.weightKg, price: money(r.amount, r.currency) });
    } else if (r.kind === 'priority' && r.amount !== null) {
      priority = money(r.amount, r.currency);
    } else if (r.kind === 'seat' && r.seatType !== null && r.amount !== null) {
      seats.set(r.seatType, money(r.amount, r.currency));
    } else if (r.kind === 'refund_upgrade') {
      refundUpgradePercent = r.percent;
    }
  }
  baggage.sort((a, b) => a.weightKg - b.weightKg);
  return { baggage, priority, seats, refundUpgradePercent };
}

function baggageOptions(prices: LegAddonPrices): BaggageOption[] {
  return prices.baggage.map((b) => ({
    weightKg: b.weightKg,
    totalCheckedKg: FREE_BAGGAGE.checkedKg + b.weightKg,
    price: b.price,
  }));
}

function seatItems(prices: LegAddonPrices): SeatTypeItem[] {
  return ADDON_SEAT_TYPES.flatMap((seatType) => {
    const price = prices.seats.get(seatType);
    return price ? [{ seatType, price }] : [];
  });
}

/** The upgrade's price per passenger type of the party on leg `segment`: `percent` of that type's fare there. */
function refundUpgrade(offer: OfferForAddons, segment: number, percent: number | null): RefundUpgrade | null {
  if (percent === null) return null;
  const prices: RefundUpgrade['prices'] = [];
  for (const passengerType of [1, 2, 3] as const) {
    if ((offer.passengers[passengerType - 1] ?? 0) === 0) continue;
    const fare = offer.priceLines
      .filter((l) => l.kind === 'fare' && l.segment === segment && l.passengerType === passengerType)
      .reduce((sum, l) => sum + l.amount, 0);
    prices.push({ passengerType, price: refundUpgradePrice(money(fare, offer.currency), percent) });
  }
  return { percent, prices };
}

/**
 * The add-on catalogue's reads (issue 14): the price lists of an offer's legs for the traveller
 * app, and the prices of one leg or one seat type for booking and seating. Every price is for
 * one passenger on one leg, in the journey's currency (the catalogue is filed per currency,
 * like fares); the prices in force are those filed for the leg's local departure date.
 */
export function createAddonsService(deps: AddonsDeps) {
  const { repo } = deps;

  async function legsOf(offer: OfferForAddons): Promise<{ legs: AddonLeg[]; prices: LegAddonPrices[] }> {
    const legs: AddonLeg[] = await Promise.all(
      offer.segments.map(async (s, segment) => ({
        segment,
        flightId: s.flightId,
        flightNo: s.flightNo,
        route: `${s.depCode}-${s.arrCode}`,
        depDate: localDate(new Date(s.depUtc), await deps.network.zoneOf(s.depCode)),
        cabin: s.cabin,
      })),
    );
    const rows = await repo.inForce(
      legs.map((l) => ({ routeCode: l.route, cabin: l.cabin, currency: offer.currency, date: l.depDate })),
    );
    return { legs, prices: rows.map(legPrices) };
  }

  async function offerLegs(offerId: string) {
    const { record } = await deps.offers.getOffer(offerId);
    return { offer: record, ...(await legsOf(record)) };
  }

  return {
    /** GET ibe/getBaggageService: extra-baggage steps of each leg of an offer. */
    async baggage(offerId: string): Promise<BaggageServiceReply> {
      const { offer, legs, prices } = await offerLegs(offerId);
      return {
        offerId: offer.id,
        currency: offer.currency,
        serviceCode: AddedService.extraBaggage,
        allowance: { ...FREE_BAGGAGE },
        legs: legs.map((leg, i) => ({ ...leg, options: baggageOptions(prices[i]!) })),
      };
    },

    /** GET ibe/getPriorityBoardService: priority boarding on each leg of an offer (null: not sold). */
    async priority(offerId: string): Promise<PriorityBoardReply> {
      const { offer, legs, prices } = await offerLegs(offerId);
      return {
        offerId: offer.id,
        currency: offer.currency,
        serviceCode: AddedService.priorityBoarding,
        legs: legs.map((leg, i) => ({ ...leg, price: prices[i]!.priority })),
      };
    },

    /** GET ibe/getSeatTypeItems: the seat types sold on each leg of an offer, with their prices. */
    async seatTypes(offerId: string): Promise<SeatTypeItemsReply> {
      const { offer, legs, prices } = await offerLegs(offerId);
      return {
        offerId: offer.id,
        currency: offer.currency,
        serviceCode: AddedService.onlineSeat,
        legs: legs.map((leg, i) => ({ ...leg, seatTypes: seatItems(prices[i]!) })),
      };
    },

    /** GET ibe/backService/{offerId}: the whole add-on menu of an offer, leg by leg. */
    async menu(offerId: string): Promise<AddonMenuReply> {
      const { offer, legs, prices } = await offerLegs(offerId);
      return {
        offerId: offer.id,
        currency: offer.currency,
        allowance: { ...FREE_BAGGAGE },
        legs: legs.map((leg, i) => {
          const p = prices[i]!;
          return {
            ...leg,
            baggage: baggageOptions(p),
            priority: p.priority,
            seatTypes: seatItems(p),
            refundUpgrade: refundUpgrade(offer, i, p.refundUpgradePercent),
          };
        }),
      };
    },

    /**
     * What the catalogue sells on each leg (route, cabin, currency, local departure date), in
     * the caller's executor when given (booking prices a traveller's choices from it inside its
     * order transaction; a choice absent here is not sold).
     */
    async legPrices(legs: readonly LegPriceQuery[], executor?: Executor): Promise<LegAddonPrices[]> {
      return (await repo.inForce(legs, executor)).map(legPrices);
    },

    /**
     * The seat types' prices of a route and cabin in the route's own currency for a departure at
     * `at` (its local date at the route's origin): seating's `SeatPrices` port. A type absent
     * from the map has no price filed and is not sold.
     */
    async seatPrices(route: string, cabin: Cabin, at: Date): Promise<ReadonlyMap<AddonSeatType, Money>> {
      const { routes } = await deps.network.airportsAndRoutes();
      const known = routes.find((r) => r.code === route);
      if (!known) return new Map();
      const date = localDate(at, await deps.network.zoneOf(route.slice(0, 3)));
      const [rows] = await repo.inForce([{ routeCode: route, cabin, currency: known.currency, date }]);
      return legPrices(rows ?? []).seats;
    },
  };
}

/** The add-on catalogue's traveller-side service (decorated as `app.addons`). */
export type AddonsService = ReturnType<typeof createAddonsService>;
