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

/**
 * The spec's second passenger-type numbering (§3), which tells an unaccompanied child apart.
 * packages/rules (passenger-types.ts) converts between the two numberings.
 */
export const PassengerTypeAlt = { adult: 0, child: 1, unaccompaniedChild: 2, infant: 3 } as const;
export type PassengerTypeAltCode = (typeof PassengerTypeAlt)[keyof typeof PassengerTypeAlt];

/** Passenger type labels the non-Chinese locales show (§3: "Non-Chinese locales show ADT, CHD, INF"). */
export const PassengerTypeLabel = { adult: 'ADT', child: 'CHD', infant: 'INF' } as const;

/**
 * The Chinese words recognised as passenger types (§3), the first of each the one shown.
 * 无人陪伴儿童 (unaccompanied child) is a child of the first numbering.
 */
export const PassengerTypeWordsZh = {
  adult: ['成人', '成年人'],
  child: ['儿童', '兒童', '小孩', '无人陪伴儿童'],
  infant: ['婴儿', '嬰兒'],
} as const satisfies Record<PassengerTypeName, readonly string[]>;

/**
 * Trip type (§3): oneway 0, return 1, round 2. queryFlight takes 2 (round) for a round trip as the
 * spec numbers it, and still takes 1, which this API used for a round trip before (docs/decisions.md).
 */
export const TripType = { oneway: 0, return: 1, round: 2 } as const;
export type TripTypeCode = (typeof TripType)[keyof typeof TripType];

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

/** Gender (§3): male 0, female 1. */
export const Gender = { male: 0, female: 1 } as const;

/** Title (§3): mr 0, miss 1, mrs 2. */
export const Title = { mr: 0, miss: 1, mrs: 2 } as const;

/** Yes/no flags as stored (§3). */
export const YesNo = { yes: 1, no: 0 } as const;

/** Added services by service code (§3; secondary-service orders carry it). */
export const AddedService = {
  insurance: 10,
  priorityBoarding: 11,
  onlineSeat: 12,
  extraBaggage: 13,
} as const;

/** Insurance status (§3). */
export const InsuranceStatus = { insured: 1, uninsured: 0 } as const;

/** Member level of the mileage programme (§3). */
export const MemberLevel = { silver: 0, gold: 1, platinum: 2 } as const;

/** Member document type (§3): Cambodian ID card 0, passport 1. */
export const MemberDocumentType = { khIdCard: 0, passport: 1 } as const;

/** Time units (§3). */
export const TimeUnit = { days: 'DAYS', hours: 'HOURS', minutes: 'MINUTES', seconds: 'SECONDS' } as const;

/** Message status (§3). */
export const MessageStatus = { unpublished: 0, launched: 1, disabled: 2, expired: 3 } as const;

/** Ticket status (after-sales-and-loyalty.md §3). */
export const TicketStatus = {
  issued: 0,
  refunded: 1,
  reIssued: 2,
  canceled: 3,
  refunding: 4,
  issueError: 5,
  changeIn: 6,
} as const;

/** Change status (after-sales §3). */
export const ChangeStatus = { changeIn: 11, changeSuccess: 12 } as const;

/** Member ticket status (after-sales §3). */
export const MemberTicketStatus = { init: 0, issuing: 1, issueError: 2, issued: 3 } as const;

/** Refund status (after-sales §3). */
export const RefundStatus = { refundingTicket: 10, refundingMoney: 11, refundSuccess: 12 } as const;

/** Refund money status (after-sales §3). */
export const RefundMoneyStatus = { accepted: 10, processing: 11, success: 12 } as const;

/** Check-in status of a coupon (after-sales §3). */
export const CheckInStatus = { unused: 10, used: 11 } as const;

/** Mileage order convert status (after-sales §3). */
export const MileageConvertStatus = { payCashPending: 0, paying: 1, canceled: 2, converted: 3 } as const;

/** Mileage ticket status (after-sales §3). */
export const MileageTicketStatus = { notIssued: 0, issuing: 1, error: 2, issued: 3 } as const;

/** Miles trading status and type (after-sales §3). */
export const MilesTradingStatus = { success: 0, failure: 1, processing: 2, refused: 3 } as const;
export const MilesTradingType = { accumulate: 0, consume: 1, expire: 2 } as const;

/** Rescheduled status (after-sales §3). */
export const RescheduledStatus = { processing: 0, success: 1 } as const;
