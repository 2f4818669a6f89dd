import type { SeatMap } from '../schema/network';

/**
 * The demo network of the airline (DESIGN.md §6): a hub at Phnom Penh Techo (KTI) with
 * spokes in Cambodia, South-East Asia and China. Everything here is static reference data;
 * `seedNetwork` upserts it and `ensureFlightHorizon` turns the schedules into dated flights.
 */

/** The airline's (fictional) two-character designator, used in flight numbers. */
export const AIRLINE_DESIGNATOR = 'WC';

/** The hub's zone: the date that starts the flight horizon is taken here. */
export const HUB_TIME_ZONE = 'Asia/Phnom_Penh';

/** Schedules and fares are filed from this date, until further notice. */
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

/**
 * Fare families and booking classes (DESIGN.md §6), highest class first. `limitPercent` is
 * the default authorised limit (percent of cabin capacity), `pricePercent` the class's fare
 * relative to the route's lowest (R) fare, `earn` the mileage earn rate in percent.
 */
export const BOOKING_CLASSES: {
  letter: string;
  family: 'WingsFlex' | 'Premium' | 'Grand' | 'Basic' | 'Value';
  cabin: 'C' | 'Y';
  limitPercent: number;
  pricePercent: number;
  earn: number;
}[] = [
  { letter: 'N', family: 'WingsFlex', cabin: 'C', limitPercent: 100, pricePercent: 620, earn: 200 },
  { letter: 'O', family: 'WingsFlex', cabin: 'C', limitPercent: 50, pricePercent: 500, earn: 175 },
  { letter: 'Y', family: 'Premium', cabin: 'Y', limitPercent: 100, pricePercent: 320, earn: 150 },
  { letter: 'B', family: 'Premium', cabin: 'Y', limitPercent: 95, pricePercent: 280, earn: 125 },
  { letter: 'M', family: 'Grand', cabin: 'Y', limitPercent: 90, pricePercent: 230, earn: 100 },
  { letter: 'U', family: 'Grand', cabin: 'Y', limitPercent: 85, pricePercent: 210, earn: 100 },
  { letter: 'H', family: 'Grand', cabin: 'Y', limitPercent: 80, pricePercent: 190, earn: 100 },
  { letter: 'W', family: 'Basic', cabin: 'Y', limitPercent: 70, pricePercent: 170, earn: 75 },
  { letter: 'Q', family: 'Basic', cabin: 'Y', limitPercent: 60, pricePercent: 155, earn: 75 },
  { letter: 'V', family: 'Basic', cabin: 'Y', limitPercent: 50, pricePercent: 145, earn: 50 },
  { letter: 'L', family: 'Basic', cabin: 'Y', limitPercent: 30, pricePercent: 135, earn: 50 },
  { letter: 'T', family: 'Basic', cabin: 'Y', limitPercent: 22, pricePercent: 125, earn: 50 },
  { letter: 'K', family: 'Value', cabin: 'Y', limitPercent: 16, pricePercent: 115, earn: 25 },
  { letter: 'I', family: 'Value', cabin: 'Y', limitPercent: 12, pricePercent: 107, earn: 25 },
  { letter: 'R', family: 'Value', cabin: 'Y', limitPercent: 8, pricePercent: 100, earn: 25 },
];

/** Yuan per US dollar used to file CNY fares and taxes. */
export const FILING_CNY_PER_USD = 7.1;

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

/** A tax or charge, filed in USD; a CNY filing at the filing rate is added for CNY journeys. */
export interface TaxSeed {
  code: string;
  scope: 'country' | 'airport';
  scopeCode: string;
  description: string;
  /** USD cents per passenger type; a missing type pays nothing. */
  amounts: Partial<Record<'adult' | 'child' | 'infant', number>>;
}

/**
 * Taxes collected at departure, by code. YQ, the carrier's fuel surcharge, has no infant
 * amount: it is waived for infants.
 */
export const TAXES: TaxSeed[] = [
  {
    code: 'KH',
    scope: 'country',
    scopeCode: 'KH',
    description: 'Cambodia passenger service charge',
    amounts: { adult: 2500, child: 1300 },
  },
  {
    code: 'E7',
    scope: 'country',
    scopeCode: 'KH',
    description: 'Cambodia aviation security charge',
    amounts: { adult: 600, child: 600, infant: 300 },
  },
  {
    code: 'TS',
    scope: 'airport',
    scopeCode: 'BKK',
    description: 'Suvarnabhumi passenger service charge',
    amounts: { adult: 2300, child: 2300 },
  },
  {
    code: 'E7',
    scope: 'country',
    scopeCode: 'TH',
    description: 'Thailand aviation safety fee',
    amounts: { adult: 30, child: 30, infant: 30 },
  },
  {
    code: 'G8',
    scope: 'country',
    scopeCode: 'TH',
    description: 'Thailand advance passenger processing fee',
    amounts: { adult: 100, child: 100, infant: 100 },
  },
  {
    code: 'CN',
    scope: 'country',
    scopeCode: 'CN',
    description: 'China airport construction fee',
    amounts: { adult: 1300, child: 1300 },
  },
  {
    code: 'HK',
    scope: 'airport',
    scopeCode: 'HKG',
    description: 'Hong Kong air passenger departure tax',
    amounts: { adult: 1500, child: 1500 },
  },
  {
    code: 'I5',
    scope: 'airport',
    scopeCode: 'HKG',
    description: 'Hong Kong passenger security charge',
    amounts: { adult: 700, child: 700 },
  },
  {
    code: 'MO',
    scope: 'airport',
    scopeCode: 'MFM',
    description: 'Macau passenger departure tax',
    amounts: { adult: 1400, child: 1400 },
  },
  {
    code: 'AX',
    scope: 'country',
    scopeCode: 'VN',
    description: 'Vietnam international passenger service charge',
    amounts: { adult: 2500, child: 1300 },
  },
  {
    code: 'SG',
    scope: 'airport',
    scopeCode: 'SIN',
    description: 'Singapore passenger service and security fee',
    amounts: { adult: 4600, child: 4600 },
  },
  {
    code: 'L7',
    scope: 'country',
    scopeCode: 'SG',
    description: 'Singapore aviation levy',
    amounts: { adult: 800, child: 800 },
  },
  {
    code: 'MY',
    scope: 'country',
    scopeCode: 'MY',
    description: 'Malaysia passenger service charge',
    amounts: { adult: 1600, child: 1600 },
  },
  ...['KH', 'TH', 'CN', 'HK', 'MO', 'VN', 'SG', 'MY'].map(
    (country): TaxSeed => ({
      code: 'YQ',
      scope: 'country',
      scopeCode: country,
      description: 'Carrier fuel surcharge (waived for infants)',
      amounts: { adult: 3000, child: 3000 },
    }),
  ),
];

/**
 * The route's lowest (R class) one-way adult fare in whole US dollars, from its distance:
 * a fixed part plus a tapering rate per kilometre.
 */
export function baseFareUsd(distanceKm: number): number {
  return Math.round(39 + distanceKm * 0.075);
}
