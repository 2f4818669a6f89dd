import type { MileageEntryKind } from '@wings/contracts';

/**
 * What the ledger is asked to write (ledger.service.ts). Every entry names its `sourceKey`, the
 * fact it stands for, so a fact retried or found twice is written once (the key is unique):
 *   flight / claim   `coupon:<couponId>`     (the sweep and a claim credit one coupon once, whichever comes first)
 *   adjustment       `adjust:<uuid>`
 *   redemption       `redeem:<id>`          reversal `reverse:<entry id>`
 *   expiry           `expiry:<memberId>:<ISO instant>`
 */

/** A credit: miles added. `lot` credits can expire (36 months); a reversal gives back spent miles and does not. */
export interface CreditEntry {
  memberId: string;
  kind: Extract<MileageEntryKind, 'flight' | 'claim' | 'adjustment'>;
  miles: number;
  bonusMiles?: number;
  eliteMiles?: number;
  eliteSegments?: number;
  sourceKey: string;
  couponId?: string | null;
  ticketNo?: string | null;
  flightNo?: string | null;
  depCode?: string | null;
  arrCode?: string | null;
  /** The flight's local departure date at its origin. */
  flightDate?: string | null;
  bookingClass?: string | null;
  /** When it happened (a flight's departure); the lot's expiry is counted from its hub-local date. */
  occurredAt: Date;
  /** `system`, `member` or `staff:<id>`. */
  actor: string;
  reason?: string | null;
}

/** A debit: miles taken. Refused when the balance is short (861) or the miles are frozen (860). */
export interface DebitEntry {
  memberId: string;
  kind: Extract<MileageEntryKind, 'adjustment' | 'redemption'>;
  /** How many miles, a positive number. */
  miles: number;
  sourceKey: string;
  /** A redemption waits as processing (2) until its cash part is paid or abandoned; others succeed (0). */
  status?: 0 | 2;
  occurredAt: Date;
  actor: string;
  reason?: string | null;
  /** Staff may debit frozen miles (a correction); travellers never can. */
  evenIfFrozen?: boolean;
}

/** One written ledger row, and whether this call wrote it (false: its source was already there). */
export interface WrittenEntry {
  id: number;
  inserted: boolean;
  miles: number;
}
