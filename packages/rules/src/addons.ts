import { AddedService, type Money } from '@wings/contracts';
import { BAGGAGE } from './fares';
import type { RuleIssue } from './issue';

/**
 * The add-on catalogue's rules (issue 14; booking-and-account.md §3, after-sales §9): what the
 * airline may file per route and cabin, and how an Enhanced Refundable Ticket upgrade is priced.
 * The console's form and the staff API check the same `checkAddonPrice`.
 */

/** Free baggage on every fare (after-sales §9): 7 kg carry-on, 20 kg checked. Extra baggage is on top. */
export const FREE_BAGGAGE = BAGGAGE;

/** Extra baggage is sold in steps of this many kilograms on top of the free checked allowance. */
export const BAGGAGE_STEP_KG = 5;
/** The largest extra-baggage step a route may file (kg above the free allowance). */
export const BAGGAGE_MAX_EXTRA_KG = 40;

/** The Enhanced Refundable Ticket upgrade is a whole percentage of the fare, 1 to 100. */
export const REFUND_UPGRADE_PERCENT = { min: 1, max: 100 } as const;

/** What a catalogue row sells. */
export const ADDON_KINDS = ['baggage', 'priority', 'seat', 'refund_upgrade'] as const;
export type AddonKind = (typeof ADDON_KINDS)[number];

/** Seat types as filed (spec §3: vip PFST, front UPST, standard SEAT). */
export const ADDON_SEAT_TYPES = ['PFST', 'UPST', 'SEAT'] as const;
export type AddonSeatType = (typeof ADDON_SEAT_TYPES)[number];

/**
 * The spec's service code of each kind (contracts `AddedService`): baggage 13, priority
 * boarding 11, seat 12. The refund upgrade is a change of the fare's conditions, not an added
 * service of the spec: it has no code (null).
 */
export function serviceCodeOf(kind: AddonKind): number | null {
  switch (kind) {
    case 'baggage':
      return AddedService.extraBaggage;
    case 'priority':
      return AddedService.priorityBoarding;
    case 'seat':
      return AddedService.onlineSeat;
    case 'refund_upgrade':
      return null;
  }
}

/** A catalogue row's terms as staff file them (amount in minor units of the route's currency). */
export interface AddonPriceTerms {
  kind: AddonKind;
  /** Baggage: extra kilograms (a multiple of BAGGAGE_STEP_KG, up to BAGGAGE_MAX_EXTRA_KG); else null. */
  weightKg: number | null;
  /** Seat: the seat type; else null. */
  seatType: string | null;
  /** Baggage, priority, seat: the price in minor units (a standard SEAT may be 0: free); else null. */
  amount: number | null;
  /** Refund upgrade: the share of the fare in whole percent (1-100); else null. */
  percent: number | null;
  /** Local departure dates, `YYYY-MM-DD`; validTo null: until further notice. */
  validFrom: string;
  validTo: string | null;
}

/**
 * The rules a catalogue row keeps, each broken one naming its field: baggage names its weight
 * step, a seat its type, the refund upgrade a percent and every other kind an amount (more
 * than 0; a standard SEAT may be free), and the last date is not before the first.
 */
export function checkAddonPrice(terms: AddonPriceTerms): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const { kind } = terms;
  if (kind === 'baggage') {
    const kg = terms.weightKg;
    if (
      kg === null ||
      !Number.isInteger(kg) ||
      kg <= 0 ||
      kg % BAGGAGE_STEP_KG !== 0 ||
      kg > BAGGAGE_MAX_EXTRA_KG
    ) {
      issues.push({
        field: 'weightKg',
        key: 'addons.weight_step',
        params: { step: BAGGAGE_STEP_KG, max: BAGGAGE_MAX_EXTRA_KG },
      });
    }
  } else if (terms.weightKg !== null) {
    issues.push({ field: 'weightKg', key: 'addons.field_not_for_kind' });
  }
  if (kind === 'seat') {
    if (terms.seatType === null || !(ADDON_SEAT_TYPES as readonly string[]).includes(terms.seatType)) {
      issues.push({ field: 'seatType', key: 'addons.seat_type_required' });
    }
  } else if (terms.seatType !== null) {
    issues.push({ field: 'seatType', key: 'addons.field_not_for_kind' });
  }
  if (kind === 'refund_upgrade') {
    const p = terms.percent;
    if (
      p === null ||
      !Number.isInteger(p) ||
      p < REFUND_UPGRADE_PERCENT.min ||
      p > REFUND_UPGRADE_PERCENT.max
    ) {
      issues.push({
        field: 'percent',
        key: 'addons.percent_range',
        params: { min: REFUND_UPGRADE_PERCENT.min, max: REFUND_UPGRADE_PERCENT.max },
      });
    }
    if (terms.amount !== null) issues.push({ field: 'amount', key: 'addons.field_not_for_kind' });
  } else {
    const a = terms.amount;
    const mayBeFree = kind === 'seat' && terms.seatType === 'SEAT';
    if (a === null || !Number.isInteger(a) || a < 0 || (a === 0 && !mayBeFree)) {
      issues.push({
        field: 'amount',
        key: mayBeFree ? 'addons.amount_not_negative' : 'addons.amount_positive',
      });
    }
    if (terms.percent !== null) issues.push({ field: 'percent', key: 'addons.field_not_for_kind' });
  }
  if (terms.validTo !== null && terms.validTo < terms.validFrom) {
    issues.push({ field: 'validTo', key: 'admin.valid_to_before_from' });
  }
  return issues;
}

/**
 * The Enhanced Refundable Ticket upgrade's price for one passenger on one leg: `percent` of
 * that passenger's fare on the leg (taxes excluded), in the fare's currency, rounded half up to
 * a whole minor unit.
 */
export function refundUpgradePrice(fare: Money, percent: number): Money {
  return { amount: Math.round((fare.amount * percent) / 100), currency: fare.currency };
}

/** The extra-baggage steps a route may file: 5, 10, ... 40 kg. */
export function baggageSteps(): number[] {
  const steps: number[] = [];
  for (let kg = BAGGAGE_STEP_KG; kg <= BAGGAGE_MAX_EXTRA_KG; kg += BAGGAGE_STEP_KG) steps.push(kg);
  return steps;
}
