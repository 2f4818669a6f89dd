/** Stored codes of the spec's enumerations (booking-and-account.md §3). */

export const Language = { zh: 0, en: 1, km: 2 } as const;
export type LanguageTag = keyof typeof Language;
export const LANGUAGE_TAGS = ['zh', 'en', 'km'] as const satisfies readonly LanguageTag[];

/** `language` header value ("0" | "1" | "2") to the language tag; zh is the default and fallback. */
export function languageFromHeader(value: string | string[] | undefined): LanguageTag {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === '1') return 'en';
  if (v === '2') return 'km';
  return 'zh';
}

export const ClientType = { h5: 'CA-H5', android: 'CA_ANDROID', ios: 'CA_IOS', mpWeixin: 'CA-WCM' } as const;

export const PassengerType = { adult: 1, child: 2, infant: 3 } as const;
export type PassengerTypeName = keyof typeof PassengerType;

export const TripType = { oneway: 0, return: 1, round: 2 } as const;

export const Cabin = { economy: 'Y', business: 'C' } as const;
export type CabinCode = (typeof Cabin)[keyof typeof Cabin];

/** Fare families and their booking classes, highest (most flexible, dearest) class first. */
export const FARE_FAMILIES = {
  WingsFlex: { cabin: 'C', classes: ['N', 'O'] },
  Premium: { cabin: 'Y', classes: ['Y', 'B'] },
  Grand: { cabin: 'Y', classes: ['M', 'U', 'H'] },
  Basic: { cabin: 'Y', classes: ['W', 'Q', 'V', 'L', 'T'] },
  Value: { cabin: 'Y', classes: ['K', 'I', 'R'] },
} as const satisfies Record<string, { cabin: CabinCode; classes: readonly string[] }>;
export type FareFamily = keyof typeof FARE_FAMILIES;
export const FARE_FAMILY_NAMES = Object.keys(FARE_FAMILIES) as FareFamily[];

export const SeatType = { vip: 'PFST', front: 'UPST', standard: 'SEAT' } as const;

export const OrderPayStatus = { un_paid: 0, paid: 1, canceled: 2 } as const;
