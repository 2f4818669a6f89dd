import { legFacts, passengerFacts } from '../booking';
import type { MileageMember } from '../loyalty';
import { flownCouponsSince } from '../tickets';
import { earnRateTable, flightCredit } from './flight-credit';
import { ledgerRepo } from './ledger.repository';
import type { LedgerService } from './ledger.service';
import type { MileageContext } from './mileage-context';

/** The accrual sweep's cursor in mileage_cursors. */
export const ACCRUAL_CURSOR = 'accrual';
/** How far behind its cursor the sweep reads again: coupons flown in one transaction may commit after a later one. */
export const ACCRUAL_OVERLAP_MS = 10 * 60_000;
/** Coupons read per batch. */
export const ACCRUAL_BATCH = 500;

/**
 * Credits flown coupons to the members who flew them (after-sales §1): the coupons flown since the
 * cursor (less an overlap; the ledger's `coupon:<id>` key makes each count once), each matched to
 * a member by the card number the passenger flew on. A no-show never becomes flown, so never earns.
 */
export class AccrualSweep {
  private readonly batch: number;

  constructor(
    private readonly ctx: MileageContext,
    private readonly ledger: LedgerService,
    options: { batch?: number } = {},
  ) {
    this.batch = options.batch ?? ACCRUAL_BATCH;
  }

  /** Reads until no coupon is left; the count of credits written. */
  async sweep(): Promise<number> {
    const db = this.ctx.platform.db;
    const position = (await ledgerRepo.cursor(db, ACCRUAL_CURSOR)) ?? new Date(0);
    let since = new Date(Math.max(0, position.getTime() - ACCRUAL_OVERLAP_MS));
    let limit = this.batch;
    const rates = await earnRateTable(this.ctx);
    const members = new Map<string, MileageMember | null>();
    // Coupons handled in this sweep: a page re-read from its last instant skips them.
    const done = new Set<string>();
    let written = 0;
    for (;;) {
      const coupons = await flownCouponsSince(db, since, limit);
      if (coupons.length === 0) break;
      // The overlap re-reads coupons credited by an earlier run: those are left out at once.
      const credited = await ledgerRepo.creditedCoupons(
        db,
        coupons.filter((c) => !done.has(c.couponId)).map((c) => c.couponId),
      );
      const fresh = coupons.filter((c) => !done.has(c.couponId) && !credited.has(c.couponId));
      for (const c of coupons) done.add(c.couponId);
      const [legs, passengers] = await Promise.all([
        legFacts(
          db,
          fresh.map((c) => c.segmentId),
        ),
        passengerFacts(
          db,
          fresh.map((c) => c.passengerId),
        ),
      ]);
      for (const coupon of fresh) {
        const cardNo = passengers.get(coupon.passengerId)?.memberCardNo;
        const leg = legs.get(coupon.segmentId);
        if (!cardNo || !leg) continue;
        if (!members.has(cardNo)) members.set(cardNo, await this.ctx.members.mileageMemberByCard(cardNo));
        const member = members.get(cardNo);
        if (!member) continue;
        try {
          const entry = await flightCredit(this.ctx, {
            member,
            couponId: coupon.couponId,
            ticketNo: coupon.ticketNo,
            leg,
            kind: 'flight',
            actor: 'system',
            rates,
          });
          const w = await this.ledger.credit(entry);
          if (w.inserted) {
            written++;
            // The tier may have been raised by this credit: the next flight earns its bonus.
            members.delete(cardNo);
          }
        } catch (err) {
          this.ctx.platform.log.error({ err, couponId: coupon.couponId }, 'could not credit a flown coupon');
        }
      }
      const last = coupons[coupons.length - 1]!.flownAt;
      await ledgerRepo.advanceCursor(db, ACCRUAL_CURSOR, last, this.ctx.platform.now());
      if (coupons.length < limit) break;
      // One departure close stamps all its coupons with one instant: a full page that ends where
      // it began is read again, larger, until it gets past that instant.
      if (last.getTime() === since.getTime()) limit *= 2;
      else {
        since = last;
        limit = this.batch;
      }
    }
    return written;
  }
}
