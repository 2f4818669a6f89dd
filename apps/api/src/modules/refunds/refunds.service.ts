import { createHash } from 'node:crypto';
import {
  CheckInStatus,
  type CreateRefundRequest,
  type CustomerService,
  type ErrorName,
  type FareFamily,
  type FlightTimeCheckResponse,
  formatMessage,
  type LanguageTag,
  OrderPayStatus,
  type PassengerTicketCheckRequest,
  type PassengerTicketCheckResponse,
  PassengerType,
  REFUND_REASON_CODES,
  type RefundAddonLine,
  type RefundBar,
  type RefundBlockReason,
  type RefundListRequest,
  type RefundListResponse,
  RefundMoneyStatus,
  type RefundOrderView,
  type RefundPassengersResponse,
  type RefundQuote,
  type RefundQuoteLine,
  type RefundQuoteRequest,
  type RefundReasonCode,
  type RefundReasonListResponse,
  RefundStatus,
  type RefundStep,
  type RefundTimelineStep,
} from '@wings/contracts';
import {
  ageInYears,
  auditDueBy,
  checkRefundCompanions,
  isNoShow,
  localDate,
  moneyDueBy,
  orderRefundBlocks,
  passengerRefundBlock,
  priceRefundLine,
  REFUND_COMPANION_AGE,
  REFUND_DRAFT_MINUTES,
  type RefundSegment,
  refundReasonKind,
  UPGRADE_REASONS,
} from '@wings/rules';
import { type Actor, actorLabel, orderView } from '../../platform/access';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RefundOrderFacts } from '../booking';
import { RefundFollowUps, type RefundFollowUpsDeps } from './refund-follow-ups';
import { type NewRefundLine, type RefundOrderRecord, RefundsRepository } from './refunds.repository';

/** The order as the refund reads it: booking's `refundOrderFacts`. */
export type RefundOrder = RefundOrderFacts;

/** A ticket as the refund reads it (tickets' TicketView). */
export interface RefundTicket {
  id: string;
  ticketNo: string;
  status: number;
  coupons: Array<{ usage: number; checkedInAt: Date | null }>;
}

/** What the refunds service reads and asks of other modules (ports filled by refunds.module.ts). */
export interface RefundsDeps {
  db: Db;
  now: () => Date;
  /** The hub's zone and the airports' countries (network). */
  zones: { readonly hubZone: string; countries(): Promise<ReadonlyMap<string, string>> };
  /** The customer-service contact: `{phone}` of the block messages, the hours of the audit promise. */
  customerService(): Promise<CustomerService>;
  /** booking's refundOrderFacts. */
  order(db: Db | Tx, key: { orderNo: string } | { id: string }): Promise<RefundOrder | null>;
  /** booking's isOrderLinked: a member who linked the order may refund it as its owner. */
  isLinked(userId: string, orderId: string): Promise<boolean>;
  /** tickets' currentByPassenger. */
  tickets(orderId: string, db?: Db | Tx): Promise<Map<string, RefundTicket>>;
  /** The approval's and rejection's steps in other modules (refunds.module.ts fills it). */
  steps: RefundSteps;
  /** Days each gateway takes to return money (config). */
  moneyDays(gateway: string): number;
  /** The mailer, job runner, add-on refund and log of what follows a commit (refund-follow-ups.ts). */
  followUps: Pick<RefundFollowUpsDeps, 'mailer' | 'jobs' | 'refundAddons' | 'log'>;
}

/** The other modules' parts of a refund's transitions, each in the refund's transaction. */
export interface RefundSteps {
  startTicket(tx: Tx, ticketId: string, now: Date): Promise<boolean>;
  finishTicket(tx: Tx, ticketId: string, now: Date): Promise<boolean>;
  cancelTicket(tx: Tx, ticketId: string, now: Date): Promise<boolean>;
  /**
   * The ticket's move in its order's history (booking's order_events: ticket_refunding,
   * ticket_refunded, ticket_refund_canceled), so staff read it beside the order's other events.
   */
  ticketEvent(
    tx: Tx,
    orderId: string,
    event: { type: string; actor: string; reason?: string | null; data: Record<string, unknown> },
    now: Date,
  ): Promise<void>;
  /** Seats back to inventory, and seat assignments freed. */
  releaseSeats(
    tx: Tx,
    order: RefundOrder,
    rows: ReadonlyArray<{ passengerId: string; segmentId: string }>,
    now: Date,
  ): Promise<void>;
  /** The order's kept payments (payments' paymentsOf, in the transaction). */
  payments(
    tx: Tx,
    orderNo: string,
  ): Promise<
    Array<{
      id: string;
      gateway: string;
      amount: number;
      currency: string;
      status: string;
      refundedTotal: number;
    }>
  >;
  /** payments' refundOrderPart: the refund row of one payment, in the transaction; its id. */
  refundPayment(
    tx: Tx,
    part: { paymentId: string; amount: number; currency: string; refundOrderId: string; now: Date },
  ): Promise<string>;
}

/** The error of each block (after-sales §5, §8), with `{phone}` where the spec says so. */
const BLOCK_ERRORS: Record<RefundBlockReason, ErrorName> = {
  unpaid: 'refundOrderUnpaid',
  not_ticketed: 'refundNoEligible',
  within_4h: 'refundWithin4h',
  used: 'refundUsedTicket',
  infant: 'refundInfant',
  china_route: 'refundChinaRoute',
  fare: 'refundCabin',
  flight_expired: 'refundFlightExpired',
  refunding: 'refundInProgress',
  refunded: 'refundNoEligible',
};

const MAIL_STEP: Record<string, 'applied' | 'approved' | 'rejected' | 'refunded'> = {
  applied: 'applied',
  ticket_refunded: 'approved',
  rejected: 'rejected',
  money_refunded: 'refunded',
};

/** The Enhanced Refundable Ticket's price line code (booking-addons.ts). */
const UPGRADE_CODE = 'ERT';
const MINUTE = 60_000;

/** A priced request: the quote, with what the draft stores. */
interface Priced {
  quote: RefundQuote;
  lines: NewRefundLine[];
  tickets: Map<string, RefundTicket>;
  chosen: RefundOrder['passengers'];
}

/**
 * Online refunds (issue 15; after-sales §3-§9): the traveller's calls and the staff audit. A
 * refund order is a draft with its quote (createRefund), submitted to audit (confirmRefund: the
 * tickets move to refunding, the lock against a second refund), approved (staff, or by itself for
 * a flight the airline changed: tickets refunded, seats back, the money handed to payments in the
 * same transaction) or rejected (tickets back to issued). Payments tells `RefundMoney` in its
 * settle transaction when each part of the money is back; the last one completes the refund.
 */
export class RefundsService {
  readonly repo: RefundsRepository;
  /** What follows a refund's commit (payments' jobs, the mails, add-ons bought after ticketing), and its sweep. */
  readonly followUps: RefundFollowUps;

  constructor(private readonly deps: RefundsDeps) {
    this.repo = new RefundsRepository(deps.db);
    this.followUps = new RefundFollowUps({
      ...deps.followUps,
      repo: this.repo,
      service: this,
      hubZone: deps.zones.hubZone,
      now: deps.now,
    });
  }

  // ---- access

  /** The order when `actor` may refund it (its owner, a member who linked it, a full grant); 670 otherwise. */
  async orderFor(orderNo: string, actor: Actor): Promise<RefundOrder> {
    const order = await this.deps.order(this.deps.db, { orderNo });
    if (!order || !(await this.mayRefund(actor, order))) throw new AppError('refundNotOwner');
    return order;
  }

  private async mayRefund(actor: Actor, order: RefundOrder): Promise<boolean> {
    if (actor.kind === 'staff' || actor.kind === 'system') return orderView(actor, order) === 'full';
    if (orderView(actor, order) === 'full') return true;
    return actor.kind === 'traveller' && (await this.deps.isLinked(actor.userId, order.id));
  }

  /** The order of a refund, read in the caller's transaction (staff actions). */
  async orderOf(tx: Tx, orderId: string): Promise<RefundOrder> {
    const order = await this.deps.order(tx, { id: orderId });
    if (!order) throw new Error(`refund order of a missing order ${orderId}`);
    return order;
  }

  // ---- the traveller's checks

  /** flightTimeCheck: the order-level blocks, the first to show. */
  async flightTimeCheck(orderNo: string, actor: Actor, lang: LanguageTag): Promise<FlightTimeCheckResponse> {
    const order = await this.orderFor(orderNo, actor);
    const cs = await this.deps.customerService();
    const blocks = await this.orderBlocks(order, this.deps.now());
    const bars = blocks.map((b) => this.bar(b, lang, cs));
    return {
      orderNo: order.orderNo,
      refundable: bars.length === 0,
      block: bars[0] ?? null,
      blocks: bars,
      servicePhone: cs.phone,
    };
  }

  /** queryPassengerInfo: each passenger refundable, or why not. */
  async passengers(orderNo: string, actor: Actor, lang: LanguageTag): Promise<RefundPassengersResponse> {
    const order = await this.orderFor(orderNo, actor);
    const now = this.deps.now();
    const cs = await this.deps.customerService();
    const blocks = await this.orderBlocks(order, now);
    const tickets = await this.deps.tickets(order.id);
    const inRefund = await this.repo.passengersInRefund(order.id);
    const first = this.firstDeparture(order);
    return {
      orderNo: order.orderNo,
      currency: order.currency,
      blocks: blocks.map((b) => this.bar(b, lang, cs)),
      passengers: order.passengers.map((p) => {
        const own = this.passengerBlock(p, tickets, inRefund);
        const block = own ?? blocks[0] ?? null;
        const t = tickets.get(p.id);
        return {
          seq: p.seq,
          name: `${p.surname}/${p.givenName}`,
          passengerType: p.passengerType,
          age: ageInYears(p.birthday, first),
          ticketNo: t?.ticketNo ?? null,
          refundable: block === null,
          block: block ? this.bar(block, lang, cs) : null,
        };
      }),
      companionAge: REFUND_COMPANION_AGE,
    };
  }

  /** pasngerTicketCheck: the chosen passengers may be refunded together (or the error saying why not). */
  async checkPassengers(
    req: PassengerTicketCheckRequest,
    actor: Actor,
  ): Promise<PassengerTicketCheckResponse> {
    const order = await this.orderFor(req.orderNo, actor);
    const { adultsStaying } = await this.eligible(order, req.passengerSeqs, this.deps.now());
    return { ok: true, adultCount: adultsStaying };
  }

  /** getUserReasonList: the reasons in the caller's language. */
  reasons(lang: LanguageTag): RefundReasonListResponse {
    return {
      reasons: REFUND_REASON_CODES.map((code) => ({
        code,
        kind: refundReasonKind(code),
        text: formatMessage(`refund.reason.${code}`, lang),
        coveredByUpgrade: refundReasonKind(code) === 'flight' || UPGRADE_REASONS.includes(code),
      })),
    };
  }

  /** refundSchedule: the quote of the chosen passengers and reason (nothing stored). */
  async quote(req: RefundQuoteRequest, actor: Actor): Promise<RefundQuote> {
    const order = await this.orderFor(req.orderNo, actor);
    return (await this.price(order, req.passengerSeqs, req.reasonCode, this.deps.now())).quote;
  }

  // ---- the refund order

  /**
   * createRefund: a draft refund order with the quote priced here, for request-refund-confirm.
   * The same key (the request's `idempotencyKey`, else the Idempotency-Key header) answers the
   * same draft; with another request under it, 681.
   */
  async create(
    req: CreateRefundRequest,
    headerKey: string | undefined,
    actor: Actor,
    lang: LanguageTag,
  ): Promise<RefundOrderView> {
    const key = req.idempotencyKey ?? headerKey;
    if (!key || !/^[\w-]{8,64}$/.test(key)) {
      throw new AppError('invalidRequest', {
        fields: [{ field: 'idempotencyKey', key: 'common.enter_correct_data' }],
      });
    }
    const order = await this.orderFor(req.orderNo, actor);
    const hash = createHash('sha256')
      .update(
        JSON.stringify([[...req.passengerSeqs].sort((a, b) => a - b), req.reasonCode, req.remark ?? null]),
      )
      .digest('hex');
    const again = await this.repo.byKey(order.id, key);
    if (again) return this.replay(again, hash, lang);

    const now = this.deps.now();
    const priced = await this.price(order, req.passengerSeqs, req.reasonCode, now);
    const q = priced.quote;
    const made = await this.repo.insertDraft(
      {
        orderId: order.id,
        orderNo: order.orderNo,
        ownerUserId: order.userId,
        requesterUserId: actor.kind === 'traveller' ? actor.userId : null,
        refundStatus: null,
        moneyStatus: null,
        reasonCode: q.reasonCode,
        reasonKind: q.reasonKind,
        remark: req.remark ?? null,
        currency: order.currency,
        shouldRefund: q.shouldRefund.amount,
        handlingFee: q.handlingFee.amount,
        actual: q.actual.amount,
        upgradeApplied: q.upgradeApplied,
        autoApproved: q.autoApproved,
        idempotencyKey: key,
        requestHash: hash,
        language: order.language,
        contactName: order.contact.name,
        contactEmail: order.contact.email,
        expiresAt: new Date(now.getTime() + REFUND_DRAFT_MINUTES * MINUTE),
      },
      priced.lines,
      {
        type: 'created',
        actor: actorLabel(actor),
        data: { actual: q.actual.amount, currency: order.currency },
      },
      now,
    );
    if (!made) {
      const winner = await this.repo.byKey(order.id, key);
      if (!winner) throw new Error('refund key taken, and no refund order under it');
      return this.replay(winner, hash, lang);
    }
    return this.view(made, lang);
  }

  private async replay(rec: RefundOrderRecord, hash: string, lang: LanguageTag): Promise<RefundOrderView> {
    if (rec.requestHash !== hash) {
      throw new AppError('refundKeyReused', {
        fields: [{ field: 'idempotencyKey', key: 'refund.key_reused' }],
      });
    }
    return this.view(rec, lang);
  }

  /**
   * confirmRefund: the draft goes to audit with exactly its quote. The rules are checked again
   * now (a draft confirmed within 4 hours of departure is refused); in one transaction the draft
   * is submitted and each chosen ticket moves issued → refunding (of two refunds of one ticket,
   * one moves it: 684 for the other). A flight-reason refund of a flight the airline canceled or
   * retimed is approved in the same transaction. Confirming again answers the refund as it is.
   */
  async confirm(refundNo: string, actor: Actor, lang: LanguageTag): Promise<RefundOrderView> {
    const rec = await this.repo.byNo(refundNo);
    if (!rec) throw new AppError('refundNotFound');
    const order = await this.deps.order(this.deps.db, { id: rec.orderId });
    if (!order || !(await this.mayRefund(actor, order))) throw new AppError('refundNotOwner');
    if (rec.status === 'expired') throw new AppError('refundDraftExpired');
    if (rec.status !== 'draft') return this.view(rec, lang);
    const now = this.deps.now();
    if (rec.expiresAt.getTime() <= now.getTime()) {
      await this.expire(rec, now);
      throw new AppError('refundDraftExpired');
    }
    const lines = await this.repo.linesOf(rec.id);
    const seqs = [...new Set(lines.map((l) => l.passengerSeq))];
    // The rules as they stand now; the amounts stay those the traveller saw.
    const { tickets } = await this.eligible(order, seqs, now, rec.reasonCode as RefundReasonCode);
    const passengerIds = [...new Set(lines.map((l) => l.passengerId))];
    const actorName = actorLabel(actor);
    const moved = await this.repo.transaction(async (repo, tx) => {
      const submitted = await repo.move(rec.id, ['draft'], 'auditing', now, { submittedAt: now });
      if (!submitted) return null;
      for (const pid of passengerIds) {
        const t = tickets.get(pid);
        if (!t || !(await this.deps.steps.startTicket(tx, t.id, now))) throw new AppError('refundInProgress');
        await this.deps.steps.ticketEvent(
          tx,
          order.id,
          {
            type: 'ticket_refunding',
            actor: actorName,
            data: { ticketNo: t.ticketNo, refundNo: rec.refundNo },
          },
          now,
        );
      }
      await repo.addEvent(rec.id, { type: 'applied', actor: actorName, mail: true }, now);
      if (submitted.autoApproved) {
        return this.approveIn(repo, tx, submitted, order, 'system', 'flight changed by the airline', now);
      }
      return { record: submitted, paymentRefunds: [] as string[] };
    });
    if (!moved) return this.view((await this.repo.byNo(refundNo))!, lang);
    await this.followUps.after(moved.record.id, moved.paymentRefunds);
    return this.view((await this.repo.byId(moved.record.id)) ?? moved.record, lang);
  }

  /** A draft past its time: expired (nothing else to undo: a draft holds no ticket). */
  private async expire(rec: RefundOrderRecord, now: Date): Promise<void> {
    await this.repo.transaction(async (repo) => {
      if (await repo.move(rec.id, ['draft'], 'expired', now)) {
        await repo.addEvent(rec.id, { type: 'expired', actor: 'system' }, now);
      }
    });
  }

  /**
   * Approval, in the caller's transaction (staff's approve, or the confirm of a refund that
   * approves itself): auditing → refunding; its tickets refunded, their seats back to inventory
   * and their seat assignments freed; the money handed to payments as one refund row per kept
   * payment (refund_order_money), all in this transaction, so the money is asked for exactly
   * when the approval commits. Nothing to pay back (fees took it all): complete at once.
   */
  async approveIn(
    repo: RefundsRepository,
    tx: Tx,
    rec: RefundOrderRecord,
    order: RefundOrder,
    auditor: string,
    note: string | null,
    now: Date,
  ): Promise<{ record: RefundOrderRecord; paymentRefunds: string[] }> {
    const lines = await repo.linesOf(rec.id);
    const tickets = await this.deps.tickets(order.id, tx);
    const approved = await repo.move(rec.id, ['auditing'], 'refunding', now, {
      auditedAt: now,
      auditedBy: auditor,
      refundStatus: RefundStatus.refundingTicket,
    });
    if (!approved) throw new AppError('adminRefundOrderNotAuditing', { data: { status: rec.status } });
    await repo.addEvent(rec.id, { type: 'audited', actor: auditor, reason: note }, now);
    for (const pid of new Set(lines.map((l) => l.passengerId))) {
      const t = tickets.get(pid);
      if (!t || !(await this.deps.steps.finishTicket(tx, t.id, now))) {
        throw new Error(`refund ${rec.refundNo}: the ticket of passenger ${pid} is not refunding`);
      }
      await this.deps.steps.ticketEvent(
        tx,
        order.id,
        { type: 'ticket_refunded', actor: auditor, data: { ticketNo: t.ticketNo, refundNo: rec.refundNo } },
        now,
      );
    }
    // Seats of flights still to come go back; a flight that left (a no-show) took its seat with it.
    const seats = lines.flatMap((l) =>
      l.kind === 'segment' && l.segmentId && l.depUtc && !isNoShow(l.depUtc, now)
        ? [{ passengerId: l.passengerId, segmentId: l.segmentId }]
        : [],
    );
    await this.deps.steps.releaseSeats(tx, order, seats, now);
    await repo.addEvent(rec.id, { type: 'ticket_refunded', actor: auditor, mail: true }, now);

    const paymentRefunds: string[] = [];
    let left = rec.actual;
    const payments = (await this.deps.steps.payments(tx, order.orderNo)).filter(
      (p) => p.status === 'succeeded',
    );
    const orderTotal = order.lines.reduce((s, l) => s + l.amount, 0);
    let gateway: string | null = null;
    for (const p of payments) {
      if (left <= 0) break;
      // A payment charged in another currency (WeChat in CNY) gives back its own share of it.
      const share =
        p.currency === rec.currency ? left : orderTotal > 0 ? Math.round((left * p.amount) / orderTotal) : 0;
      const amount = Math.min(share, p.amount - p.refundedTotal);
      if (amount <= 0) continue;
      const refundId = await this.deps.steps.refundPayment(tx, {
        paymentId: p.id,
        amount,
        currency: p.currency,
        refundOrderId: rec.id,
        now,
      });
      await repo.insertMoney(
        {
          refundOrderId: rec.id,
          paymentId: p.id,
          paymentRefundId: refundId,
          gateway: p.gateway,
          amount,
          currency: p.currency,
          status: 'pending',
        },
        now,
      );
      paymentRefunds.push(refundId);
      gateway ??= p.gateway;
      left -= p.currency === rec.currency ? amount : left;
    }
    let record: RefundOrderRecord;
    if (paymentRefunds.length === 0) {
      record = (await repo.move(rec.id, ['refunding'], 'refunded', now, {
        refundStatus: RefundStatus.refundSuccess,
        moneyStatus: RefundMoneyStatus.success,
        moneySentAt: now,
        completedAt: now,
      }))!;
      await repo.addEvent(rec.id, { type: 'money_processing', actor: 'system' }, now);
      await repo.addEvent(rec.id, { type: 'money_refunded', actor: 'system', mail: true }, now);
    } else {
      record = (await repo.move(rec.id, ['refunding'], 'refunding', now, {
        refundStatus: RefundStatus.refundingMoney,
        moneyStatus: RefundMoneyStatus.accepted,
        moneySentAt: now,
        moneyGateway: gateway,
      }))!;
      await repo.addEvent(
        rec.id,
        { type: 'money_processing', actor: 'system', data: { paymentRefunds } },
        now,
      );
    }
    return { record, paymentRefunds };
  }

  /** Rejection, in the caller's transaction: auditing → rejected; the tickets fly again (refunding → issued). */
  async rejectIn(
    repo: RefundsRepository,
    tx: Tx,
    rec: RefundOrderRecord,
    auditor: string,
    reason: string,
    now: Date,
  ): Promise<RefundOrderRecord> {
    const rejected = await repo.move(rec.id, ['auditing'], 'rejected', now, {
      auditedAt: now,
      auditedBy: auditor,
      rejectReason: reason,
    });
    if (!rejected) throw new AppError('adminRefundOrderNotAuditing', { data: { status: rec.status } });
    const tickets = await this.deps.tickets(rec.orderId, tx);
    for (const pid of new Set((await repo.linesOf(rec.id)).map((l) => l.passengerId))) {
      const t = tickets.get(pid);
      if (t && (await this.deps.steps.cancelTicket(tx, t.id, now))) {
        await this.deps.steps.ticketEvent(
          tx,
          rec.orderId,
          {
            type: 'ticket_refund_canceled',
            actor: auditor,
            reason,
            data: { ticketNo: t.ticketNo, refundNo: rec.refundNo },
          },
          now,
        );
      }
    }
    await repo.addEvent(rec.id, { type: 'rejected', actor: auditor, reason, mail: true }, now);
    return rejected;
  }

  // ---- reads

  /** getRefundDetail: one refund order of the caller's. */
  async detail(refundNo: string, actor: Actor, lang: LanguageTag): Promise<RefundOrderView> {
    const rec = await this.repo.byNo(refundNo);
    if (!rec) throw new AppError('refundNotFound');
    const order = await this.deps.order(this.deps.db, { id: rec.orderId });
    if (!order || !(await this.mayRefund(actor, order))) throw new AppError('refundNotFound');
    return this.view(rec, lang);
  }

  /**
   * getRefundList: a member's refund orders (their orders', and those they asked for on an order
   * they linked), or one order's (its owner, a member who linked it, a full grant: a guest
   * names the order of their grant). Drafts never confirmed are not listed.
   */
  async list(req: RefundListRequest, actor: Actor, lang: LanguageTag): Promise<RefundListResponse> {
    const page = { offset: (req.pageNum - 1) * req.pageSize, limit: req.pageSize };
    let found: { list: RefundOrderRecord[]; total: number };
    const orderNo = req.orderNo ?? (actor.kind === 'guest' ? actor.grant?.orderNo : undefined);
    if (orderNo) {
      const order = await this.orderFor(orderNo, actor);
      found = await this.repo.ofOrder(order.id, page);
    } else if (actor.kind === 'traveller') {
      found = await this.repo.ofMember(actor.userId, null, page);
    } else {
      throw new AppError('refundNotOwner');
    }
    const views = [];
    for (const rec of found.list) {
      const v = await this.view(rec, lang);
      views.push({
        refundNo: v.refundNo,
        orderNo: v.orderNo,
        status: v.status,
        refundStatus: v.refundStatus,
        moneyStatus: v.moneyStatus,
        reasonKind: v.reasonKind,
        reasonText: v.reasonText,
        actual: v.actual,
        passengers: v.passengers,
        createdAt: v.createdAt,
        next: v.next,
      });
    }
    return { list: views, total: found.total };
  }

  /** A refund order as the traveller (and the console) see it, with its timeline and promises. */
  async view(rec: RefundOrderRecord, lang: LanguageTag): Promise<RefundOrderView> {
    const [lines, events] = await Promise.all([this.repo.linesOf(rec.id), this.repo.eventsOf(rec.id)]);
    const money = (amount: number) => ({ amount, currency: rec.currency as 'USD' | 'CNY' });
    const passengers = new Map<number, { seq: number; name: string; ticketNo: string | null }>();
    for (const l of lines) {
      if (!passengers.has(l.passengerSeq))
        passengers.set(l.passengerSeq, { seq: l.passengerSeq, name: l.passengerName, ticketNo: l.ticketNo });
    }
    const { timeline, next } = await this.timeline(rec, events);
    return {
      refundNo: rec.refundNo,
      orderNo: rec.orderNo,
      status: rec.status as RefundOrderView['status'],
      refundStatus: rec.refundStatus,
      moneyStatus: rec.moneyStatus,
      reasonCode: rec.reasonCode as RefundReasonCode,
      reasonKind: rec.reasonKind as 'personal' | 'flight',
      reasonText: formatMessage(`refund.reason.${rec.reasonCode}`, lang),
      remark: rec.remark,
      currency: rec.currency,
      shouldRefund: money(rec.shouldRefund),
      handlingFee: money(rec.handlingFee),
      actual: money(rec.actual),
      upgradeApplied: rec.upgradeApplied,
      passengers: [...passengers.values()].sort((a, b) => a.seq - b.seq),
      lines: lines
        .filter((l) => l.kind === 'segment')
        .map((l) => ({
          passengerSeq: l.passengerSeq,
          passengerName: l.passengerName,
          segmentSeq: l.segmentSeq ?? 0,
          flightNo: l.flightNo ?? '',
          depCode: l.depCode ?? '',
          arrCode: l.arrCode ?? '',
          depUtc: l.depUtc?.toISOString() ?? '',
          fare: money(l.fare),
          taxes: money(l.taxes),
          fee: money(l.fee),
          noShowFee: money(l.noShowFee),
          refund: money(l.refund),
          noShow: l.noShow,
        })),
      addons: lines
        .filter((l) => l.kind === 'addon')
        .map((l) => ({
          passengerSeq: l.passengerSeq,
          code: l.code ?? '',
          segmentSeq: l.segmentSeq,
          paid: money(l.paid),
          refund: money(l.refund),
        })),
      rejectReason: rec.rejectReason,
      createdAt: rec.createdAt.toISOString(),
      expiresAt: rec.status === 'draft' ? rec.expiresAt.toISOString() : null,
      timeline,
      next,
    };
  }

  /**
   * The steps of after-sales §4 with the day each was done, and for those to come the promise:
   * the audit (and the ticket refund and money processing that follow it at once) within one
   * working day of service hours after submission; the money within the gateway's days after
   * it was handed to payments (config REFUND_MONEY_DAYS).
   */
  async timeline(
    rec: RefundOrderRecord,
    events: Array<{ type: string; createdAt: Date }>,
  ): Promise<{ timeline: RefundTimelineStep[]; next: RefundTimelineStep | null }> {
    const at = (type: string) => events.find((e) => e.type === type)?.createdAt ?? null;
    const cs = await this.deps.customerService();
    const auditDue = rec.submittedAt ? auditDueBy(rec.submittedAt, cs, this.deps.zones.hubZone) : null;
    const moneyDays = this.deps.moneyDays(rec.moneyGateway ?? '');
    const moneyDue = rec.moneySentAt
      ? moneyDueBy(rec.moneySentAt, moneyDays)
      : auditDue
        ? moneyDueBy(auditDue, moneyDays)
        : null;
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    const finished = ['rejected', 'refunded', 'expired'].includes(rec.status);
    const step = (s: RefundStep, done: Date | null, due: Date | null): RefundTimelineStep => ({
      step: s,
      at: iso(done),
      expectedBy: done || finished ? null : iso(due),
    });
    const timeline: RefundTimelineStep[] =
      rec.status === 'rejected'
        ? [step('applied', at('applied'), null), step('rejected', at('rejected'), null)]
        : [
            step('applied', at('applied'), rec.status === 'draft' ? rec.expiresAt : null),
            step('audited', at('audited'), auditDue),
            step('ticket_refunded', at('ticket_refunded'), auditDue),
            step('money_processing', at('money_processing'), auditDue),
            step('money_refunded', at('money_refunded'), moneyDue),
          ];
    const next = finished ? null : (timeline.find((s) => s.at === null) ?? null);
    return { timeline, next };
  }

  // ---- rules applied to an order

  private firstDeparture(order: RefundOrder): string {
    const first = order.segments[0];
    return first
      ? localDate(first.depUtc, this.deps.zones.hubZone)
      : localDate(this.deps.now(), this.deps.zones.hubZone);
  }

  private async segmentsOf(order: RefundOrder): Promise<Array<RefundSegment & { id: string }>> {
    const countries = await this.deps.zones.countries();
    return order.segments.map((s) => ({
      id: s.id,
      depUtc: s.depUtc,
      family: s.family as FareFamily,
      route: { depCountry: countries.get(s.depCode) ?? '', arrCountry: countries.get(s.arrCode) ?? '' },
    }));
  }

  private upgraded(order: RefundOrder, passengerId?: string): boolean {
    const has = (pid: string) =>
      order.lines.some((l) => l.kind === 'addon' && l.code === UPGRADE_CODE && l.passengerId === pid);
    if (passengerId) return has(passengerId);
    const seated = order.passengers.filter((p) => p.passengerType !== PassengerType.infant);
    return seated.length > 0 && seated.every((p) => has(p.id));
  }

  /**
   * The airline canceled or retimed a flight the order is on, and the refund answers it (a flight
   * reason; before a reason is chosen, the flight reasons are open): the blocks of §5 give way
   * and every line refunds in full (issue 16, docs/decisions.md).
   */
  private disrupted(order: RefundOrder, reason?: RefundReasonCode): boolean {
    if (reason !== undefined && refundReasonKind(reason) !== 'flight') return false;
    const changed = new Set(order.flightChanges.map((c) => c.flightId));
    return order.segments.some((s) => changed.has(s.flightId));
  }

  private async orderBlocks(
    order: RefundOrder,
    now: Date,
    reason?: RefundReasonCode,
  ): Promise<RefundBlockReason[]> {
    return orderRefundBlocks(
      {
        paid: order.status === OrderPayStatus.paid,
        ticketed: order.ticketedAt !== null,
        hasInfant: order.passengers.some((p) => p.passengerType === PassengerType.infant),
        currency: order.currency,
        segments: await this.segmentsOf(order),
      },
      now,
      this.upgraded(order),
      { disrupted: this.disrupted(order, reason) },
    );
  }

  private passengerBlock(
    p: RefundOrder['passengers'][number],
    tickets: Map<string, RefundTicket>,
    inRefund: Set<string>,
  ): RefundBlockReason | null {
    const t = tickets.get(p.id);
    return passengerRefundBlock({
      seq: p.seq,
      birthday: p.birthday,
      ticketStatus: t?.status ?? null,
      used: t?.coupons.some((c) => c.usage === CheckInStatus.used || c.checkedInAt !== null) ?? false,
      inRefund: inRefund.has(p.id),
    });
  }

  private async blockError(block: RefundBlockReason): Promise<AppError> {
    const cs = await this.deps.customerService();
    return new AppError(BLOCK_ERRORS[block], { params: { phone: cs.phone ?? '-' }, data: { reason: block } });
  }

  private bar(block: RefundBlockReason, lang: LanguageTag, cs: CustomerService): RefundBar {
    const key = {
      unpaid: 'refund.order_unpaid',
      not_ticketed: 'refund.no_eligible',
      within_4h: 'refund.within_4h',
      used: 'refund.used_ticket',
      infant: 'refund.infant',
      china_route: 'refund.china_route_blocked',
      fare: 'refund.cabin_blocked',
      flight_expired: 'refund.flight_expired',
      refunding: 'refund.in_progress',
      refunded: 'refund.ticket_refunded',
    }[block];
    return { reason: block, message: formatMessage(key, lang, { phone: cs.phone ?? '-' }) };
  }

  /**
   * §5 for a choice: at least one passenger, the order's blocks, each chosen passenger's own,
   * and the minors staying with enough adults of 18+. The first failure is thrown.
   */
  private async eligible(
    order: RefundOrder,
    seqs: readonly number[],
    now: Date,
    reason?: RefundReasonCode,
  ): Promise<{
    chosen: RefundOrder['passengers'];
    tickets: Map<string, RefundTicket>;
    adultsStaying: number;
  }> {
    const unique = [...new Set(seqs)];
    if (unique.length === 0) throw new AppError('refundNoPassenger');
    const chosen = unique.map((seq) => order.passengers.find((p) => p.seq === seq));
    if (chosen.some((p) => p === undefined)) throw new AppError('refundNoEligible');
    const blocks = await this.orderBlocks(order, now, reason);
    if (blocks[0]) throw await this.blockError(blocks[0]);
    const tickets = await this.deps.tickets(order.id);
    const inRefund = await this.repo.passengersInRefund(order.id);
    for (const p of chosen as RefundOrder['passengers']) {
      const block = this.passengerBlock(p, tickets, inRefund);
      if (block) throw await this.blockError(block);
    }
    const chosenIds = new Set((chosen as RefundOrder['passengers']).map((p) => p.id));
    const staying = order.passengers.filter((p) => {
      if (chosenIds.has(p.id)) return false;
      const t = tickets.get(p.id);
      return t !== undefined && t.status !== 1 && !inRefund.has(p.id);
    });
    const companions = checkRefundCompanions(staying, this.firstDeparture(order));
    if (!companions.ok) {
      throw new AppError('refundMinorsAlone', {
        params: { adultCount: companions.adultCount },
        data: { adultCount: companions.adultCount },
      });
    }
    return { chosen: chosen as RefundOrder['passengers'], tickets, adultsStaying: companions.adultsStaying };
  }

  /** The quote of §9 for a choice and reason, with the lines a draft stores. */
  private async price(
    order: RefundOrder,
    seqs: readonly number[],
    reason: RefundReasonCode,
    now: Date,
  ): Promise<Priced> {
    const { chosen, tickets } = await this.eligible(order, seqs, now, reason);
    const segments = await this.segmentsOf(order);
    const kind = refundReasonKind(reason);
    const disrupted = this.disrupted(order, reason);
    const lines: RefundQuoteLine[] = [];
    const addons: RefundAddonLine[] = [];
    const stored: NewRefundLine[] = [];
    const money = (amount: number) => ({ amount, currency: order.currency });
    let upgradeApplied = false;
    const anyDeparted = order.segments.some((s) => isNoShow(s.depUtc, now));
    for (const p of chosen) {
      const upgraded = this.upgraded(order, p.id);
      const name = `${p.surname}/${p.givenName}`;
      const ticketNo = tickets.get(p.id)?.ticketNo ?? null;
      for (const s of order.segments) {
        const of = (k: string) =>
          order.lines
            .filter((l) => l.passengerId === p.id && l.segmentId === s.id && l.kind === k)
            .reduce((sum, l) => sum + l.amount, 0);
        const fare = of('fare') + of('discount');
        const taxes = of('tax');
        const seg = segments.find((x) => x.id === s.id)!;
        const r = priceRefundLine(
          { family: seg.family, currency: order.currency, route: seg.route, depUtc: s.depUtc, fare, taxes },
          reason,
          upgraded,
          now,
          { disrupted },
        );
        if (r.refused !== null) throw await this.blockError(r.refused);
        if (upgraded && kind === 'personal' && UPGRADE_REASONS.includes(reason)) upgradeApplied = true;
        lines.push({
          passengerSeq: p.seq,
          passengerName: name,
          segmentSeq: s.seq,
          flightNo: s.flightNo,
          depCode: s.depCode,
          arrCode: s.arrCode,
          depUtc: s.depUtc.toISOString(),
          fare: money(fare),
          taxes: money(taxes),
          fee: money(r.fee),
          noShowFee: money(r.noShowFee),
          refund: money(r.refund),
          noShow: r.noShow,
        });
        stored.push({
          kind: 'segment',
          passengerId: p.id,
          passengerSeq: p.seq,
          passengerName: name,
          ticketNo,
          segmentId: s.id,
          segmentSeq: s.seq,
          flightNo: s.flightNo,
          depCode: s.depCode,
          arrCode: s.arrCode,
          depUtc: s.depUtc,
          fare,
          taxes,
          fee: r.fee,
          noShowFee: r.noShowFee,
          refund: r.refund,
          noShow: r.noShow,
        });
      }
      // Add-ons chosen in the booking (docs/decisions.md): a leg's seat, baggage and priority
      // boarding come back when its flight is still to come; insurance while no flight has left;
      // the refundable upgrade only when the airline's doing (a flight reason) ends the trip.
      for (const l of order.lines.filter((x) => x.passengerId === p.id && x.kind === 'addon')) {
        const seg = order.segments.find((s) => s.id === l.segmentId) ?? null;
        const back =
          kind === 'flight'
            ? l.amount
            : l.code === UPGRADE_CODE
              ? 0
              : l.code === '10' || seg === null
                ? anyDeparted
                  ? 0
                  : l.amount
                : isNoShow(seg.depUtc, now)
                  ? 0
                  : l.amount;
        addons.push({
          passengerSeq: p.seq,
          code: l.code,
          segmentSeq: seg?.seq ?? null,
          paid: money(l.amount),
          refund: money(back),
        });
        stored.push({
          kind: 'addon',
          passengerId: p.id,
          passengerSeq: p.seq,
          passengerName: name,
          ticketNo,
          segmentId: seg?.id ?? null,
          segmentSeq: seg?.seq ?? null,
          code: l.code,
          paid: l.amount,
          refund: back,
        });
      }
    }
    const handlingFee = lines.reduce((s, l) => s + l.fee.amount + l.noShowFee.amount, 0);
    const actual =
      lines.reduce((s, l) => s + l.refund.amount, 0) + addons.reduce((s, a) => s + a.refund.amount, 0);
    const changed = new Set(
      order.flightChanges
        .filter((c) => (reason === 'flight_canceled' ? c.kind === 'canceled' : c.kind === 'retimed'))
        .map((c) => c.flightId),
    );
    const autoApproved = kind === 'flight' && order.segments.some((s) => changed.has(s.flightId));
    return {
      quote: {
        orderNo: order.orderNo,
        currency: order.currency,
        reasonCode: reason,
        reasonKind: kind,
        lines,
        addons,
        shouldRefund: money(actual + handlingFee),
        handlingFee: money(handlingFee),
        actual: money(actual),
        upgradeApplied,
        autoApproved,
      },
      lines: stored,
      tickets,
      chosen,
    };
  }

  /** The step mail of an event (applied, approved, rejected, refunded), or null for a step not mailed. */
  mailStepOf(type: string): 'applied' | 'approved' | 'rejected' | 'refunded' | null {
    return MAIL_STEP[type] ?? null;
  }
}
