import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  time,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** Airports of the network, with names in the three product languages (docs/architecture.md §7). */
export const airports = pgTable(
  'airports',
  {
    /** IATA code, e.g. KTI. */
    code: text('code').primaryKey(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    nameKm: text('name_km').notNull(),
    cityZh: text('city_zh').notNull(),
    cityEn: text('city_en').notNull(),
    cityKm: text('city_km').notNull(),
    /** ISO 3166-1 alpha-2, e.g. KH, CN, MO. */
    countryCode: text('country_code').notNull(),
    countryNameZh: text('country_name_zh').notNull(),
    countryNameEn: text('country_name_en').notNull(),
    countryNameKm: text('country_name_km').notNull(),
    /** IANA zone, e.g. Asia/Phnom_Penh: flight times are shown in it and "today" is taken in it. */
    timeZone: text('time_zone').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    isHub: boolean('is_hub').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('airports_code_iata', sql`${t.code} ~ '^[A-Z]{3}$'`),
    check('airports_country_iso', sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    check('airports_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('airports_longitude_range', sql`${t.longitude} between -180 and 180`),
  ],
);

/**
 * A directed city pair flown by the airline. A return trip needs the reverse route too
 * (otherwise search answers CAC2112).
 */
export const routes = pgTable(
  'routes',
  {
    /** `ORIGIN-DESTINATION`, e.g. KTI-BKK (the spec's selectByFlight path uses this form). */
    code: text('code').primaryKey(),
    origin: text('origin')
      .notNull()
      .references(() => airports.code),
    destination: text('destination')
      .notNull()
      .references(() => airports.code),
    /** Great-circle distance between the airports, whole kilometres. */
    distanceKm: integer('distance_km').notNull(),
    /** Currency of a journey that starts here: CNY for mainland China origins, else USD (docs/architecture.md §7). */
    currency: text('currency').notNull(),
    /** Typical scheduled block time, minutes. */
    blockMinutes: integer('block_minutes').notNull(),
    ...timestamps,
  },
  (t) => [
    unique('routes_origin_destination_key').on(t.origin, t.destination),
    check('routes_distinct_airports', sql`${t.origin} <> ${t.destination}`),
    check('routes_code_matches', sql`${t.code} = ${t.origin} || '-' || ${t.destination}`),
    check('routes_currency', sql`${t.currency} in ('USD', 'CNY')`),
    check('routes_distance_positive', sql`${t.distanceKm} > 0`),
    check('routes_block_positive', sql`${t.blockMinutes} > 0`),
    index('routes_destination_idx').on(t.destination),
  ],
);

/** Seat type of a row (contracts SeatType): business PFST, front economy UPST, standard SEAT. */
export type SeatTypeCode = 'PFST' | 'UPST' | 'SEAT';

/** One block of rows sharing a cabin, seat letters and seat type. */
export interface SeatMapSection {
  cabin: 'C' | 'Y';
  /** First and last row number, inclusive. */
  fromRow: number;
  toRow: number;
  /** Seat letters of each row, left to right; '' marks the aisle. */
  letters: string[];
  seatType: SeatTypeCode;
}

/** The seat map of an aircraft type; each dated flight gets its own copy of the seats when seats are sold. */
export interface SeatMap {
  sections: SeatMapSection[];
  /** Emergency exit rows (seat bars apply: spec §5). */
  exitRows: number[];
  /** Row numbers that do not exist (superstition: no row 13 on some layouts). */
  skippedRows: number[];
}

/** Aircraft types with their seat maps and cabin capacities. */
export const aircraftTypes = pgTable(
  'aircraft_types',
  {
    /** IATA type code, e.g. 320, 321. */
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    seatMap: jsonb('seat_map').$type<SeatMap>().notNull(),
    /** Seats in business (C) and economy (Y); equal to the seat map's counts. */
    capacityC: integer('capacity_c').notNull(),
    capacityY: integer('capacity_y').notNull(),
    /** Lap infants allowed per cabin (one per spare oxygen mask). */
    infantCapacityC: integer('infant_capacity_c').notNull(),
    infantCapacityY: integer('infant_capacity_y').notNull(),
    ...timestamps,
  },
  (t) => [
    check('aircraft_types_capacity', sql`${t.capacityC} >= 0 and ${t.capacityY} > 0`),
    check('aircraft_types_infants', sql`${t.infantCapacityC} >= 0 and ${t.infantCapacityY} >= 0`),
  ],
);

/** A weekly schedule line: one flight number on some weekdays at one local time, within validity dates. */
export const schedules = pgTable(
  'schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    flightNo: text('flight_no').notNull(),
    routeCode: text('route_code')
      .notNull()
      .references(() => routes.code),
    /** ISO weekdays flown, 1 Monday … 7 Sunday. */
    daysOfWeek: smallint('days_of_week').array().notNull(),
    /** Departure wall-clock time at the origin airport. */
    depLocalTime: time('dep_local_time').notNull(),
    blockMinutes: integer('block_minutes').notNull(),
    aircraftCode: text('aircraft_code')
      .notNull()
      .references(() => aircraftTypes.code),
    /** First and last local departure dates; null validTo means until further notice. */
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    unique('schedules_flight_no_valid_from_key').on(t.flightNo, t.validFrom),
    check(
      'schedules_days',
      sql`cardinality(${t.daysOfWeek}) > 0 and ${t.daysOfWeek} <@ array[1,2,3,4,5,6,7]::smallint[]`,
    ),
    check('schedules_validity', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
    check('schedules_block_positive', sql`${t.blockMinutes} > 0`),
    index('schedules_route_idx').on(t.routeCode),
  ],
);

/** Operational status of a dated flight; search offers only `scheduled` flights. */
export const FLIGHT_STATUSES = ['scheduled', 'cancelled', 'departed', 'arrived'] as const;

/**
 * One dated flight. Times are UTC instants; `originalDepUtc`/`originalArrUtc` keep the
 * times first published, so a retime can be detected and told to travellers.
 */
export const flights = pgTable(
  'flights',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    flightNo: text('flight_no').notNull(),
    scheduleId: integer('schedule_id').references(() => schedules.id),
    routeCode: text('route_code')
      .notNull()
      .references(() => routes.code),
    /** Departure date at the origin airport (the date travellers search by). */
    depLocalDate: date('dep_local_date', { mode: 'string' }).notNull(),
    depUtc: timestamp('dep_utc', { withTimezone: true }).notNull(),
    arrUtc: timestamp('arr_utc', { withTimezone: true }).notNull(),
    originalDepUtc: timestamp('original_dep_utc', { withTimezone: true }).notNull(),
    originalArrUtc: timestamp('original_arr_utc', { withTimezone: true }).notNull(),
    aircraftCode: text('aircraft_code')
      .notNull()
      .references(() => aircraftTypes.code),
    status: text('status').notNull().default('scheduled'),
    /** When staff marked the flight departed; null before. */
    departedAt: timestamp('departed_at', { withTimezone: true }),
    /** The last check-in sequence number given on the flight (issue 15, online check-in). */
    checkInCount: integer('check_in_count').notNull().default(0),
    /** When the departure close ran (issue 15): checked-in coupons used, the others no-shows; null before. */
    departureClosedAt: timestamp('departure_closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('flights_flight_no_date_key').on(t.flightNo, t.depLocalDate),
    index('flights_route_date_idx').on(t.routeCode, t.depLocalDate),
    /** The staff dashboard: the load of every flight of a range of local dates. */
    index('flights_dep_date_idx').on(t.depLocalDate),
    check('flights_times', sql`${t.arrUtc} > ${t.depUtc} and ${t.originalArrUtc} > ${t.originalDepUtc}`),
    check('flights_status', sql`${t.status} in ('scheduled', 'cancelled', 'departed', 'arrived')`),
  ],
);
