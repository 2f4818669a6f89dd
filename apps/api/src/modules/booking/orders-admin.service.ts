import {
  type AdminOrderDetail,
  type AdminOrderPage,
  type AdminOrderRow,
  type AdminOrderSearch,
  type AdminRefund,
  type AuditEntry,
  type Money,
  OrderPayStatus,
  type OrderStatus,
  type StaffRole,
} from '@wings/contracts';
import { localDate, toLocalIso } from '@wings/rules';
import type { Actor } from '../../platform/access';
import type { AuditActor, AuditRecord } from '../../platform/audit/audit-log';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SeatHold } from '../inventory';
import type { AirportZones } from '../network';
import type { PaymentView, RefundView } from '../payments';
import type { TicketView } from '../tickets';
import type { StaffCancel } from './booking.service';
import type { OrdersRepository } from './orders.repository';
import { maskDocument, type PolicyView, priceFromLines, withAddonLines } from './orders.service';
import type { OrderFilter, OrdersAdminRepository } from './orders-admin.repository';

/** The staff member acting or reading, as the order's service needs them. */
export interface StaffCaller {
  id: string;
  email: string;
  roles: readonly StaffRole[];
  ip: string | null;
}

/**
 * Roles that see passengers' document numbers whole (issue 13: personal data only as the role
 * needs it). Agents check a passport against the booking and admins do everything an agent does;
 * finance and auditors see the last four characters (docs/decisions.md).
 */
export const DOCUMENT_READERS: readonly StaffRole[] = ['admin', 'agent'];

export interface OrdersAdminDeps {
  repo: OrdersAdminRepository;
  /** Booking's read-only order reads (legs, passengers, price lines). */
  orders: Pick<OrdersRepository, 'segments' | 'passengers' | 'priceLines'>;
  zones: AirportZones;
  /** The ticket ledger (tickets' index). */
  tickets: {
    ofOrder(orderId: string): Promise<TicketView[]>;
    orderIdOf(ticketNo: string): Promise<string | null>;
  };
  /** The order's payments and refunds (payments' index, payable kind `order`). */
  money: {
    payments(orderNo: string): Promise<PaymentView[]>;
    refunds(orderNo: string): Promise<RefundView[]>;
  };
  audit: {
    record(entry: AuditRecord, executor: Tx): Promise<void>;
    page(filter: {
      targetType: string;
      targetId: string;
      page: number;
      pageSize: number;
    }): Promise<{ list: AuditEntry[]; total: number }>;
  };
  /** The order's seats (seating) and insurance policies (insurance), issue 14. */
  addons?: {
    seats(orderId: string): Promise<Array<{ seat: string; passengerRef: string; segmentRef: string }>>;
    policies?(orderId: string): Promise<PolicyView[]>;
  };
  /** The accounts that linked the order (issue 15, order-links). */
  linkedBy?(
    orderId: string,
  ): Promise<Array<{ userId: string; kind: 'order' | 'ticket'; ticketNo: string | null; linkedAt: Date }>>;
  /** Booking's own cancel (the traveller's and the expiry's path): seats and promo code use go back. */
  cancelUnpaid(
    orderId: string,
    actor: Actor,
    staff: StaffCancel,
  ): Promise<{ canceled: boolean; released: SeatHold[] }>;
}

/** The audit rows shown with an order: enough for its whole life. */
const AUDIT_ROWS = 200;
const HOUR = 3_600_000;

const money = (amount: number, currency: string) => ({ amount, currency }) as Money;

/**
 * Orders as airline staff see them (issue 13, staff console): search, the whole order with its
 * money, tickets and history, and cancelling an unpaid order. Reads payments and tickets through
 * their modules' indexes, never their tables.
 */
export class OrdersAdminService {
  constructor(private readonly deps: OrdersAdminDeps) {}

  /** Orders matching every filter given, newest first, a page at a time. */
  async search(q: AdminOrderSearch): Promise<AdminOrderPage> {
    const filter: OrderFilter = {
      ...(q.orderNo ? { orderNo: q.orderNo } : {}),
      ...(q.pnr ? { pnr: q.pnr } : {}),
      ...(q.surname ? { surname: q.surname } : {}),
      ...(q.email ? { email: q.email } : {}),
      ...(q.status !== undefined ? { status: q.status } : {}),
    };
    const narrow = (ids: string[]) => {
      filter.orderIds = filter.orderIds ? filter.orderIds.filter((id) => ids.includes(id)) : ids;
    };
    if (q.ticketNo) {
      const id = await this.deps.tickets.orderIdOf(q.ticketNo);
      narrow(id ? [id] : []);
    }
    if (q.flightNo) narrow(await this.ordersOnFlight(q.flightNo, q.flightDate));
    const { rows, total } = await this.deps.repo.search(filter, q.pageSize, (q.page - 1) * q.pageSize);
    const [segments, zones] = await Promise.all([
      this.deps.orders.segments(rows.map((r) => r.id)),
      this.deps.zones.zones(),
    ]);
    const zoneOf = (code: string) => zones.get(code) ?? this.deps.zones.hubZone;
    const list: AdminOrderRow[] = rows.map((r) => {
      const legs = segments.filter((s) => s.orderId === r.id);
      const first = legs[0];
      return {
        orderNo: r.orderNo,
        pnr: r.pnr,
        status: r.status as OrderStatus,
        ticketed: r.ticketed,
        route: legs.length === 0 ? [] : [legs[0]!.depCode, ...legs.map((s) => s.arrCode)],
        firstFlightNo: first?.flightNo ?? null,
        firstDeparture: first ? toLocalIso(first.depUtc, zoneOf(first.depCode)) : null,
        passengerCount: r.passengers,
        total: money(r.total, r.currency),
        createdAt: r.createdAt.toISOString(),
      };
    });
    return { list, total, page: q.page, pageSize: q.pageSize };
  }

  /**
   * The orders with a leg of this flight; with a date, only the leg departing that local day in
   * its airport's zone (any zone is within 14 hours of UTC, so a 2-day UTC window holds it).
   */
  private async ordersOnFlight(flightNo: string, day: string | undefined): Promise<string[]> {
    const from = day ? new Date(Date.parse(`${day}T00:00:00Z`) - 14 * HOUR) : new Date(0);
    const to = day ? new Date(Date.parse(`${day}T00:00:00Z`) + 38 * HOUR) : new Date(8.64e15);
    const legs = await this.deps.repo.flightLegs(flightNo, from, to);
    const zones = await this.deps.zones.zones();
    const ids = legs
      .filter((l) => !day || localDate(l.depUtc, zones.get(l.depCode) ?? this.deps.zones.hubZone) === day)
      .map((l) => l.orderId);
    return [...new Set(ids)];
  }

  /** The whole order as `staff` may see it (document numbers as their roles allow). */
  async detail(orderNo: string, staff: Pick<StaffCaller, 'roles'>): Promise<AdminOrderDetail> {
    const { deps } = this;
    const head = await deps.repo.head(orderNo);
    if (!head) throw new AppError('adminOrderNotFound');
    const [
      segments,
      passengers,
      lines,
      priceRows,
      events,
      tickets,
      payments,
      refunds,
      audit,
      zones,
      seats,
      policies,
      linkedBy,
    ] = await Promise.all([
      deps.orders.segments([head.id]),
      deps.orders.passengers(head.id),
      deps.repo.lines(head.id),
      deps.orders.priceLines([head.id]),
      deps.repo.events(head.id),
      deps.tickets.ofOrder(head.id),
      deps.money.payments(head.orderNo),
      deps.money.refunds(head.orderNo),
      deps.audit.page({ targetType: 'order', targetId: head.orderNo, page: 1, pageSize: AUDIT_ROWS }),
      deps.zones.zones(),
      deps.addons ? deps.addons.seats(head.id) : Promise.resolve([]),
      deps.addons?.policies ? deps.addons.policies(head.id) : Promise.resolve([]),
      deps.linkedBy ? deps.linkedBy(head.id) : Promise.resolve([]),
    ]);
    const zoneOf = (code: string) => zones.get(code) ?? deps.zones.hubZone;
    const seqOfPassenger = new Map(passengers.map((p) => [p.id, p.seq]));
    const seqOfSegment = new Map(segments.map((s) => [s.id, s.seq]));
    const wholeDocuments = staff.roles.some((r) => DOCUMENT_READERS.includes(r));
    const cur = head.currency;
    return {
      orderNo: head.orderNo,
      pnr: head.pnr,
      status: head.status as OrderStatus,
      createdAt: head.createdAt.toISOString(),
      payDeadline: head.payDeadline.toISOString(),
      ticketedAt: head.ticketedAt?.toISOString() ?? null,
      canceledAt: head.canceledAt?.toISOString() ?? null,
      language: head.language,
      userId: head.userId,
      contact: head.contact,
      passengers: passengers.map((p) => ({
        seq: p.seq,
        passengerType: p.passengerType,
        surname: p.surname,
        givenName: p.givenName,
        middleName: p.middleName,
        title: p.title,
        gender: p.gender,
        nationality: p.nationality,
        birthday: p.birthday,
        docType: p.docType,
        docNumber: wholeDocuments ? p.docNumber : maskDocument(p.docNumber),
        docMasked: !wholeDocuments,
        docExpiry: p.docExpiry,
        email: p.email,
        countryCode: p.countryCode,
        phone: p.phone,
      })),
      segments: segments.map((s) => ({
        seq: s.seq,
        flightNo: s.flightNo,
        depCode: s.depCode,
        arrCode: s.arrCode,
        depTime: toLocalIso(s.depUtc, zoneOf(s.depCode)),
        arrTime: toLocalIso(s.arrUtc, zoneOf(s.arrCode)),
        depZone: zoneOf(s.depCode),
        arrZone: zoneOf(s.arrCode),
        cabin: s.cabin,
        bookingClass: s.bookingClass,
        family: s.family,
        aircraft: s.aircraft,
      })),
      priceLines: lines.map((l) => ({
        kind: l.kind,
        code: l.code,
        passengerSeq: l.passengerId ? (seqOfPassenger.get(l.passengerId) ?? null) : null,
        legSeq: l.segmentId ? (seqOfSegment.get(l.segmentId) ?? null) : null,
        amount: money(l.amount, cur),
      })),
      price: withAddonLines(
        priceFromLines(
          cur,
          priceRows,
          head.promoCode,
          new Map(passengers.map((p) => [p.id, p.passengerType])),
        ),
        priceRows,
        { passengers, segments, seats },
      ),
      insurance: policies.flatMap(({ policy, plan, externalUrl }) => {
        const seq = seqOfPassenger.get(policy.passengerId);
        if (seq === undefined) return [];
        return [
          {
            passengerSeq: seq,
            insuranceType: plan?.code ?? '',
            planName: plan?.name ?? { zh: '', en: '', km: '' },
            status: policy.status,
            policyNo: policy.policyNo,
            provider: policy.provider,
            premium: money(policy.premiumAmount, policy.premiumCurrency),
            coverFrom: policy.coverFrom,
            coverTo: policy.coverTo,
            attempts: policy.attempts,
            lastError: policy.lastError,
            issuedAt: policy.issuedAt?.toISOString() ?? null,
            externalUrl,
          },
        ];
      }),
      payments: payments.map((p) => ({
        id: p.id,
        gateway: p.gateway,
        method: p.method,
        amount: money(p.amount, p.currency),
        status: p.status,
        gatewayReference: p.gatewayReference,
        createdAt: p.createdAt.toISOString(),
        paidAt: p.paidAt?.toISOString() ?? null,
        refundedTotal: money(p.refundedTotal, p.currency),
        events: p.events.map((e) => ({
          at: e.at.toISOString(),
          gatewayEventId: e.gatewayEventId,
          type: e.type,
          payload: e.payload,
        })),
      })),
      refunds: refunds.map((r): AdminRefund => {
        const about = events.filter((e) => e.data?.refundId === r.id);
        return {
          id: r.id,
          paymentId: r.paymentId,
          amount: money(r.amount, r.currency),
          status: r.status as AdminRefund['status'],
          reason: r.reason,
          reference: r.reference,
          requestedAt: r.requestedAt.toISOString(),
          refundedAt: r.refundedAt?.toISOString() ?? null,
          settledByHand: r.status === 'succeeded' && about.some((e) => e.type === 'refund_settled'),
          failures: about
            .filter((e) => e.type === 'refund_failed')
            .map((e) => ({ at: e.at.toISOString(), actor: e.actor })),
        };
      }),
      tickets: tickets.map((t) => ({
        ticketNo: t.ticketNo,
        passengerSeq: seqOfPassenger.get(t.passengerId) ?? null,
        journey: t.journey,
        status: t.status,
        reissuedFrom: t.reissuedFrom
          ? (tickets.find((x) => x.id === t.reissuedFrom)?.ticketNo ?? null)
          : null,
        coupons: t.coupons.map((c) => ({
          couponNo: c.couponNo,
          legSeq: seqOfSegment.get(c.segmentId) ?? null,
          usage: c.usage,
          status: c.status,
        })),
      })),
      events: events.map((e) => ({
        id: e.id,
        at: e.at.toISOString(),
        type: e.type,
        actor: e.actor,
        reason: e.reason,
        data: e.data,
      })),
      audit: audit.list,
      linkedBy: linkedBy.map((l) => ({ ...l, linkedAt: l.linkedAt.toISOString() })),
    };
  }

  /**
   * Cancels an unpaid order for a traveller (issue 13), through booking's own cancel: its payable
   * is closed, its seats and promo code use go back once, its `canceled` event names
   * `staff:<id>` with the reason, and the audit row commits in the same transaction. A paid,
   * ticketed or canceled order is refused with adminOrderNotCancelable.
   */
  async cancel(
    orderNo: string,
    staff: StaffCaller,
    reason: string,
  ): Promise<{
    status: OrderStatus;
    released: Array<{ flightId: string; bookingClass: string; seats: number }>;
  }> {
    const head = await this.deps.repo.head(orderNo);
    if (!head) throw new AppError('adminOrderNotFound');
    const refuse = (status: number, ticketed: boolean) =>
      new AppError('adminOrderNotCancelable', { data: { status, ticketed } });
    if (head.status !== OrderPayStatus.un_paid) throw refuse(head.status, head.ticketedAt !== null);
    const actor: Actor = { kind: 'staff', staffId: staff.id, roles: staff.roles };
    const who: AuditActor = { id: staff.id, email: staff.email };
    const { canceled, released } = await this.deps.cancelUnpaid(head.id, actor, {
      reason,
      within: (tx, seats) =>
        this.deps.audit.record(
          {
            actor: who,
            action: 'order.cancel',
            targetType: 'order',
            targetId: head.orderNo,
            before: { status: head.status },
            after: { status: OrderPayStatus.canceled, released: seats },
            reason,
            ip: staff.ip,
          },
          tx,
        ),
    });
    if (!canceled) {
      // Paid (or canceled) meanwhile, or the member's roles may not cancel.
      const now = await this.deps.repo.head(orderNo);
      throw refuse(now?.status ?? head.status, now?.ticketedAt != null);
    }
    return {
      status: OrderPayStatus.canceled,
      released: released.map((h) => ({ flightId: h.flightId, bookingClass: h.bookingClass, seats: h.seats })),
    };
  }
}
