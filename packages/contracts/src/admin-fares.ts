import { z } from 'zod';
import { ZCurrency, ZLocalDate, ZLocalizedText, ZMoney } from './common';
import { FARE_FAMILY_NAMES } from './enums';

/**
 * The staff console's calls for fares, taxes and promo codes (issue 13), served under
 * `/api/admin/pricing` (docs/api.md, "Staff console: fares, promotions and translations").
 * Admins change them; finance and auditors read them. Every change writes an audit row in its
 * transaction and is live for new searches at once; an offer already priced keeps its price
 * until it expires.
 */

const reason = z.string().trim().max(500).optional();
const routeCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}-[A-Z]{3}$/, 'must be a route written ORIGIN-DESTINATION, e.g. KTI-BKK');
const classLetter = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]$/, 'must be one booking class letter');
/** Minor units (cents, fen) of a price staff file. */
const amount = z.number().int('must be a whole number of cents (fen)').positive('must be more than 0');

/** A booking class as the fares screen filters by it, with its family and cabin (docs/architecture.md §7). */
export const ZAdminBookingClass = z.object({
  letter: z.string(),
  family: z.enum(FARE_FAMILY_NAMES as [string, ...string[]]),
  cabin: z.enum(['C', 'Y']),
  nestOrder: z.number().int(),
});
export type AdminBookingClass = z.infer<typeof ZAdminBookingClass>;

/** A route fares are filed on: code, airports and the currency a journey starting on it is priced in. */
export const ZAdminFareRoute = z.object({
  code: z.string(),
  origin: z.string(),
  destination: z.string(),
  currency: ZCurrency,
});

/** GET /api/admin/pricing/options: what the fares and promo screens choose from. */
export const ZAdminPricingOptions = z.object({
  routes: z.array(ZAdminFareRoute),
  classes: z.array(ZAdminBookingClass),
  families: z.array(z.string()),
});
export type AdminPricingOptions = z.infer<typeof ZAdminPricingOptions>;

/**
 * One fare filing: the adult fare of a booking class on a route in one currency, valid for
 * departures (local dates) from `validFrom` to `validTo` (null: until further notice). Child
 * and infant fares derive from it (75% and 10%, @wings/rules `passengerFare`).
 */
export const ZAdminFare = z.object({
  id: z.number().int(),
  routeCode: z.string(),
  origin: z.string(),
  destination: z.string(),
  bookingClass: z.string(),
  family: z.string(),
  cabin: z.enum(['C', 'Y']),
  adultFare: ZMoney,
  validFrom: z.string(),
  validTo: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminFare = z.infer<typeof ZAdminFare>;

/** GET /api/admin/pricing/fares: filtered, by route, cabin, nest order and date. */
export const ZAdminFareQuery = z.object({
  route: routeCode.optional(),
  family: z.enum(FARE_FAMILY_NAMES as [string, ...string[]]).optional(),
  bookingClass: classLetter.optional(),
  currency: ZCurrency.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export type AdminFareQuery = z.input<typeof ZAdminFareQuery>;

export const ZAdminFarePage = z.object({
  list: z.array(ZAdminFare),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminFarePage = z.infer<typeof ZAdminFarePage>;

/** POST /api/admin/pricing/fares: a new filing (e.g. a new fare from a date). */
export const ZAdminFareCreate = z.object({
  routeCode,
  bookingClass: classLetter,
  currency: ZCurrency,
  adultAmount: amount,
  validFrom: ZLocalDate,
  validTo: ZLocalDate.nullable(),
  reason,
});
export type AdminFareCreate = z.input<typeof ZAdminFareCreate>;

/** PUT /api/admin/pricing/fares/:id: the amount and validity of a filing (route, class, currency stay). */
export const ZAdminFareUpdate = z.object({
  adultAmount: amount,
  validFrom: ZLocalDate,
  validTo: ZLocalDate.nullable(),
  reason,
});
export type AdminFareUpdate = z.input<typeof ZAdminFareUpdate>;

export const ZAdminPricingIdParams = z.object({ id: z.coerce.number().int().positive() });

/** A tax or charge by code, filed for a departure country or airport and one passenger type. */
export const ZAdminTax = z.object({
  id: z.number().int(),
  code: z.string(),
  scope: z.enum(['country', 'airport']),
  scopeCode: z.string(),
  passengerType: z.enum(['adult', 'child', 'infant']),
  amount: ZMoney,
  descriptionEn: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminTax = z.infer<typeof ZAdminTax>;

/** GET /api/admin/pricing/taxes. */
export const ZAdminTaxQuery = z.object({
  code: z.string().trim().toUpperCase().max(2).optional(),
  scopeCode: z.string().trim().toUpperCase().max(3).optional(),
  passengerType: z.enum(['adult', 'child', 'infant']).optional(),
});
export const ZAdminTaxList = z.object({ list: z.array(ZAdminTax) });

/** POST /api/admin/pricing/taxes: a new filing; PUT .../taxes/:id changes its amount, text and validity. */
export const ZAdminTaxCreate = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2}$/, 'must be a two-character tax code such as KH or YQ'),
  scope: z.enum(['country', 'airport']),
  scopeCode: z.string().trim().toUpperCase(),
  passengerType: z.enum(['adult', 'child', 'infant']),
  amount: z.number().int('must be a whole number of cents (fen)').min(0, 'cannot be negative'),
  currency: ZCurrency,
  descriptionEn: z.string().trim().min(1, 'is required').max(120),
  validFrom: ZLocalDate,
  validTo: ZLocalDate.nullable(),
  reason,
});
export type AdminTaxCreate = z.input<typeof ZAdminTaxCreate>;
export const ZAdminTaxUpdate = ZAdminTaxCreate.pick({
  amount: true,
  descriptionEn: true,
  validFrom: true,
  validTo: true,
  reason: true,
});
export type AdminTaxUpdate = z.input<typeof ZAdminTaxUpdate>;

/**
 * A promo code as staff see it, with its uses so far. `state`: `disabled` (staff disabled it:
 * refused whatever its dates; `disabledAt` and `disabledReason` say when and why), `active`
 * (usable now), `scheduled` (starts later), `ended` (past its end), `used_up`.
 */
export const ZAdminPromo = z.object({
  code: z.string(),
  title: ZLocalizedText,
  kind: z.enum(['percent', 'amount']),
  value: z.number().int(),
  currency: ZCurrency.nullable(),
  minSpend: z.number().int().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  routes: z.array(z.string()).nullable(),
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  listed: z.boolean(),
  state: z.enum(['active', 'scheduled', 'ended', 'used_up', 'disabled']),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminPromo = z.infer<typeof ZAdminPromo>;
export const ZAdminPromoList = z.object({ list: z.array(ZAdminPromo) });

/**
 * POST /api/admin/pricing/promos (with `code`) and PUT .../promos/:code (without): the terms,
 * checked with @wings/rules `checkPromotion`, the rules the console's form applies too.
 */
export const ZAdminPromoTerms = z.object({
  title: z.object({
    zh: z.string().trim().min(1, 'is required').max(80),
    en: z.string().trim().min(1, 'is required').max(80),
    km: z.string().trim().min(1, 'is required').max(80),
  }),
  kind: z.enum(['percent', 'amount']),
  value: z.number().int('must be a whole number'),
  currency: ZCurrency.nullable(),
  minSpend: z.number().int('must be a whole number of cents (fen)').nullable(),
  validFrom: z.string().datetime({ offset: true, message: 'must be an ISO date and time' }),
  validTo: z.string().datetime({ offset: true, message: 'must be an ISO date and time' }),
  routes: z.array(z.string().trim().toUpperCase()).nullable(),
  usageLimit: z.number().int('must be a whole number').nullable(),
  listed: z.boolean(),
  reason,
});
export type AdminPromoTerms = z.input<typeof ZAdminPromoTerms>;
export const ZAdminPromoCreate = ZAdminPromoTerms.extend({
  code: z.string().trim().toUpperCase().min(1, 'is required').max(20),
});
export type AdminPromoCreate = z.input<typeof ZAdminPromoCreate>;
export const ZAdminPromoParams = z.object({ code: z.string().trim().toUpperCase().min(1).max(20) });

/**
 * POST /api/admin/pricing/promos/:code/disable: disables the code now, with a reason (its dates stay
 * as filed; travellers are refused it with `promo.disabled`). A code already disabled: 4760.
 */
export const ZAdminPromoDisable = z.object({
  reason: z.string().trim().min(1, 'is required').max(500),
});
