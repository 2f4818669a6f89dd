import type { Currency } from '@wings/contracts';
import { estimateBlockMinutes, greatCircleKm } from '@wings/rules';
import { aircraftTypes, airports, routes, type SeatMap, schedules } from '../../db/schema/network';
import type { Executor } from '../../platform/db';
import type { NetworkRoute } from './network.repository';

/**
 * The demo network of the airline (docs/architecture.md): a hub at Phnom Penh Techo (KTI) with
 * spokes in Cambodia, South-East Asia and China. `seedDemoNetwork` writes it once into an empty
 * database (SEED_DEMO) or by `npm run db:seed`; from then on the rows are the airline's to edit,
 * and `ensureFlightHorizon` turns the schedules into dated flights.
 */

/** Schedules are filed from this date, until further notice. */
export const FILED_FROM = '2024-01-01';

interface CountrySeed {
  zh: string;
  en: string;
  km: string;
}

export const COUNTRIES: Record<string, CountrySeed> = {
  KH: { zh: '柬埔寨', en: 'Cambodia', km: 'កម្ពុជា' },
  TH: { zh: '泰国', en: 'Thailand', km: 'ថៃ' },
  CN: { zh: '中国', en: 'China', km: 'ចិន' },
  MO: { zh: '中国澳门', en: 'Macao, China', km: 'ម៉ាកាវ' },
  HK: { zh: '中国香港', en: 'Hong Kong, China', km: 'ហុងកុង' },
  VN: { zh: '越南', en: 'Vietnam', km: 'វៀតណាម' },
  SG: { zh: '新加坡', en: 'Singapore', km: 'សិង្ហបុរី' },
  MY: { zh: '马来西亚', en: 'Malaysia', km: 'ម៉ាឡេស៊ី' },
};

export interface AirportSeed {
  code: string;
  name: { zh: string; en: string; km: string };
  city: { zh: string; en: string; km: string };
  country: keyof typeof COUNTRIES;
  timeZone: string;
  latitude: number;
  longitude: number;
  isHub?: boolean;
}

export const AIRPORTS: AirportSeed[] = [
  {
    code: 'KTI',
    name: {
      zh: '金边德崇国际机场',
      en: 'Phnom Penh Techo International Airport',
      km: 'អាកាសយានដ្ឋានអន្តរជាតិតេជោ',
    },
    city: { zh: '金边', en: 'Phnom Penh', km: 'ភ្នំពេញ' },
    country: 'KH',
    timeZone: 'Asia/Phnom_Penh',
    latitude: 11.362917,
    longitude: 104.916611,
    isHub: true,
  },
  {
    code: 'SAI',
    name: {
      zh: '暹粒吴哥国际机场',
      en: 'Siem Reap-Angkor International Airport',
      km: 'អាកាសយានដ្ឋានអន្តរជាតិសៀមរាប-អង្គរ',
    },
    city: { zh: '暹粒', en: 'Siem Reap', km: 'សៀមរាប' },
    country: 'KH',
    timeZone: 'Asia/Phnom_Penh',
    latitude: 13.37528,
    longitude: 104.22083,
  },
  {
    code: 'KOS',
    name: { zh: '西哈努克国际机场', en: 'Sihanouk International Airport', km: 'អាកាសយានដ្ឋានអន្តរជាតិព្រះសីហនុ' },
    city: { zh: '西哈努克', en: 'Sihanoukville', km: 'ព្រះសីហនុ' },
    country: 'KH',
    timeZone: 'Asia/Phnom_Penh',
    latitude: 10.5797,
    longitude: 103.637,
  },
  {
    code: 'BKK',
    name: { zh: '曼谷素万那普机场', en: 'Bangkok Suvarnabhumi Airport', km: 'អាកាសយានដ្ឋានសុវណ្ណភូមិ បាងកក' },
    city: { zh: '曼谷', en: 'Bangkok', km: 'បាងកក' },
    country: 'TH',
    timeZone: 'Asia/Bangkok',
    latitude: 13.69,
    longitude: 100.7501,
  },
  {
    code: 'MFM',
    name: { zh: '澳门国际机场', en: 'Macau International Airport', km: 'អាកាសយានដ្ឋានអន្តរជាតិម៉ាកាវ' },
    city: { zh: '澳门', en: 'Macau', km: 'ម៉ាកាវ' },
    country: 'MO',
    timeZone: 'Asia/Macau',
    latitude: 22.1496,
    longitude: 113.592,
  },
  {
    code: 'FOC',
    name: {
      zh: '福州长乐国际机场',
      en: 'Fuzhou Changle International Airport',
      km: 'អាកាសយានដ្ឋានអន្តរជាតិហ្វូចូវ ឆាងឡឺ',
    },
    city: { zh: '福州', en: 'Fuzhou', km: 'ហ្វូចូវ' },
    country: 'CN',
    timeZone: 'Asia/Shanghai',
    latitude: 25.9351,
    longitude: 119.663,
  },
  {
    code: 'CAN',
    name: {
      zh: '广州白云国际机场',
      en: 'Guangzhou Baiyun International Airport',
      km: 'អាកាសយានដ្ឋានអន្តរជាតិក្វាងចូវ បៃយ៉ុន',
    },
    city: { zh: '广州', en: 'Guangzhou', km: 'ក្វាងចូវ' },
    country: 'CN',
    timeZone: 'Asia/Shanghai',
    latitude: 23.3924,
    longitude: 113.2988,
  },
  {
    code: 'PVG',
    name: {
      zh: '上海浦东国际机场',
      en: 'Shanghai Pudong International Airport',
      km: 'អាកាសយានដ្ឋានអន្តរជាតិសៀងហៃ ពូតុង',
    },
    city: { zh: '上海', en: 'Shanghai', km: 'សៀងហៃ' },
    country: 'CN',
    timeZone: 'Asia/Shanghai',
    latitude: 31.1443,
    longitude: 121.8083,
  },
  {
    code: 'HKG',
    name: { zh: '香港国际机场', en: 'Hong Kong International Airport', km: 'អាកាសយានដ្ឋានអន្តរជាតិហុងកុង' },
    city: { zh: '香港', en: 'Hong Kong', km: 'ហុងកុង' },
    country: 'HK',
    timeZone: 'Asia/Hong_Kong',
    latitude: 22.308,
    longitude: 113.9185,
  },
  {
    code: 'SGN',
    name: {
      zh: '胡志明市新山一国际机场',
      en: 'Ho Chi Minh City Tan Son Nhat International Airport',
      km: 'អាកាសយានដ្ឋានអន្តរជាតិតាន់សឺនញ៉ាត់',
    },
    city: { zh: '胡志明市', en: 'Ho Chi Minh City', km: 'ហូជីមិញ' },
    country: 'VN',
    timeZone: 'Asia/Ho_Chi_Minh',
    latitude: 10.8188,
    longitude: 106.6519,
  },
  {
    code: 'HAN',
    name: {
      zh: '河内内排国际机场',
      en: 'Hanoi Noi Bai International Airport',
      km: 'អាកាសយានដ្ឋានអន្តរជាតិណយបៃ',
    },
    city: { zh: '河内', en: 'Hanoi', km: 'ហាណូយ' },
    country: 'VN',
    timeZone: 'Asia/Ho_Chi_Minh',
    latitude: 21.2212,
    longitude: 105.8072,
  },
  {
    code: 'SIN',
    name: { zh: '新加坡樟宜机场', en: 'Singapore Changi Airport', km: 'អាកាសយានដ្ឋានឆាងី សិង្ហបុរី' },
    city: { zh: '新加坡', en: 'Singapore', km: 'សិង្ហបុរី' },
    country: 'SG',
    timeZone: 'Asia/Singapore',
    latitude: 1.3644,
    longitude: 103.9915,
  },
  {
    code: 'KUL',
    name: { zh: '吉隆坡国际机场', en: 'Kuala Lumpur International Airport', km: 'អាកាសយានដ្ឋានអន្តរជាតិកូឡាឡាំពួ' },
    city: { zh: '吉隆坡', en: 'Kuala Lumpur', km: 'កូឡាឡាំពួ' },
    country: 'MY',
    timeZone: 'Asia/Kuala_Lumpur',
    latitude: 2.7456,
    longitude: 101.7099,
  },
];

/** Seats of an A320 with 8 business and 172 economy seats (180 in all). */
const A320_SEAT_MAP: SeatMap = {
  sections: [
    { cabin: 'C', fromRow: 1, toRow: 2, letters: ['A', 'C', '', 'D', 'F'], seatType: 'PFST' },
    { cabin: 'Y', fromRow: 3, toRow: 5, letters: ['A', 'B', 'C', '', 'D', 'E', 'F'], seatType: 'UPST' },
    { cabin: 'Y', fromRow: 6, toRow: 30, letters: ['A', 'B', 'C', '', 'D', 'E', 'F'], seatType: 'SEAT' },
    // The last row is narrowed by the rear galley.
    { cabin: 'Y', fromRow: 31, toRow: 31, letters: ['A', 'B', '', 'E', 'F'], seatType: 'SEAT' },
  ],
  exitRows: [12, 13],
  skippedRows: [],
};

/** Seats of an A321 with 12 business and 198 economy seats (210 in all). */
const A321_SEAT_MAP: SeatMap = {
  sections: [
    { cabin: 'C', fromRow: 1, toRow: 3, letters: ['A', 'C', '', 'D', 'F'], seatType: 'PFST' },
    { cabin: 'Y', fromRow: 4, toRow: 6, letters: ['A', 'B', 'C', '', 'D', 'E', 'F'], seatType: 'UPST' },
    { cabin: 'Y', fromRow: 7, toRow: 36, letters: ['A', 'B', 'C', '', 'D', 'E', 'F'], seatType: 'SEAT' },
  ],
  exitRows: [11, 24],
  skippedRows: [],
};

/** Seats of one cabin in a seat map. */
export function seatCount(map: SeatMap, cabin: 'C' | 'Y'): number {
  let n = 0;
  for (const s of map.sections) {
    if (s.cabin !== cabin) continue;
    const rows =
      s.toRow - s.fromRow + 1 - map.skippedRows.filter((r) => r >= s.fromRow && r <= s.toRow).length;
    n += rows * s.letters.filter((l) => l !== '').length;
  }
  return n;
}

export interface AircraftSeed {
  code: string;
  name: string;
  seatMap: SeatMap;
  infantCapacityC: number;
  infantCapacityY: number;
}

export const AIRCRAFT: AircraftSeed[] = [
  { code: '320', name: 'Airbus A320', seatMap: A320_SEAT_MAP, infantCapacityC: 2, infantCapacityY: 10 },
  { code: '321', name: 'Airbus A321', seatMap: A321_SEAT_MAP, infantCapacityC: 3, infantCapacityY: 12 },
];

export interface ScheduleSeed {
  flightNo: string;
  from: string;
  to: string;
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  days: number[];
  dep: string;
  aircraft: '320' | '321';
}

const DAILY = [1, 2, 3, 4, 5, 6, 7];

/**
 * Weekly schedules. Every spoke is flown both ways, except one deliberate one-way line:
 * WC181 Siem Reap → Sihanoukville, the "temples to beach" tourist circuit, has no return
 * service (travellers go back via the hub), so a return search on it answers CAC2112.
 */
export const SCHEDULES: ScheduleSeed[] = [
  { flightNo: 'WC101', from: 'KTI', to: 'SAI', days: DAILY, dep: '07:00', aircraft: '320' },
  { flightNo: 'WC102', from: 'SAI', to: 'KTI', days: DAILY, dep: '08:40', aircraft: '320' },
  { flightNo: 'WC103', from: 'KTI', to: 'SAI', days: DAILY, dep: '12:30', aircraft: '320' },
  { flightNo: 'WC104', from: 'SAI', to: 'KTI', days: DAILY, dep: '14:10', aircraft: '320' },
  { flightNo: 'WC105', from: 'KTI', to: 'SAI', days: [1, 3, 5, 6, 7], dep: '18:10', aircraft: '320' },
  { flightNo: 'WC106', from: 'SAI', to: 'KTI', days: [1, 3, 5, 6, 7], dep: '19:50', aircraft: '320' },
  { flightNo: 'WC111', from: 'KTI', to: 'KOS', days: DAILY, dep: '09:15', aircraft: '320' },
  { flightNo: 'WC112', from: 'KOS', to: 'KTI', days: DAILY, dep: '10:55', aircraft: '320' },
  { flightNo: 'WC181', from: 'SAI', to: 'KOS', days: [2, 4, 6], dep: '11:40', aircraft: '320' },
  { flightNo: 'WC201', from: 'KTI', to: 'BKK', days: DAILY, dep: '08:30', aircraft: '321' },
  { flightNo: 'WC202', from: 'BKK', to: 'KTI', days: DAILY, dep: '10:50', aircraft: '321' },
  { flightNo: 'WC203', from: 'KTI', to: 'BKK', days: DAILY, dep: '16:45', aircraft: '320' },
  { flightNo: 'WC204', from: 'BKK', to: 'KTI', days: DAILY, dep: '19:05', aircraft: '320' },
  { flightNo: 'WC211', from: 'KTI', to: 'SGN', days: DAILY, dep: '11:00', aircraft: '320' },
  { flightNo: 'WC212', from: 'SGN', to: 'KTI', days: DAILY, dep: '13:00', aircraft: '320' },
  { flightNo: 'WC215', from: 'KTI', to: 'HAN', days: [1, 3, 5, 7], dep: '13:20', aircraft: '320' },
  { flightNo: 'WC216', from: 'HAN', to: 'KTI', days: [1, 3, 5, 7], dep: '16:40', aircraft: '320' },
  { flightNo: 'WC221', from: 'KTI', to: 'SIN', days: DAILY, dep: '09:50', aircraft: '321' },
  { flightNo: 'WC222', from: 'SIN', to: 'KTI', days: DAILY, dep: '14:05', aircraft: '321' },
  { flightNo: 'WC231', from: 'KTI', to: 'KUL', days: [1, 2, 4, 5, 7], dep: '10:20', aircraft: '320' },
  { flightNo: 'WC232', from: 'KUL', to: 'KTI', days: [1, 2, 4, 5, 7], dep: '14:25', aircraft: '320' },
  { flightNo: 'WC301', from: 'KTI', to: 'HKG', days: DAILY, dep: '10:05', aircraft: '320' },
  { flightNo: 'WC302', from: 'HKG', to: 'KTI', days: DAILY, dep: '15:05', aircraft: '320' },
  { flightNo: 'WC311', from: 'KTI', to: 'MFM', days: DAILY, dep: '14:20', aircraft: '320' },
  { flightNo: 'WC312', from: 'MFM', to: 'KTI', days: DAILY, dep: '19:15', aircraft: '320' },
  { flightNo: 'WC321', from: 'KTI', to: 'CAN', days: DAILY, dep: '08:00', aircraft: '321' },
  { flightNo: 'WC322', from: 'CAN', to: 'KTI', days: DAILY, dep: '12:50', aircraft: '321' },
  // A red-eye: leaves Phnom Penh after midnight, so its local date is the day it departs.
  { flightNo: 'WC331', from: 'KTI', to: 'PVG', days: [2, 4, 6, 7], dep: '00:35', aircraft: '321' },
  { flightNo: 'WC332', from: 'PVG', to: 'KTI', days: [2, 4, 6, 7], dep: '08:05', aircraft: '321' },
  { flightNo: 'WC341', from: 'KTI', to: 'FOC', days: [1, 3, 5], dep: '09:30', aircraft: '320' },
  { flightNo: 'WC342', from: 'FOC', to: 'KTI', days: [1, 3, 5], dep: '15:10', aircraft: '320' },
];

/**
 * Routes whose demo flights keep plenty of seats (at most a quarter of a bucket sold through
 * other channels) for demos and benchmarks: Phnom Penh - Bangkok.
 */
export const DEMO_OPEN_ROUTES: readonly string[] = ['KTI-BKK', 'BKK-KTI'];

/** The currency of a journey starting at an airport of `originCountry`: CNY for mainland China, else USD. */
export function routeCurrency(originCountry: string): Currency {
  // Fares are filed in the journey origin's currency: CNY for mainland China (docs/decisions.md).
  return originCountry === 'CN' ? 'CNY' : 'USD';
}

/** The routes the demo schedules fly, with distances from the airports' coordinates. */
export function networkRoutes(): NetworkRoute[] {
  const byCode = new Map(AIRPORTS.map((a) => [a.code, a]));
  const out = new Map<string, NetworkRoute>();
  for (const s of SCHEDULES) {
    const code = `${s.from}-${s.to}`;
    if (out.has(code)) continue;
    const a = byCode.get(s.from);
    const b = byCode.get(s.to);
    if (!a || !b) throw new Error(`schedule ${s.flightNo} uses an unknown airport`);
    const distanceKm = Math.round(greatCircleKm(a.latitude, a.longitude, b.latitude, b.longitude));
    out.set(code, {
      code,
      origin: a.code,
      destination: b.code,
      distanceKm,
      currency: routeCurrency(a.country),
      blockMinutes: estimateBlockMinutes(distanceKm),
    });
  }
  return [...out.values()];
}

/** The country of each demo airport (pricing files fares and taxes by it). */
export function demoAirportCountries(): ReadonlyMap<string, string> {
  return new Map(AIRPORTS.map((a) => [a.code, a.country]));
}

/**
 * Writes the demo network: airports, aircraft, routes and schedules, in the caller's
 * transaction. A row that is already there is left as it is (staff may have edited it), so it
 * adds only what is missing.
 */
export async function seedDemoNetwork(tx: Executor): Promise<void> {
  const routeRows = networkRoutes();
  const routeByCode = new Map(routeRows.map((r) => [r.code, r]));
  await tx
    .insert(airports)
    .values(
      AIRPORTS.map((a) => {
        const c = COUNTRIES[a.country]!;
        return {
          code: a.code,
          nameZh: a.name.zh,
          nameEn: a.name.en,
          nameKm: a.name.km,
          cityZh: a.city.zh,
          cityEn: a.city.en,
          cityKm: a.city.km,
          countryCode: a.country,
          countryNameZh: c.zh,
          countryNameEn: c.en,
          countryNameKm: c.km,
          timeZone: a.timeZone,
          latitude: a.latitude,
          longitude: a.longitude,
          isHub: a.isHub ?? false,
        };
      }),
    )
    .onConflictDoNothing({ target: airports.code });
  await tx
    .insert(aircraftTypes)
    .values(
      AIRCRAFT.map((a) => ({
        code: a.code,
        name: a.name,
        seatMap: a.seatMap,
        capacityC: seatCount(a.seatMap, 'C'),
        capacityY: seatCount(a.seatMap, 'Y'),
        infantCapacityC: a.infantCapacityC,
        infantCapacityY: a.infantCapacityY,
      })),
    )
    .onConflictDoNothing({ target: aircraftTypes.code });
  await tx.insert(routes).values(routeRows).onConflictDoNothing({ target: routes.code });
  await tx
    .insert(schedules)
    .values(
      SCHEDULES.map((s) => ({
        flightNo: s.flightNo,
        routeCode: `${s.from}-${s.to}`,
        daysOfWeek: s.days,
        depLocalTime: `${s.dep}:00`,
        blockMinutes: routeByCode.get(`${s.from}-${s.to}`)!.blockMinutes,
        aircraftCode: s.aircraft,
        validFrom: FILED_FROM,
        validTo: null,
      })),
    )
    .onConflictDoNothing({ target: [schedules.flightNo, schedules.validFrom] });
}
