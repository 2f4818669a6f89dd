import { z } from 'zod';
import { ZCurrency, ZLocalDate, ZMoney } from './common';

/**
 * The staff console's add-on catalogue (issue 14), served under `/api/admin/addons` (docs/api.md,
 * "Add-ons (issue 14): catalogue"). One row is one price the airline files for a route and cabin
 * in one currency, for departures from `validFrom` to `validTo` (local dates, like fares): an
 * extra-baggage step, priority boarding, a seat type, or the Enhanced Refundable Ticket upgrade
 * (a share of the fare). Admins, agents, finance and auditors read it; admins change it. Every
 * change writes an audit row in its transaction.
 */

const reason = z.string().trim().max(500).optional();
const routeCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}-[A-Z]{3}$/, 'must be a route written ORIGIN-DESTINATION, e.g. KTI-BKK');
const wholeNumber = z.number().int('must be a whole number');

export const ADDON_KIND_VALUES = ['baggage', 'priority', 'seat', 'refund_upgrade'] as const;
export const ZAddonKind = z.enum(ADDON_KIND_VALUES);
export type AddonKindCode = z.infer<typeof ZAddonKind>;

/**
 * One catalogue row. `price` is set for baggage, priority and seat (minor units of `currency`),
 * `percent` for the refund upgrade. `state`: `disabled` (staff ended it, with a reason),
 * `ended` (past validTo), `scheduled` (from a later date), `active` (in force today).
 */
export const ZAdminAddonPrice = z.object({
  id: z.number().int(),
  routeCode: z.string(),
  origin: z.string(),
  destination: z.string(),
  cabin: z.enum(['C', 'Y']),
  kind: ZAddonKind,
  /** The spec's service code: baggage 13, priority 11, seat 12; null for the refund upgrade. */
  serviceCode: z.number().int().nullable(),
  weightKg: z.number().int().nullable(),
  seatType: z.enum(['PFST', 'UPST', 'SEAT']).nullable(),
  currency: ZCurrency,
  price: ZMoney.nullable(),
  percent: z.number().int().nullable(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  state: z.enum(['active', 'scheduled', 'ended', 'disabled']),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminAddonPrice = z.infer<typeof ZAdminAddonPrice>;

/** GET /api/admin/addons/prices: filtered by route, cabin, kind and currency; disabled rows only when asked. */
export const ZAdminAddonQuery = z.object({
  route: routeCode.optional(),
  cabin: z.enum(['C', 'Y']).optional(),
  kind: ZAddonKind.optional(),
  currency: ZCurrency.optional(),
  /** `1`: include disabled rows (they are left out by default). */
  disabled: z.enum(['0', '1']).default('0'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(200),
});
export type AdminAddonQuery = z.input<typeof ZAdminAddonQuery>;

export const ZAdminAddonPage = z.object({
  list: z.array(ZAdminAddonPrice),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminAddonPage = z.infer<typeof ZAdminAddonPage>;

/** GET /api/admin/addons/options: what the catalogue's screens choose from. */
export const ZAdminAddonOptions = z.object({
  routes: z.array(
    z.object({
      code: z.string(),
      origin: z.string(),
      destination: z.string(),
      /** The route's own currency (CNY from mainland China, else USD). */
      currency: ZCurrency,
      /** Currencies a price may be filed in: USD, and CNY on a route to or from mainland China. */
      currencies: z.array(ZCurrency),
    }),
  ),
  kinds: z.array(ZAddonKind),
  seatTypes: z.array(z.enum(['PFST', 'UPST', 'SEAT'])),
  baggageSteps: z.array(z.number().int()),
  allowance: z.object({ carryOnKg: z.number().int(), checkedKg: z.number().int() }),
  percent: z.object({ min: z.number().int(), max: z.number().int() }),
});
export type AdminAddonOptions = z.infer<typeof ZAdminAddonOptions>;

/** The price and validity of a row (what PUT changes). Amount for baggage/priority/seat, percent for the upgrade. */
const terms = {
  amount: wholeNumber.nullable().default(null),
  percent: wholeNumber.nullable().default(null),
  validFrom: ZLocalDate,
  validTo: ZLocalDate.nullable(),
  reason,
};

/** POST /api/admin/addons/prices: a new row (checked with @wings/rules `checkAddonPrice`). */
export const ZAdminAddonCreate = z.object({
  routeCode,
  cabin: z.enum(['C', 'Y']),
  kind: ZAddonKind,
  weightKg: wholeNumber.nullable().default(null),
  seatType: z.enum(['PFST', 'UPST', 'SEAT']).nullable().default(null),
  currency: ZCurrency,
  ...terms,
});
export type AdminAddonCreate = z.input<typeof ZAdminAddonCreate>;

/** PUT /api/admin/addons/prices/:id: the row's price (or percent) and validity; route, cabin, kind, option and currency stay. */
export const ZAdminAddonUpdate = z.object(terms);
export type AdminAddonUpdate = z.input<typeof ZAdminAddonUpdate>;

/** POST /api/admin/addons/prices/:id/disable: ends the row now, with a reason (no re-enabling; file a new row). */
export const ZAdminAddonDisable = z.object({
  reason: z.string().trim().min(1, 'is required').max(500),
});
export type AdminAddonDisable = z.input<typeof ZAdminAddonDisable>;

export const ZAdminAddonIdParams = z.object({ id: z.coerce.number().int().positive() });
