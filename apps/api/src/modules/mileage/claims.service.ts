import type {
  AdminClaimPage,
  AdminClaimQuery,
  AdminClaimRow,
  ClaimSave,
  ClaimStatus,
  MileageClaim,
  ZMileageClaimList,
} from '@wings/contracts';
import { claimDateProblem, fullNameKey, localDate, toLocalIso } from '@wings/rules';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { StaffChange } from '../../platform/layers';
import { SlidingWindowLimiter } from '../../platform/rate-limit';
import { uniqueViolation } from '../../platform/unique-violation';
import { type LegFact, legFacts, type PassengerFact, passengerFacts } from '../booking';
import type { MileageMember } from '../loyalty';
import { couponsOfTicket, type TicketCouponUse } from '../tickets';
import { ClaimsRepository, type StoredClaim } from './claims.repository';
import { earnRateTable, flightCredit } from './flight-credit';
import { ledgerRepo } from './ledger.repository';
import type { LedgerService } from './ledger.service';
import type { MileageContext } from './mileage-context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The coupon a claim is about, with its leg and passenger (null where booking has none). */
interface ClaimCoupon {
  coupon: TicketCouponUse;
  leg: LegFact;
  passenger: PassengerFact | null;
}

/**
 * Retroactive mileage claims (issue 18; after-sales-and-loyalty §1, §4): a member asks for a flown
 * flight that was not credited (a ticket booked without the member card, by someone else for them)
 * → under audit → staff approve (the coupon credited, once, under the same ledger key the sweep
 * uses) or reject with a reason the member reads. The window is `CLAIM_WINDOW_MONTHS` (6 months,
 * packages/rules); a missed flight is not a mileage claim (872: its refund is asked from the ticket).
 */
/** Claims a member may file (or try) a day. */
export const CLAIM_TRIES_PER_DAY = 20;
const DAY_MS = 86_400_000;

export class ClaimsService {
  private readonly repo: ClaimsRepository;
  private readonly limiter: SlidingWindowLimiter;

  constructor(
    private readonly ctx: MileageContext,
    private readonly ledger: LedgerService,
  ) {
    this.repo = new ClaimsRepository(ctx.platform.db);
    this.limiter = new SlidingWindowLimiter(ctx.platform.db, ctx.platform.now);
  }

  private iso(d: Date | null): string | null {
    return d ? toLocalIso(d, this.ctx.network.hubZone) : null;
  }

  private view(c: StoredClaim): MileageClaim {
    return {
      id: c.id,
      ticketNo: c.ticketNo,
      flightNo: c.flightNo,
      flightDate: c.flightDate,
      depCode: c.depCode,
      arrCode: c.arrCode,
      status: c.status as ClaimStatus,
      rejectReason: c.rejectReason,
      miles: c.miles,
      submittedAt: toLocalIso(c.submittedAt, this.ctx.network.hubZone),
      decidedAt: this.iso(c.decidedAt),
    };
  }

  /** The ticket's coupons with their legs and passengers (one read each, whatever the count). */
  private async couponsOf(ticketNo: string): Promise<ClaimCoupon[]> {
    const db = this.ctx.platform.db;
    const coupons = await couponsOfTicket(db, ticketNo);
    const [legs, passengers] = await Promise.all([
      legFacts(
        db,
        coupons.map((c) => c.segmentId),
      ),
      passengerFacts(
        db,
        coupons.map((c) => c.passengerId),
      ),
    ]);
    const out: ClaimCoupon[] = [];
    for (const coupon of coupons) {
      const leg = legs.get(coupon.segmentId);
      if (leg) out.push({ coupon, leg, passenger: passengers.get(coupon.passengerId) ?? null });
    }
    return out;
  }

  /**
   * POST consumer/claim/saveClaim. In order: 803 the member is not approved; 870 the date is
   * outside the window; 863 the ticket has no coupon on that flight number departing that local
   * date (origin airport's zone); 862 its passenger is not the member (name and birthday); 872 a
   * no-show; 863 not flown (yet); 871 already credited or claimed.
   */
  async save(memberId: string, input: ClaimSave): Promise<MileageClaim> {
    const member = await this.ctx.members.mileageMember(memberId);
    if (member?.status !== 'approved') throw new AppError('memberAuditInProgress');
    // A claim looks a ticket up by its number: a member may try CLAIM_TRIES_PER_DAY a day (429),
    // so the call cannot be used to find which ticket numbers exist.
    if (!(await this.limiter.reserve(`mileage-claim:${memberId}`, CLAIM_TRIES_PER_DAY, DAY_MS)))
      throw new AppError('tooManyRequests');
    const now = this.ctx.platform.now();
    if (claimDateProblem(input.flightDate, localDate(now, this.ctx.network.hubZone)))
      throw new AppError('mileageClaimWindow');

    const { airports } = await this.ctx.network.airportsAndRoutes();
    const zones = new Map(airports.map((a) => [a.code, a.timeZone]));
    const found = (await this.couponsOf(input.ticketNo)).find(
      ({ leg }) =>
        leg.flightNo === input.flightNo &&
        localDate(leg.depUtc, zones.get(leg.depCode) ?? this.ctx.network.hubZone) === input.flightDate,
    );
    if (!found) throw new AppError('mileageNoFlightFound');
    if (!isMembersPassenger(member, found.passenger)) throw new AppError('mileagePassengerNotLegal');
    if (found.coupon.noShowAt) throw new AppError('mileageClaimNoShow');
    if (!found.coupon.flownAt) throw new AppError('mileageNoFlightFound');
    const credited = await ledgerRepo.creditedCoupons(this.ctx.platform.db, [found.coupon.couponId]);
    if (credited.size > 0) throw new AppError('mileageClaimDuplicate');

    try {
      const saved = await this.repo.insert({
        memberId,
        ticketNo: input.ticketNo,
        flightNo: input.flightNo,
        flightDate: input.flightDate,
        couponId: found.coupon.couponId,
        depCode: found.leg.depCode,
        arrCode: found.leg.arrCode,
        submittedAt: now,
      });
      return this.view(saved);
    } catch (err) {
      // One live claim per coupon (the partial unique index): a second filing, even at the same
      // instant by another member of the same name, is the duplicate.
      if (uniqueViolation(err) === 'mileage_claims_live_coupon_key')
        throw new AppError('mileageClaimDuplicate');
      throw err;
    }
  }

  /** POST consumer/claim/queryClaimList: the member's own claims, newest first. */
  async listOf(memberId: string): Promise<z.infer<typeof ZMileageClaimList>> {
    return { list: (await this.repo.ofMember(memberId)).map((c) => this.view(c)) };
  }

  /**
   * GET mileage/claims (console): claims waiting for audit first, oldest first, each with the
   * member, the ticket's passenger on the coupon and what approving would credit now.
   */
  async queue(query: AdminClaimQuery): Promise<AdminClaimPage> {
    const found = await this.repo.page(query.status, (query.page - 1) * query.pageSize, query.pageSize);
    const rates = await earnRateTable(this.ctx);
    const members = new Map<string, MileageMember | null>();
    const list: AdminClaimRow[] = [];
    for (const c of found.list) {
      if (!members.has(c.memberId)) members.set(c.memberId, await this.ctx.members.mileageMember(c.memberId));
      const member = members.get(c.memberId) ?? null;
      const facts = (await this.couponsOf(c.ticketNo)).find((f) => f.coupon.couponId === c.couponId);
      let miles = c.miles;
      if (c.status === 'auditing' && member && facts) {
        const entry = await flightCredit(this.ctx, {
          member,
          couponId: c.couponId,
          ticketNo: c.ticketNo,
          leg: facts.leg,
          kind: 'claim',
          actor: 'system',
          rates,
        }).catch((err: unknown) => {
          // A route whose airport is gone cannot be priced; staff still see the claim.
          if (err instanceof AppError) return null;
          throw err;
        });
        miles = entry?.miles ?? null;
      }
      const p = facts?.passenger;
      list.push({
        ...this.view(c),
        miles,
        memberId: c.memberId,
        cardNo: member?.cardNo ?? null,
        memberName: member ? fullName(member) : '',
        passengerName: p ? fullName(p) : null,
        nameMatches: member !== null && isMembersPassenger(member, p ?? null),
        bookingClass: facts?.leg.bookingClass ?? null,
        decidedBy: c.decidedBy,
      });
    }
    return { list, total: found.total, page: query.page, pageSize: query.pageSize };
  }

  /**
   * POST mileage/claims/:claimId/approve: the coupon's credit (kind `claim`, by the staff member)
   * written in the transaction that marks the claim approved, with its audit row. 4140 unknown,
   * 4141 not under audit. When the sweep credited the coupon meanwhile (the member's card was
   * added to the booking late), approving would credit nothing: it answers 871 and the claim
   * stays under audit for staff to reject with that reason, so an "approved" claim always means
   * "these miles came from this claim".
   */
  async approve(claimId: string, who: StaffChange): Promise<MileageClaim> {
    if (!UUID.test(claimId)) throw new AppError('adminClaimNotFound');
    return this.ctx.platform.db.transaction(async (tx) => {
      const claim = await this.repo.forUpdate(tx, claimId);
      if (!claim) throw new AppError('adminClaimNotFound');
      if (claim.status !== 'auditing') throw new AppError('adminClaimNotAuditing');
      const member = await this.ctx.members.mileageMember(claim.memberId);
      const facts = (await this.couponsOf(claim.ticketNo)).find((f) => f.coupon.couponId === claim.couponId);
      if (!member || !facts) throw new AppError('mileageNoFlightFound');
      const actor = `staff:${who.actor.id}`;
      const entry = await flightCredit(this.ctx, {
        member,
        couponId: claim.couponId,
        ticketNo: claim.ticketNo,
        leg: facts.leg,
        kind: 'claim',
        actor,
      });
      const written = await this.ledger.credit(entry, tx);
      if (!written.inserted) throw new AppError('mileageClaimDuplicate');
      const now = this.ctx.platform.now();
      const decided = await this.repo.decide(tx, claim.id, {
        status: 'approved',
        miles: written.miles,
        decidedAt: now,
        decidedBy: who.actor.id,
      });
      await this.ctx.platform.audit.record(
        {
          actor: who.actor,
          action: 'mileage.claim_approve',
          targetType: 'mileage_claim',
          targetId: claim.id,
          before: { status: claim.status },
          after: {
            status: decided.status,
            miles: written.miles,
            memberId: claim.memberId,
            ledgerId: written.id,
          },
          reason: null,
          ip: who.ip,
        },
        tx,
      );
      return this.view(decided);
    });
  }

  /** POST mileage/claims/:claimId/reject: not approved, with the reason the member reads. 4140, 4141. */
  async reject(claimId: string, who: StaffChange, reason: string): Promise<MileageClaim> {
    if (!UUID.test(claimId)) throw new AppError('adminClaimNotFound');
    return this.ctx.platform.db.transaction(async (tx) => {
      const claim = await this.repo.forUpdate(tx, claimId);
      if (!claim) throw new AppError('adminClaimNotFound');
      if (claim.status !== 'auditing') throw new AppError('adminClaimNotAuditing');
      const decided = await this.repo.decide(tx, claim.id, {
        status: 'rejected',
        rejectReason: reason,
        decidedAt: this.ctx.platform.now(),
        decidedBy: who.actor.id,
      });
      await this.ctx.platform.audit.record(
        {
          actor: who.actor,
          action: 'mileage.claim_reject',
          targetType: 'mileage_claim',
          targetId: claim.id,
          before: { status: claim.status },
          after: { status: decided.status, memberId: claim.memberId },
          reason,
          ip: who.ip,
        },
        tx,
      );
      return this.view(decided);
    });
  }
}

/** A name as the console shows it: surname, given name, middle name. */
function fullName(p: { surname: string; givenName: string; middleName: string | null }): string {
  return [p.surname, p.givenName, p.middleName].filter(Boolean).join(' ');
}

/** Whether the ticket's passenger is the member: the same name (accents, case, hyphens aside) and birthday. */
function isMembersPassenger(member: MileageMember, passenger: PassengerFact | null): boolean {
  if (!passenger) return false;
  return (
    fullNameKey(passenger.surname, passenger.givenName, passenger.middleName) ===
      fullNameKey(member.surname, member.givenName, member.middleName) &&
    passenger.birthday === member.birthday
  );
}
