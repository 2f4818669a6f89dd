import { z } from 'zod';

/**
 * The mileage programme's member calls (issue 18; after-sales-and-loyalty §1, §3, §4, §5, §8),
 * served by the member layer under `/api/fqt` with its envelope `{ status: "200", message, data }`
 * (docs/api.md "Member programme: mileage"). The spec names none of their paths; these follow the
 * member layer's `consumer/...` style. Every one needs a member session (CAF9999 without) except
 * the two calculators, which anyone may use.
 *   POST consumer/mileage/queryMileageInfo            balance, expiring, elite figures, tier progress
 *   POST consumer/mileage/queryTransactionList        the ledger, newest first, by trading type
 *   POST consumer/mileage/queryBillList               the bill cycles available (last 12 months)
 *   POST consumer/mileage/queryBillDetail             one month's statement
 *   POST consumer/mileage/queryFreezeInfo             why and since when the miles are frozen (865 when not)
 *   POST consumer/claim/saveClaim                     a retroactive claim for a flown flight
 *   POST consumer/claim/queryClaimList                the member's claims, newest first
 *   POST consumer/calculator/earnMileage              miles a flight earns
 *   POST consumer/calculator/awardMileage             miles an award ticket needs
 *   POST consumer/calculator/queryEarnRates           the fare classes the earn calculator offers
 */

/** Member level (spec §3): silver 0, gold 1, platinum 2. */
export const ZMemberLevel = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Miles trading type (§3): accumulate 0, consume 1, expire 2. */
export const ZMilesTradingType = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type MilesTradingTypeCode = z.infer<typeof ZMilesTradingType>;
/** Miles trading status (§3): success 0, failure 1, processing 2, refused 3. */
export const ZMilesTradingStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/**
 * What a ledger row records: a flown flight (`flight`), an approved claim (`claim`), a staff
 * adjustment either way (`adjustment`), an award's miles (`redemption`) and their return when the
 * award is cancelled (`reversal`), and miles expired at the end of their 36 months (`expiry`).
 */
export const MILEAGE_ENTRY_KINDS = [
  'flight',
  'claim',
  'adjustment',
  'redemption',
  'reversal',
  'expiry',
] as const;
export const ZMileageEntryKind = z.enum(MILEAGE_ENTRY_KINDS);
export type MileageEntryKind = z.infer<typeof ZMileageEntryKind>;

/** A flight a ledger row is about. `date` is the local departure date at the origin. */
export const ZMileageFlight = z.object({
  flightNo: z.string(),
  depCode: z.string(),
  arrCode: z.string(),
  date: z.string(),
});
export type MileageFlight = z.infer<typeof ZMileageFlight>;

/** One ledger row as the member reads it. `miles` is signed: a credit is positive. */
export const ZMileageTransaction = z.object({
  id: z.string(),
  tradingType: ZMilesTradingType,
  status: ZMilesTradingStatus,
  kind: ZMileageEntryKind,
  miles: z.number().int(),
  /** Of a flight's miles, the tier bonus (0 otherwise). */
  bonusMiles: z.number().int(),
  eliteMiles: z.number().int(),
  eliteSegments: z.number().int(),
  flight: ZMileageFlight.nullable(),
  ticketNo: z.string().nullable(),
  bookingClass: z.string().nullable(),
  /** A staff adjustment's reason as the member is told it; null otherwise. */
  note: z.string().nullable(),
  /** When it happened (the flight's departure for a flight), ISO in the hub's zone. */
  occurredAt: z.string(),
  /** When a credit's miles expire, ISO in the hub's zone; null for debits. */
  expiresAt: z.string().nullable(),
});
export type MileageTransaction = z.infer<typeof ZMileageTransaction>;

export const ZMileageTransactionQuery = z.object({
  tradingType: ZMilesTradingType.optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(50).default(20),
});
export type MileageTransactionQuery = z.infer<typeof ZMileageTransactionQuery>;

export const ZMileageTransactionPage = z.object({
  list: z.array(ZMileageTransaction),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MileageTransactionPage = z.infer<typeof ZMileageTransactionPage>;

/** The tier the member is working toward and what is still needed (either figure reaches it). */
export const ZTierProgress = z.object({
  level: ZMemberLevel,
  eliteMiles: z.number().int(),
  eliteSegments: z.number().int(),
});

/**
 * POST consumer/mileage/queryMileageInfo (and the `mileage` of consumer/home/queryUserInfo): the
 * balance, the next miles to expire and when, the elite figures of the rolling 12 months, the
 * tier and what the next needs, and whether the miles are frozen.
 */
export const ZMileageSummary = z.object({
  balance: z.number().int(),
  expiring: z.number().int(),
  /** When `expiring` miles expire, ISO in the hub's zone; null when none will. */
  expiringAt: z.string().nullable(),
  eliteMileage: z.number().int(),
  eliteSegments: z.number().int(),
  level: ZMemberLevel,
  /** Null at platinum. */
  next: ZTierProgress.nullable(),
  frozen: z.boolean(),
});
export type MileageSummary = z.infer<typeof ZMileageSummary>;

/** A bill cycle, `YYYY-MM` (a calendar month, hub time). */
export const ZBillCycle = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month, YYYY-MM');

/** POST consumer/mileage/queryBillList: the cycles that can be read, newest first. */
export const ZBillCycleList = z.object({ list: z.array(ZBillCycle) });

export const ZBillQuery = z.object({ cycle: ZBillCycle });

/** POST consumer/mileage/queryBillDetail: one month's statement (873 when not available). */
export const ZMileageBill = z.object({
  cycle: ZBillCycle,
  /** Local dates of the month, first and last. */
  from: z.string(),
  to: z.string(),
  openingBalance: z.number().int(),
  earned: z.number().int(),
  spent: z.number().int(),
  expired: z.number().int(),
  closingBalance: z.number().int(),
  eliteMiles: z.number().int(),
  eliteSegments: z.number().int(),
  /** Oldest first, as a statement reads. */
  transactions: z.array(ZMileageTransaction),
});
export type MileageBill = z.infer<typeof ZMileageBill>;

/** POST consumer/mileage/queryFreezeInfo: 865 (no freeze details) when the miles are not frozen. */
export const ZFreezeInfo = z.object({
  reason: z.string(),
  /** ISO in the hub's zone. */
  frozenAt: z.string(),
});
export type FreezeInfo = z.infer<typeof ZFreezeInfo>;

/** Claim states (§4): under audit, approved (credited) or not approved. */
export const ZClaimStatus = z.enum(['auditing', 'approved', 'rejected']);
export type ClaimStatus = z.infer<typeof ZClaimStatus>;

/**
 * POST consumer/claim/saveClaim: a flown flight that was not credited. 870 outside the window
 * (flown, and within 6 months), 863 no flown flight of that ticket on that date, 862 the ticket's
 * passenger is not the member, 871 already credited or claimed, 872 a missed flight (its refund
 * claim, within 3 months, is asked for from the ticket).
 */
export const ZClaimSave = z.object({
  ticketNo: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{13}$/, 'must be the 13 digits of the e-ticket number')),
  flightNo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2}\d{1,4}$/, 'must be a flight number such as WC101'),
  flightDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD'),
});
export type ClaimSave = z.infer<typeof ZClaimSave>;

export const ZMileageClaim = z.object({
  id: z.string(),
  ticketNo: z.string(),
  flightNo: z.string(),
  flightDate: z.string(),
  depCode: z.string().nullable(),
  arrCode: z.string().nullable(),
  status: ZClaimStatus,
  /** Why it was not approved (staff's words). */
  rejectReason: z.string().nullable(),
  /** Credited when approved. */
  miles: z.number().int().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MileageClaim = z.infer<typeof ZMileageClaim>;

export const ZMileageClaimList = z.object({ list: z.array(ZMileageClaim) });

/** Cabin of a calculator: economy Y, business C. */
export const ZCalculatorCabin = z.enum(['Y', 'C']);

/**
 * POST consumer/calculator/earnMileage. Every field is required; an empty one answers 874 naming
 * it ("cannot be empty", spec §5), so the fields are optional here and checked by the rule.
 */
export const ZEarnCalculatorInput = z.object({
  depCode: z.string().trim().toUpperCase().optional(),
  arrCode: z.string().trim().toUpperCase().optional(),
  cabin: z.string().trim().toUpperCase().optional(),
  /** The ticket's booking class (its "ticket type"), such as Y or Q. */
  fareClass: z.string().trim().toUpperCase().optional(),
  level: z.union([ZMemberLevel, z.string()]).optional(),
});
export type EarnCalculatorInput = z.infer<typeof ZEarnCalculatorInput>;

export const ZEarnCalculatorResult = z.object({
  distanceMiles: z.number().int(),
  earnRatePercent: z.number().int(),
  baseMiles: z.number().int(),
  bonusMiles: z.number().int(),
  totalMiles: z.number().int(),
  eliteMiles: z.number().int(),
  eliteSegments: z.number().int(),
});
export type EarnCalculatorResult = z.infer<typeof ZEarnCalculatorResult>;

/** POST consumer/calculator/awardMileage: trip type one way 0 or return 1 (§3 trip types). */
export const ZAwardCalculatorInput = z.object({
  depCode: z.string().trim().toUpperCase().optional(),
  arrCode: z.string().trim().toUpperCase().optional(),
  cabin: z.string().trim().toUpperCase().optional(),
  tripType: z.union([z.literal(0), z.literal(1), z.string()]).optional(),
});
export type AwardCalculatorInput = z.infer<typeof ZAwardCalculatorInput>;

export const ZAwardCalculatorResult = z.object({
  distanceMiles: z.number().int(),
  zone: z.number().int(),
  /** Per person, one way. */
  oneWayMiles: z.number().int(),
  /** Per person, for the trip asked (twice the one-way figure for a return). */
  totalMiles: z.number().int(),
});
export type AwardCalculatorResult = z.infer<typeof ZAwardCalculatorResult>;

/** The fare classes the earn calculator offers, with their earn rate (from the filed table). */
export const ZEarnRateOption = z.object({
  letter: z.string(),
  family: z.string(),
  cabin: ZCalculatorCabin,
  earnRatePercent: z.number().int(),
});
/** POST consumer/calculator/queryEarnRates: the options of the earn calculator's "ticket type". */
export const ZEarnRateOptions = z.object({ list: z.array(ZEarnRateOption) });
