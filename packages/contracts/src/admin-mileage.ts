import { z } from 'zod';
import {
  ZCalculatorCabin,
  ZClaimStatus,
  ZMemberLevel,
  ZMileageClaim,
  ZMileageTransaction,
  ZTierProgress,
} from './mileage';

/**
 * The staff console's calls for the mileage programme (issue 18), under `/api/admin`
 * (docs/api.md "Staff console: mileage"). Agents and admins adjust, freeze and audit claims;
 * auditors read; only admins file the earn-rate table and the award chart. Every change is
 * written to the audit log with its reason.
 *   GET  members/:memberId/mileage                 the member's account and ledger (a page)
 *   POST members/:memberId/mileage/adjust          a manual credit or debit with a reason
 *   POST members/:memberId/mileage/freeze          freeze the miles with a reason
 *   POST members/:memberId/mileage/unfreeze        with a reason
 *   GET  mileage/claims                            claims by status, oldest waiting first
 *   POST mileage/claims/:claimId/approve           credits the flight's miles
 *   POST mileage/claims/:claimId/reject            with the reason the member reads
 *   GET  mileage/earn-rates                        the booking classes' earn rates
 *   PUT  mileage/earn-rates/:letter                one class's rate
 *   GET  mileage/award-chart                       miles per zone and cabin
 *   PUT  mileage/award-chart                       the whole chart
 */

const reason = z.string().trim().min(3, 'must say why, in at least 3 characters').max(500);

export const ZAdminLedgerQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminLedgerQuery = z.infer<typeof ZAdminLedgerQuery>;

/** A ledger row as staff read it: the member's view plus who filed it and why. */
export const ZAdminLedgerRow = ZMileageTransaction.extend({
  /** `system`, `member`, or the staff member's e-mail (`staff` when it can no longer be found). */
  actor: z.string(),
  /** The staff reason of an adjustment (the member reads it as `note`). */
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminLedgerRow = z.infer<typeof ZAdminLedgerRow>;

export const ZAdminFreeze = z.object({
  reason: z.string(),
  frozenAt: z.string(),
  /** The staff member's e-mail. */
  frozenBy: z.string(),
});

export const ZAdminMileageAccount = z.object({
  memberId: z.string(),
  cardNo: z.string().nullable(),
  name: z.string(),
  level: ZMemberLevel,
  balance: z.number().int(),
  expiring: z.number().int(),
  expiringAt: z.string().nullable(),
  eliteMileage: z.number().int(),
  eliteSegments: z.number().int(),
  next: ZTierProgress.nullable(),
  freeze: ZAdminFreeze.nullable(),
  ledger: z.object({
    list: z.array(ZAdminLedgerRow),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type AdminMileageAccount = z.infer<typeof ZAdminMileageAccount>;

/** A manual adjustment: a non-zero number of miles (negative debits) and the reason. */
export const ZAdminMileageAdjust = z.object({
  miles: z
    .number()
    .int()
    .refine((n) => n !== 0, 'must not be 0')
    .refine((n) => Math.abs(n) <= 1_000_000, 'must be at most 1,000,000 either way'),
  reason,
});
export type AdminMileageAdjust = z.infer<typeof ZAdminMileageAdjust>;

export const ZAdminReason = z.object({ reason });
export type AdminReason = z.infer<typeof ZAdminReason>;

export const ZAdminClaimQuery = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), ZClaimStatus.optional()),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminClaimQuery = z.infer<typeof ZAdminClaimQuery>;

/** A claim as staff audit it: the member, and what the ticket's flown coupon says. */
export const ZAdminClaimRow = ZMileageClaim.extend({
  memberId: z.string(),
  cardNo: z.string().nullable(),
  memberName: z.string(),
  /** The ticket's passenger on the flown coupon, for the name check. */
  passengerName: z.string().nullable(),
  /** Whether that passenger is the member: the same name (rules `fullNameKey`) and birthday. */
  nameMatches: z.boolean(),
  bookingClass: z.string().nullable(),
  /** What approving would credit now (the member's tier today). */
  miles: z.number().int().nullable(),
  decidedBy: z.string().nullable(),
});
export type AdminClaimRow = z.infer<typeof ZAdminClaimRow>;

export const ZAdminClaimPage = z.object({
  list: z.array(ZAdminClaimRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminClaimPage = z.infer<typeof ZAdminClaimPage>;

export const ZAdminEarnRate = z.object({
  letter: z.string(),
  family: z.string(),
  cabin: ZCalculatorCabin,
  earnRatePercent: z.number().int(),
  updatedAt: z.string(),
});
export type AdminEarnRate = z.infer<typeof ZAdminEarnRate>;

export const ZAdminEarnRates = z.object({ list: z.array(ZAdminEarnRate) });

export const ZAdminEarnRateUpdate = z.object({
  earnRatePercent: z.number().int().min(0, 'must be 0 or more').max(500, 'must be at most 500'),
  reason,
});
export type AdminEarnRateUpdate = z.infer<typeof ZAdminEarnRateUpdate>;

export const ZAwardChartRow = z.object({
  zone: z.number().int().min(1),
  cabin: ZCalculatorCabin,
  /** One way, per person. */
  miles: z.number().int().min(1, 'must be at least 1').max(1_000_000),
});
export type AwardChartRow = z.infer<typeof ZAwardChartRow>;

export const ZAdminAwardChart = z.object({
  /** The zones' distance bounds (one-way miles, inclusive; null for the last). */
  zones: z.array(z.object({ zone: z.number().int(), maxMiles: z.number().int().nullable() })),
  rows: z.array(ZAwardChartRow),
  updatedAt: z.string().nullable(),
});
export type AdminAwardChart = z.infer<typeof ZAdminAwardChart>;

/** Every zone and cabin once. */
export const ZAdminAwardChartUpdate = z.object({ rows: z.array(ZAwardChartRow).min(1).max(40), reason });
export type AdminAwardChartUpdate = z.infer<typeof ZAdminAwardChartUpdate>;
