import {
  type Airport,
  type CalendarDay,
  type Currency,
  FARE_FAMILY_NAMES,
  type FareConditions,
  type FareFamily,
  type FareOffer,
  type Flight,
  type QueryFlightRequest,
  type QueryFlightResponse,
  type QueryFlightReturnRequest,
  TripType,
  type ZAroundPriceCalendarRequest,
  type ZCheckCalendarRequest,
  type ZCheckCalendarResponse,
  type ZGetFlightByDepartCityResponse,
  type ZPriceCalendarRequest,
  type ZRouteInfoResponse,
} from '@wings/contracts';
import {
  addDays,
  checkPassengerCounts,
  checkSearch,
  datesOfMonth,
  daysBetween,
  fareConditions,
  isChinaRoute,
  isRoundTrip,
  kmToMiles,
  localDate,
  passengerFare,
  type RouteCountries,
  type RuleIssue,
  SEARCH_WINDOW_DAYS,
  SEATS_LEFT_CAP,
  toLocalIso,
  utcOffsetMinutes,
  zonedTimeToUtc,
} from '@wings/rules';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { NetworkAirport, Network as NetworkPort, NetworkRoute } from '../network';
import { TtlCache } from './search-cache';
import type { SearchChange } from './search-changes';
import type { FlightClassRow, ShoppingRepository } from './shopping.repository';

type PriceCalendarRequest = z.infer<typeof ZPriceCalendarRequest>;
type AroundPriceCalendarRequest = z.infer<typeof ZAroundPriceCalendarRequest>;
type CheckCalendarRequest = z.infer<typeof ZCheckCalendarRequest>;
type CheckCalendarResponse = z.infer<typeof ZCheckCalendarResponse>;
type FlightByDepartCityResponse = z.infer<typeof ZGetFlightByDepartCityResponse>;
type RouteInfoResponse = z.infer<typeof ZRouteInfoResponse>;
type Passengers = readonly [number, number, number];

/** How long the airports and routes are kept in memory; they change only with a new schedule season. */
const NETWORK_TTL_MS = 60_000;

/** A dated flight with its classes, as kept in the search cache. */
interface CachedFlight {
  flight: Omit<Flight, 'fares'>;
  depUtcMs: number;
  /** Per family, its classes cheapest first. */
  families: Map<FareFamily, FlightClassRow[]>;
}

/** What a leg answers: its flights, or the failure it ends in (no flight; no fare for the party). */
type LegOutcome = QueryFlightResponse | 'flightNotFound' | 'flightSelectLimit';

interface Network {
  airports: Map<string, NetworkAirport>;
  airportList: NetworkAirport[];
  routes: Map<string, NetworkRoute>;
}

export interface ShoppingServiceDeps {
  repo: ShoppingRepository;
  /** The network's airports and routes, and the hub's zone ("today" for an unknown airport). */
  network: Pick<NetworkPort, 'airportsAndRoutes' | 'hubZone'>;
  now: () => Date;
  /** Life of a cached search result, ms (config SEARCH_CACHE_TTL_MS); 0 turns caching off. */
  searchCacheTtlMs?: number;
  /**
   * Whether a leg's answer is kept with the cached flights and handed out again (config
   * SEARCH_KEEP_SERIALISED, default true); false works it out on every search.
   */
  keepOutcomes?: boolean;
}

/**
 * The conditions a search shows, built once per family, journey currency and route kind: the
 * same `fareConditions` the priced offer and the fare rules read, with the route's countries,
 * so a route to or from mainland China shows no refund (docs/decisions.md).
 */
const conditionsMemo = new Map<string, FareConditions>();
function conditionsFor(family: FareFamily, currency: Currency, route: RouteCountries): FareConditions {
  const key = `${family}|${currency}|${isChinaRoute(route)}`;
  let known = conditionsMemo.get(key);
  if (!known) {
    known = fareConditions(family, currency, route);
    conditionsMemo.set(key, known);
  }
  return known;
}

function toAirport(a: NetworkAirport): Airport {
  return { ...a };
}

/**
 * Flight search (booking-and-account.md §7, issue 2 §4): airports, destinations, the
 * outbound and return legs, price calendars and route facts.
 */
export function createShoppingService(deps: ShoppingServiceDeps) {
  const { repo, now } = deps;
  const ttl = deps.searchCacheTtlMs ?? 5_000;
  // Without a cache every search reads afresh, and there is nothing to keep an answer with.
  const keepOutcomes = (deps.keepOutcomes ?? true) && ttl > 0;

  const networkCache = new TtlCache<Network>(NETWORK_TTL_MS, 1);
  /*
   * Search results are cached in this process for a few seconds (SEARCH_CACHE_TTL_MS,
   * default 5 s), keyed by route, local date and currency: the rows hold every class with
   * its remaining seats, so one entry answers every party size. Availability shown may thus
   * be a few seconds old; that is safe because seats are re-checked and taken with a
   * conditional UPDATE when the order is created (docs/architecture.md §7). It lets the busiest call
   * answer from memory under load instead of queueing on the pool.
   */
  // On the service's clock, which tests move past the time-to-live.
  const clock = () => now().getTime();
  const flightCache = new TtlCache<CachedFlight[]>(ttl, undefined, clock);
  const calendarCache = new TtlCache<Map<string, number>>(ttl, undefined, clock);
  /*
   * What a leg answers, per cached flight list, departure cut-off and party: the same object
   * (never changed afterwards) for as long as the flights it was made from are cached, so a
   * repeated search costs a look-up and its reply can be kept serialised (search-replies.ts).
   * It lives and dies with the flight list it was made from.
   */
  const legOutcomes = new WeakMap<CachedFlight[], Map<string, LegOutcome>>();

  function network(): Promise<Network> {
    return networkCache.get('network', async () => {
      const { airports, routes } = await deps.network.airportsAndRoutes();
      return {
        airports: new Map(airports.map((a) => [a.code, a])),
        airportList: airports,
        routes: new Map(routes.map((r) => [r.code, r])),
      };
    });
  }

  // "Today" per zone, kept until the zone's next midnight: Intl formatting is the costliest
  // step of a cached search, and the date only changes once a day.
  const todays = new Map<string, { date: string; from: number; until: number }>();
  function todayAt(net: Network, code: string): string {
    const timeZone = net.airports.get(code)?.timeZone ?? deps.network.hubZone;
    const at = now().getTime();
    const known = todays.get(timeZone);
    if (known && at >= known.from && at < known.until) return known.date;
    const date = localDate(new Date(at), timeZone);
    todays.set(timeZone, {
      date,
      from: zonedTimeToUtc(date, '00:00', timeZone).getTime(),
      until: zonedTimeToUtc(addDays(date, 1), '00:00', timeZone).getTime(),
    });
    return date;
  }

  function routeOf(net: Network, dep: string, arr: string): NetworkRoute {
    const route = net.routes.get(`${dep}-${arr}`);
    if (!route || !net.airports.has(dep) || !net.airports.has(arr)) throw new AppError('routeNotFound');
    return route;
  }

  async function flightsOn(route: NetworkRoute, date: string, currency: Currency): Promise<CachedFlight[]> {
    const net = await network();
    const dep = net.airports.get(route.origin)!;
    const arr = net.airports.get(route.destination)!;
    return flightCache.get(`${route.code}|${date}|${currency}`, async () => {
      const rows = await repo.flightClasses(route.code, date, currency);
      const byFlight = new Map<string, CachedFlight>();
      for (const row of rows) {
        let entry = byFlight.get(row.flightId);
        if (!entry) {
          entry = {
            flight: {
              flightId: row.flightId,
              flightNo: row.flightNo,
              depCode: route.origin,
              arrCode: route.destination,
              depTime: toLocalIso(row.depUtc, dep.timeZone),
              arrTime: toLocalIso(row.arrUtc, arr.timeZone),
              durationMinutes: Math.round((row.arrUtc.getTime() - row.depUtc.getTime()) / 60_000),
              aircraft: row.aircraft,
            },
            depUtcMs: row.depUtc.getTime(),
            families: new Map(),
          };
          byFlight.set(row.flightId, entry);
        }
        const list = entry.families.get(row.family) ?? [];
        list.push(row);
        entry.families.set(row.family, list);
      }
      for (const entry of byFlight.values()) {
        for (const list of entry.families.values()) {
          list.sort((a, b) => a.adultAmount - b.adultAmount || b.nestOrder - a.nestOrder);
        }
      }
      // In departure order (the query's already; stable), so the flights still to leave are a tail.
      return [...byFlight.values()].sort((a, b) => a.depUtcMs - b.depUtcMs);
    });
  }

  /**
   * The offers of one flight for a party: per family, the cheapest class whose remaining
   * seats (nested: its own bucket and its cabin) cover the seated passengers and whose
   * cabin can still take the lap infants.
   *
   * Decision: `adultPrice` (and child/infant prices) is the fare alone, without taxes and
   * charges; those depend on the whole itinerary and passenger types and are itemised by
   * code in the booking's price breakdown (computePrice), where the total is built.
   */
  function offersFor(
    entry: CachedFlight,
    passengers: Passengers,
    currency: Currency,
    countries: RouteCountries,
  ): FareOffer[] {
    const seated = passengers[0] + passengers[1];
    const infants = passengers[2];
    const offers: FareOffer[] = [];
    for (const family of FARE_FAMILY_NAMES) {
      const open = entry.families.get(family)?.find((c) => c.remaining >= seated && c.infantsLeft >= infants);
      if (!open) continue;
      offers.push({
        family,
        cabin: open.cabin,
        bookingClass: open.bookingClass,
        adultPrice: { amount: open.adultAmount, currency },
        childPrice: { amount: passengerFare(open.adultAmount, 'child'), currency },
        infantPrice: { amount: passengerFare(open.adultAmount, 'infant'), currency },
        seatsLeft: Math.min(open.remaining, SEATS_LEFT_CAP),
        conditions: conditionsFor(family, currency, countries),
      });
    }
    return offers;
  }

  /**
   * One leg: flights departing after `notBefore`. No flight → 204; flights but none with a
   * fare for the party → 610. A flight full for this party stays listed with no fares, so
   * the traveller sees it is sold out rather than missing. The answer is worked out once per
   * cached flight list, cut-off and party (`legOutcomes`) and handed out again after that.
   */
  async function leg(input: {
    route: NetworkRoute;
    date: string;
    currency: Currency;
    passengers: Passengers;
    notBefore: number;
  }): Promise<QueryFlightResponse> {
    const cached = await flightsOn(input.route, input.date, input.currency);
    let departed = 0;
    while (departed < cached.length && cached[departed]!.depUtcMs <= input.notBefore) departed++;
    const seated = input.passengers[0] + input.passengers[1];
    const key = `${departed}|${seated}|${input.passengers[2]}`;
    let known = legOutcomes.get(cached);
    if (!known) {
      known = new Map();
      if (keepOutcomes) legOutcomes.set(cached, known);
    }
    let outcome = known.get(key);
    if (outcome === undefined) {
      const net = await network();
      outcome = known.get(key) ?? legOf(cached.slice(departed), input, net);
      known.set(key, outcome);
    }
    if (typeof outcome === 'string') throw new AppError(outcome);
    return outcome;
  }

  function legOf(
    flightsLeft: CachedFlight[],
    input: { route: NetworkRoute; date: string; currency: Currency; passengers: Passengers },
    net: Network,
  ): LegOutcome {
    const countries: RouteCountries = {
      depCountry: net.airports.get(input.route.origin)!.country,
      arrCountry: net.airports.get(input.route.destination)!.country,
    };
    const flights: Flight[] = [];
    let bookable = false;
    for (const entry of flightsLeft) {
      const fares = offersFor(entry, input.passengers, input.currency, countries);
      if (fares.length > 0) bookable = true;
      flights.push({ ...entry.flight, fares });
    }
    if (flights.length === 0) return 'flightNotFound';
    if (!bookable) return 'flightSelectLimit';
    return {
      depCode: input.route.origin,
      arrCode: input.route.destination,
      depDate: input.date,
      currency: input.currency,
      flights,
    };
  }

  function refuse(issues: RuleIssue[]): void {
    if (issues.length > 0) throw new AppError('invalidRequest', { fields: issues });
  }

  function checkRoutePair(depCode: string, arrCode: string, passengers: Passengers): void {
    const issues: RuleIssue[] = [];
    if (depCode === arrCode) issues.push({ field: 'arrCode', key: 'search.same_city' });
    issues.push(...checkPassengerCounts(passengers));
    refuse(issues);
  }

  async function calendar(input: {
    depCode: string;
    arrCode: string;
    dates: string[];
    passengers: Passengers;
  }): Promise<CalendarDay[]> {
    checkRoutePair(input.depCode, input.arrCode, input.passengers);
    const net = await network();
    const route = routeOf(net, input.depCode, input.arrCode);
    const today = todayAt(net, route.origin);
    const last = addDays(today, SEARCH_WINDOW_DAYS);
    const inWindow = input.dates.filter((d) => d >= today && d <= last);
    const seated = input.passengers[0] + input.passengers[1];
    const infants = input.passengers[2];
    let prices = new Map<string, number>();
    if (inWindow.length > 0) {
      const from = inWindow[0]!;
      const to = inWindow[inWindow.length - 1]!;
      prices = await calendarCache.get(`${route.code}|${from}|${to}|${seated}|${infants}`, () =>
        repo.lowestFaresByDate({
          routeCode: route.code,
          from,
          to,
          currency: route.currency,
          seated,
          infants,
          now: now(),
        }),
      );
    }
    return input.dates.map((date) => {
      const amount = date >= today && date <= last ? prices.get(date) : undefined;
      return { date, lowestPrice: amount === undefined ? null : { amount, currency: route.currency } };
    });
  }

  return {
    /** GET ibe/getAirport: every airport, the hub first, then by country and city. */
    async getAirports(): Promise<{ airports: Airport[] }> {
      const net = await network();
      const list = [...net.airportList].sort(
        (a, b) =>
          Number(b.isHub) - Number(a.isHub) ||
          Number(b.country === 'KH') - Number(a.country === 'KH') ||
          a.city.en.localeCompare(b.city.en),
      );
      return { airports: list.map(toAirport) };
    },

    /** GET ibe/getFlightByDepartCity/{code}: the airports flown to from `code`, and whether back too. */
    async getDestinations(code: string): Promise<FlightByDepartCityResponse> {
      const net = await network();
      if (!net.airports.has(code)) throw new AppError('routeNotFound');
      const destinations = [...net.routes.values()]
        .filter((r) => r.origin === code)
        .map((r) => ({
          ...toAirport(net.airports.get(r.destination)!),
          roundTrip: net.routes.has(`${r.destination}-${r.origin}`),
        }))
        .sort((a, b) => a.city.en.localeCompare(b.city.en));
      return { depCode: code, destinations };
    },

    /** POST ibe/queryFlight: the outbound (or only) leg, priced in the journey origin's currency. */
    async queryFlight(req: QueryFlightRequest): Promise<QueryFlightResponse> {
      const net = await network();
      refuse(checkSearch(req, todayAt(net, req.depCode)));
      const route = routeOf(net, req.depCode, req.arrCode);
      if (isRoundTrip(req.tripType) && !net.routes.has(`${req.arrCode}-${req.depCode}`)) {
        throw new AppError('noRoundTrip');
      }
      return leg({
        route,
        date: req.depDate,
        currency: route.currency,
        passengers: req.passengers,
        notBefore: now().getTime(),
      });
    },

    /**
     * POST ibe/queryFlightReturn: flights arrCode → depCode on retDate, priced in the
     * currency of the journey's origin (the outbound route's), leaving after the chosen
     * outbound flight lands when its arrival is given.
     */
    async queryFlightReturn(req: QueryFlightReturnRequest): Promise<QueryFlightResponse> {
      const net = await network();
      refuse(checkSearch({ ...req, tripType: TripType.round }, todayAt(net, req.depCode)));
      const outbound = routeOf(net, req.depCode, req.arrCode);
      const back = net.routes.get(`${req.arrCode}-${req.depCode}`);
      if (!back) throw new AppError('noRoundTrip');
      const landed = req.outboundArrTime ? Date.parse(req.outboundArrTime) : 0;
      return leg({
        route: back,
        date: req.retDate,
        currency: outbound.currency,
        passengers: req.passengers,
        notBefore: Math.max(now().getTime(), landed),
      });
    },

    /** POST price/getPriceCalendar: the lowest adult fare of each day of a month (null: none bookable). */
    async getPriceCalendar(req: PriceCalendarRequest) {
      const days = await calendar({ ...req, dates: datesOfMonth(req.month) });
      return { depCode: req.depCode, arrCode: req.arrCode, days };
    },

    /** POST price/getAroundPriceCalendar: the chosen day and three days either side. */
    async getAroundPriceCalendar(req: AroundPriceCalendarRequest) {
      const dates = [-3, -2, -1, 0, 1, 2, 3].map((n) => addDays(req.depDate, n));
      const days = await calendar({ ...req, dates });
      return { depCode: req.depCode, arrCode: req.arrCode, days };
    },

    /**
     * POST price/checkCalendarIsYear: the bookable window of a route. `isYear` is true when
     * flights run from the start to the end of the 180-day window (allowing a week's gap at
     * either end for routes flown on some weekdays only).
     */
    async checkCalendar(req: CheckCalendarRequest): Promise<CheckCalendarResponse> {
      checkRoutePair(req.depCode, req.arrCode, [1, 0, 0]);
      const net = await network();
      const route = routeOf(net, req.depCode, req.arrCode);
      const today = todayAt(net, route.origin);
      const end = addDays(today, SEARCH_WINDOW_DAYS);
      const { first, last } = await repo.flownDateRange(route.code, today, end);
      const isYear =
        first !== null && last !== null && daysBetween(today, first) < 7 && daysBetween(last, end) < 7;
      return { isYear, firstDate: first, lastDate: last, windowDays: SEARCH_WINDOW_DAYS };
    },

    /**
     * GET flightinfo/selectByFlight/{ORIGIN-DESTINATION}: distance, block time and
     * `timediff`, the arrival zone's UTC offset minus the departure zone's, in hours, now.
     */
    async getRouteInfo(routeCode: string): Promise<RouteInfoResponse> {
      const match = /^([A-Za-z]{3})-([A-Za-z]{3})$/.exec(routeCode.trim());
      if (!match) throw new AppError('routeNotFound');
      const net = await network();
      const route = routeOf(net, match[1]!.toUpperCase(), match[2]!.toUpperCase());
      const at = now();
      const dep = net.airports.get(route.origin)!;
      const arr = net.airports.get(route.destination)!;
      const timediff = (utcOffsetMinutes(at, arr.timeZone) - utcOffsetMinutes(at, dep.timeZone)) / 60;
      return {
        route: route.code,
        depCode: route.origin,
        arrCode: route.destination,
        timediff,
        distanceKm: route.distanceKm,
        distanceMiles: Math.round(kmToMiles(route.distanceKm)),
        durationMinutes: route.blockMinutes,
      };
    },

    /** Forgets cached search results (tests, and later a back-office schedule change). */
    clearCache(): void {
      networkCache.clear();
      flightCache.clear();
      calendarCache.clear();
    },

    /**
     * Forgets the cached results a back-office change touches (search-changes.ts): the flights
     * and calendars of the routes whose fares changed, or everything.
     */
    forget(change: SearchChange): void {
      if (change === 'all') {
        // `all` also follows an admin's airport or route change: the network is read again.
        networkCache.clear();
        flightCache.clear();
        calendarCache.clear();
        return;
      }
      // Flight and calendar keys both start with the route code (`KTI-BKK|...`).
      const routes = new Set(change.routes);
      const touched = (key: string) => routes.has(key.slice(0, key.indexOf('|')));
      flightCache.deleteWhere(touched);
      calendarCache.deleteWhere(touched);
    },
  };
}

export type ShoppingService = ReturnType<typeof createShoppingService>;
