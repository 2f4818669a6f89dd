import { z } from 'zod';
import { ZCurrency, ZLocalizedText } from './common';
import { ZInsuranceCoverItem, ZInsurancePriceBand } from './insurance';

/**
 * The staff console's insurance plans (issue 14), under `/api/admin/insurance` (docs/api.md,
 * "Add-ons (issue 14): travel insurance"). Admins change them; agents, finance and auditors
 * read them. A plan is sold in one currency (USD or CNY, the journey's): the same code may be
 * filed once per currency. Every change writes an audit row in its transaction and is live for
 * the next quote; a disabled plan is no longer offered (policies bought keep their plan).
 */

const reason = z.string().trim().max(500).optional();
const planCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9_]{1,19}$/, 'must be 2 to 20 capital letters, digits or _, starting with a letter');
const text = (max: number) => z.string().trim().min(1, 'is required').max(max);

/** A plan's name in the three languages (each required). */
export const ZAdminInsuranceName = z.object({ zh: text(60), en: text(60), km: text(80) });

/** One cover of a plan and its limit in the plan's currency (minor units). */
export const ZAdminInsuranceCover = z.object({
  item: ZInsuranceCoverItem,
  limit: z.number().int('must be a whole number of cents (fen)').positive('must be more than 0'),
});

/** A plan as the console shows it. */
export const ZAdminInsurancePlan = z.object({
  id: z.number().int(),
  code: z.string(),
  currency: ZCurrency,
  grade: z.number().int(),
  name: ZLocalizedText,
  coverage: z.array(ZAdminInsuranceCover),
  priceBands: z.array(ZInsurancePriceBand),
  /** False once disabled. */
  active: z.boolean(),
  disabledAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminInsurancePlan = z.infer<typeof ZAdminInsurancePlan>;

/** GET /api/admin/insurance/plans. */
export const ZAdminInsurancePlanQuery = z.object({
  currency: ZCurrency.optional(),
  /** Also list disabled plans (default: yes, the console greys them). */
  includeDisabled: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export const ZAdminInsurancePlanList = z.object({ list: z.array(ZAdminInsurancePlan) });
export type AdminInsurancePlanList = z.infer<typeof ZAdminInsurancePlanList>;

export const ZAdminInsurancePlanParams = z.object({ id: z.coerce.number().int().positive() });

/** What an edit may change (the code and currency stay). */
const editable = {
  grade: z.number().int().min(1).max(9),
  name: ZAdminInsuranceName,
  coverage: z.array(ZAdminInsuranceCover).min(1, 'list at least one cover').max(10),
  /** Bands by days, ascending, the last up to 90 days (checked with @wings/rules checkPriceBands). */
  priceBands: z.array(ZInsurancePriceBand).min(1).max(12),
  reason,
};

/** POST /api/admin/insurance/plans. */
export const ZAdminInsurancePlanCreate = z.object({ code: planCode, currency: ZCurrency, ...editable });
export type AdminInsurancePlanCreate = z.input<typeof ZAdminInsurancePlanCreate>;

/** PUT /api/admin/insurance/plans/:id. */
export const ZAdminInsurancePlanUpdate = z.object(editable);
export type AdminInsurancePlanUpdate = z.input<typeof ZAdminInsurancePlanUpdate>;

/** POST /api/admin/insurance/plans/:id/disable: stop selling a plan (a reason is required). */
export const ZAdminInsurancePlanDisable = z.object({
  reason: z.string().trim().min(1, 'is required').max(500),
});
