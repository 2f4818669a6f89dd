import { z } from 'zod';
import { ZCurrency, ZLocalDate, ZLocalizedText, ZMoney } from './common';

/**
 * Travel insurance for the traveller (issue 14; booking-and-account.md §3 insurance entry, §5,
 * §7, §9): the plans ("grades") with their cover and the price for a trip, and the price of one
 * plan for a trip and a number of insured people. Served at `/api/travelsky/insurance/...` and,
 * the same handlers, at `/api/ca/caweb/backend/insurance/...` (docs/api.md, "Add-ons (issue 14):
 * travel insurance"). Money is integer minor units in the journey's currency (USD, or CNY for
 * journeys from mainland China).
 */

/** What a plan covers, each with its limit (spec after-sales §5: insurance information). */
export const INSURANCE_COVER_ITEMS = ['medical', 'accident', 'delay', 'baggage', 'cancellation'] as const;
export const ZInsuranceCoverItem = z.enum(INSURANCE_COVER_ITEMS);
export type InsuranceCoverItem = z.infer<typeof ZInsuranceCoverItem>;

export const ZInsuranceCoverage = z.object({ item: ZInsuranceCoverItem, limit: ZMoney });
export type InsuranceCoverage = z.infer<typeof ZInsuranceCoverage>;

/** One band of a plan's price: per insured, for trips of up to `upToDays` days (minor units). */
export const ZInsurancePriceBand = z.object({
  upToDays: z.number().int().min(1).max(90),
  amount: z.number().int().positive(),
});
export type InsurancePriceBand = z.infer<typeof ZInsurancePriceBand>;

/**
 * The trip a question is about: an offer (its legs give the dates and the currency, its party
 * the insured count by default), or the trip's first and last local dates with a currency.
 */
const tripFields = {
  /** A live offer (ibe/chooseFlight). */
  offerId: z.string().trim().min(1).max(64).optional(),
  /** The first departure's local date (without an offer). */
  startDate: ZLocalDate.optional(),
  /** The last leg's local arrival date; the departure date for a same-day one-way trip. */
  endDate: ZLocalDate.optional(),
  /** The journey's currency (without an offer); USD by default. */
  currency: ZCurrency.optional(),
  /** How many people are insured (1–9; by default the offer's whole party, or 1). */
  insuredCount: z.number().int().min(1).max(9).optional(),
};

/** POST insurance/getInsuranceGrade: the plans, priced for the trip when one is given (body optional). */
export const ZInsuranceGradeRequest = z.object(tripFields).nullish();
export type InsuranceGradeRequest = z.infer<typeof ZInsuranceGradeRequest>;

/** One plan (grade) as the traveller chooses it. */
export const ZInsuranceGrade = z.object({
  /** The plan's code: the insurance entry's `insuranceType` (spec §3). */
  insuranceType: z.string(),
  /** 1 the most basic, then up. */
  grade: z.number().int(),
  name: ZLocalizedText,
  /** The headline limit (the highest cover), minor units: the entry's `insuranceLimit`. */
  insuranceLimit: z.number().int(),
  currency: ZCurrency,
  coverage: z.array(ZInsuranceCoverage),
  bands: z.array(ZInsurancePriceBand),
  /** Per insured for the trip; null without a trip. */
  price: ZMoney.nullable(),
  /** `price` × insured count; null without a trip. */
  total: ZMoney.nullable(),
});
export type InsuranceGrade = z.infer<typeof ZInsuranceGrade>;

/** What the trip's cover is: local dates, both counted, and the latest end after a delay. */
export const ZInsuranceCover = z.object({
  coverFrom: z.string(),
  coverTo: z.string(),
  /** Insured days (1–90): coverFrom to coverTo, both counted. */
  days: z.number().int(),
  /** The cover is extended automatically after a delay by up to this many days (spec §9: 7). */
  extensionDaysMax: z.number().int(),
  /** coverTo plus the longest extension. */
  latestCoverTo: z.string(),
});
export type InsuranceCover = z.infer<typeof ZInsuranceCover>;

export const ZInsuranceGradeResponse = z.object({
  /** False where insurance is not sold (no insurer configured): the app hides the insurance entry. */
  available: z.boolean(),
  currency: ZCurrency,
  insuredCount: z.number().int(),
  /** Null without a trip. */
  cover: ZInsuranceCover.nullable(),
  grades: z.array(ZInsuranceGrade),
});
export type InsuranceGradeResponse = z.infer<typeof ZInsuranceGradeResponse>;

/** POST insurance/getInsurancePrice (and insurance/getPrice): one plan's price for a trip. */
export const ZInsurancePriceRequest = z.object({
  /** The plan's code (the entry's insuranceType). */
  insuranceType: z.string().trim().min(1).max(20),
  ...tripFields,
});
export type InsurancePriceRequest = z.infer<typeof ZInsurancePriceRequest>;

export const ZInsurancePriceResponse = z.object({
  insuranceType: z.string(),
  insuredCount: z.number().int(),
  cover: ZInsuranceCover,
  /** Per insured. */
  unitPrice: ZMoney,
  /** For every insured: the entry's insurancePrice. */
  totalPrice: ZMoney,
});
export type InsurancePriceResponse = z.infer<typeof ZInsurancePriceResponse>;
