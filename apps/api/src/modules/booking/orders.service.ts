import type {
  MemberOrderList,
  MemberOrderListRequest,
  OrderAccessUpgradeRequest,
  OrderDetail,
  OrderInsurance,
  OrderLeg,
  OrderLookupRequest,
  OrderLookupResponse,
  OrderPrice,
  OrderRefund,
  OrderStatus,
  OrderSummary,
} from '@wings/contracts';
import { couponCheckIn, localDate, toLocalIso } from '@wings/rules';
import { type Actor, orderView } from '../../platform/access';
import { AppError, invalid } from '../../platform/errors';
import { type GrantScope, ORDER_GRANT_TTL_MS, signOrderGrant } from '../../platform/order-grant';
import type { PurposeKeys } from '../../platform/secrets';
import type { InsuranceService } from '../insurance';
import type { AirportZones } from '../network';
import type { OrderRow, OrdersRepository, PassengerRow, PriceLineRow, SegmentRow } from './orders.repository';

/** A passenger's current ticket, with its coupons by the order segment they fly. */
export interface OrderTicket {
  ticketNo: string;
  status: number;
  coupons: Array<{
    segmentId: string;
    couponNo: number;
    usage: number;
    /** Online check-in (issue 15): when checked in, when the flight closed without them. */
    checkedInAt?: Date | null;
    noShowAt?: Date | null;
  }>;
}

/** A refund of one of the order's payments. */
export interface OrderRefundRow {
  amount: number;
  currency: string;
  status: string;
  reason: string;
  requestedAt: Date;
  refundedAt: Date | null;
}

/** What the order detail reads from the modules that keep tickets and money (their index functions). */
export interface OrderDetailPorts {
  /** Each passenger's current ticket by passenger id (tickets/). */
  tickets(orderId: string): Promise<Map<string, OrderTicket>>;
  /** The refunds of the order's payments, oldest first (payments/). */
  refunds(orderNo: string): Promise<OrderRefundRow[]>;
  /** The order's held or confirmed seats by passenger and segment id (seating/, issue 14). */
  seats?(orderId: string): Promise<Array<{ seat: string; passengerRef: string; segmentRef: string }>>;
  /** The order's travel-insurance policies with their plan and the insurer's page (insurance/, issue 14). */
  policies?(orderId: string): Promise<PolicyView[]>;
}

/** One policy as insurance answers it (InsuranceService.policyViews). */
export type PolicyView = Awaited<ReturnType<InsuranceService['policyViews']>>[number];

/**
 * The order's policies for insurance-detail (issue 14): the insured passenger by seq and name,
 * where the insured lives, and the beneficiary with the certificate number and phone masked.
 */
export function insuranceOf(
  views: readonly PolicyView[],
  passengers: ReadonlyArray<{ id: string; seq: number; surname: string; givenName: string }>,
): OrderInsurance[] {
  const byId = new Map(passengers.map((p) => [p.id, p]));
  return views.flatMap(({ policy, plan, cover, externalUrl }) => {
    const p = byId.get(policy.passengerId);
    if (!p) return [];
    const e = (policy.insured ?? {}) as Record<string, unknown>;
    const text = (k: string) => (typeof e[k] === 'string' ? (e[k] as string) : '');
    return [
      {
        passengerSeq: p.seq,
        passengerName: `${p.surname} ${p.givenName}`.trim(),
        insuranceType: plan?.code ?? '',
        planName: plan?.name ?? { zh: '', en: '', km: '' },
        coverage: plan?.coverage ?? [],
        status: policy.status,
        policyNo: policy.policyNo,
        externalUrl,
        premium: { amount: policy.premiumAmount, currency: policy.premiumCurrency },
        coverFrom: cover.coverFrom,
        coverTo: cover.coverTo,
        days: cover.days,
        latestCoverTo: cover.latestCoverTo,
        insured: {
          nationality: text('nationality'),
          region: text('region'),
          city: text('city'),
          address: text('address'),
          postalCode: text('postalCode'),
        },
        beneficiary: {
          name: text('name'),
          relationship: text('relationship'),
          credentialsType: typeof e.credentialsType === 'number' ? e.credentialsType : 0,
          credentialsId: maskDocument(text('credentialsId')),
          countryCode: text('countryCode'),
          contactNumber: maskPhone(text('contactNumber')),
          mailbox: text('mailbox') ? maskEmail(text('mailbox')) : null,
        },
      },
    ];
  });
}

export interface OrdersServiceDeps {
  repo: OrdersRepository;
  now: () => Date;
  /** The order-grant keys (platform/secrets.ts): grants are signed with the current one. */
  grantKeys: PurposeKeys;
  /** Airport time zones, from the network module. */
  zones: AirportZones;
  /** Tickets and refunds of an order, from their modules. */
  reads: OrderDetailPorts;
  /**
   * Whether the traveller linked the order to their account (issue 15, order-links.ts): they
   * read it as a limited grant (PNR + surname) lets a guest read it.
   */
  linked?(userId: string, orderId: string): Promise<boolean>;
}

/**
 * The grant saveTicketOrder hands the one who just booked, so a guest back from the payment
 * gateway reads the order without a look-up. It lasts two hours past the pay deadline, and is
 * the same for the same order (a replayed saveTicketOrder answers the same grant).
 */
export function bookingGrant(
  keys: PurposeKeys,
  orderNo: string,
  payDeadline: Date,
): { orderToken: string; orderTokenExpiresAt: string } {
  const expiresAt = new Date(payDeadline.getTime() + ORDER_GRANT_TTL_MS);
  return {
    orderToken: signOrderGrant(keys.current, orderNo, expiresAt, 'full'),
    orderTokenExpiresAt: expiresAt.toISOString(),
  };
}

/** Every part of the document number masked but the last four characters. */
export function maskDocument(doc: string): string {
  if (doc.length <= 4) return '*'.repeat(doc.length);
  return '*'.repeat(doc.length - 4) + doc.slice(-4);
}

/** An e-mail with its name hidden but the first character: d***@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** A phone number with four digits in the middle masked (spec §5); shorter numbers keep only the last one. */
export function maskPhone(phone: string): string {
  if (phone.length <= 4) return `${'*'.repeat(Math.max(0, phone.length - 1))}${phone.slice(-1)}`;
  const start = Math.floor((phone.length - 4) / 2);
  return `${phone.slice(0, start)}****${phone.slice(start + 4)}`;
}

/**
 * The order's price with each add-on line (issue 14): code, passenger seq, leg seq, and the
 * seat number of a seat line while the order holds it. Unchanged for an order without add-ons.
 */
export function withAddonLines(
  price: OrderPrice,
  lines: PriceLineRow[],
  of: {
    passengers: ReadonlyArray<{ id: string; seq: number }>;
    segments: ReadonlyArray<{ id: string; seq: number }>;
    seats: ReadonlyArray<{ seat: string; passengerRef: string; segmentRef: string }>;
  },
): OrderPrice {
  const addons = lines.filter((l) => l.kind === 'addon');
  if (addons.length === 0) return price;
  const seqOf = new Map(of.passengers.map((p) => [p.id, p.seq]));
  const legOf = new Map(of.segments.map((s) => [s.id, s.seq]));
  const seatOf = new Map(of.seats.map((s) => [`${s.passengerRef}/${s.segmentRef}`, s.seat]));
  const addonLines = addons
    .map((l) => {
      const seat = l.code === '12' ? seatOf.get(`${l.passengerId}/${l.segmentId}`) : undefined;
      const weightKg = l.code === '13' ? l.detail?.weightKg : undefined;
      const insuranceType = l.code === '10' ? l.detail?.insuranceType : undefined;
      return {
        code: l.code,
        passengerSeq: l.passengerId ? (seqOf.get(l.passengerId) ?? null) : null,
        leg: l.segmentId ? (legOf.get(l.segmentId) ?? null) : null,
        ...(seat ? { seat } : {}),
        ...(typeof weightKg === 'number' ? { weightKg } : {}),
        ...(typeof insuranceType === 'string' ? { insuranceType } : {}),
        amount: { amount: l.amount, currency: price.currency } as OrderPrice['total'],
      };
    })
    .sort(
      (a, b) =>
        (a.passengerSeq ?? -1) - (b.passengerSeq ?? -1) ||
        (a.leg ?? -1) - (b.leg ?? -1) ||
        a.code.localeCompare(b.code),
    );
  return { ...price, addonLines };
}

/**
 * The money of an order from its lines; the total is the sum of every line. Fares are also
 * summed per passenger type (`passengerTypes`: passenger id to type), with the passengers counted.
 */
export function priceFromLines(
  currency: string,
  lines: PriceLineRow[],
  promoCode: string | null,
  passengerTypes: ReadonlyMap<string, number> = new Map(),
): OrderPrice {
  const money = (amount: number) => ({ amount, currency }) as OrderPrice['total'];
  const sum = (kind: string) => lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amount, 0);
  const byCode = (kind: string) => {
    const out = new Map<string, number>();
    for (const l of lines) if (l.kind === kind) out.set(l.code, (out.get(l.code) ?? 0) + l.amount);
    return [...out]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, amount]) => ({ code, amount: money(amount) }));
  };
  const fareByType = new Map<number, number>();
  for (const l of lines) {
    if (l.kind !== 'fare') continue;
    const type = (l.passengerId && passengerTypes.get(l.passengerId)) || 0;
    fareByType.set(type, (fareByType.get(type) ?? 0) + l.amount);
  }
  const countOf = (type: number) => [...passengerTypes.values()].filter((t) => t === type).length;
  return {
    currency,
    fareTotal: money(sum('fare')),
    taxes: byCode('tax'),
    taxTotal: money(sum('tax')),
    fares: [...fareByType]
      .sort(([a], [b]) => a - b)
      .map(([passengerType, amount]) => ({
        passengerType,
        count: countOf(passengerType),
        amount: money(amount),
      })),
    discount: money(-sum('discount')),
    addons: byCode('addon'),
    addonTotal: money(sum('addon')),
    total: money(lines.reduce((s, l) => s + l.amount, 0)),
    promoCode,
  };
}

type Ticket = OrderDetail['passengers'][number]['ticket'];

/** Tickets by passenger id as the detail shows them: coupons name the leg (segment seq) they fly, in leg order. */
function ticketsOf(
  tickets: Map<string, OrderTicket>,
  segments: SegmentRow[],
): Map<string, NonNullable<Ticket>> {
  const seqOf = new Map(segments.map((s) => [s.id, s.seq]));
  const out = new Map<string, NonNullable<Ticket>>();
  for (const [passengerId, t] of tickets) {
    const coupons = t.coupons
      .filter((c) => seqOf.has(c.segmentId))
      .map((c) => ({
        legSeq: seqOf.get(c.segmentId)!,
        couponNo: c.couponNo,
        usage: c.usage,
        checkIn: couponCheckIn({
          usage: c.usage,
          checkedInAt: c.checkedInAt ?? null,
          noShowAt: c.noShowAt ?? null,
        }),
      }))
      .sort((a, b) => a.legSeq - b.legSeq);
    out.set(passengerId, { ticketNo: t.ticketNo, status: t.status, coupons } as NonNullable<Ticket>);
  }
  return out;
}

/**
 * A passenger in the limited view (a grant from PNR + surname, issue 9.16): the name on the
 * ticket and the ticket, nothing that identifies the person further.
 */
function limitedPassengerOf(p: PassengerRow, ticket: Ticket): OrderDetail['passengers'][number] {
  return {
    seq: p.seq,
    passengerType: p.passengerType,
    surname: p.surname,
    givenName: p.givenName,
    middleName: p.middleName,
    title: p.title,
    ticket,
  };
}

/** A passenger as the traveller reads it: documents, e-mail and phone masked. */
function passengerOf(p: PassengerRow, ticket: Ticket) {
  return {
    ...limitedPassengerOf(p, ticket),
    gender: p.gender,
    nationality: p.nationality,
    birthday: p.birthday,
    docType: p.docType,
    docNumber: maskDocument(p.docNumber),
    docExpiry: p.docExpiry,
    email: p.email ? maskEmail(p.email) : null,
    countryCode: p.countryCode,
    phone: p.phone ? maskPhone(p.phone) : null,
    memberCardNo: p.memberCardNo ?? null,
  };
}

/**
 * Reading orders (after-sales-and-loyalty.md §7, issue 5). Every refusal, whatever its reason
 * (unknown order, wrong document or surname, another user's order, a bad grant), is the same
 * CAS912, so nothing can be learnt by probing.
 */
export class OrdersService {
  constructor(private readonly deps: OrdersServiceDeps) {}

  /**
   * A guest finds an order and gets a 2-hour grant to read its detail: a full one for order
   * number + document number, a limited one for PNR + surname (both printed on boarding passes).
   */
  async lookup(request: OrderLookupRequest): Promise<OrderLookupResponse> {
    const { repo } = this.deps;
    let order: OrderRow | null;
    let scope: GrantScope;
    if ('orderNo' in request) {
      order = await repo.byOrderNo(request.orderNo);
      if (order && !(await repo.hasDocument(order.id, request.docNumber))) order = null;
      scope = 'full';
    } else {
      order = await repo.byPnr(request.pnr);
      if (order && !(await repo.hasSurname(order.id, request.surname))) order = null;
      scope = 'limited';
    }
    if (!order) throw new AppError('orderNotFound');
    return this.granted(order, scope);
  }

  /**
   * A limited grant (or any access) plus one passenger's document number gives a full grant.
   * No access answers CAS912 as for an unknown order; a document number no passenger carries is
   * a 400 naming `docNumber` (the caller already proved they know the order).
   */
  async upgrade(request: OrderAccessUpgradeRequest, actor: Actor): Promise<OrderLookupResponse> {
    const { repo } = this.deps;
    const order = await repo.byOrderNo(request.orderNo);
    if (!order || !(await this.viewOf(actor, order))) {
      throw new AppError('orderNotFound');
    }
    if (!(await repo.hasDocument(order.id, request.docNumber))) {
      throw invalid([{ field: 'docNumber', key: 'order_document_mismatch' }]);
    }
    return this.granted(order, 'full');
  }

  /**
   * How the actor may read the order (platform/access `orderView`); a traveller who linked it
   * (issue 15) reads the limited view, as the PNR + surname or ticket that proved the link would
   * let a guest, and may upgrade it with a passenger's document number.
   */
  private async viewOf(actor: Actor, order: OrderRow): Promise<GrantScope | null> {
    return (await this.accessOf(actor, order))?.view ?? null;
  }

  /**
   * The view and whether the reader linked the order (one read of the links at most): a link
   * gives the limited view and the right to refund or change the order (`mayManage`).
   */
  private async accessOf(
    actor: Actor,
    order: OrderRow,
  ): Promise<{ view: GrantScope; linked: boolean } | null> {
    const view = orderView(actor, order);
    const linked =
      view !== 'full' &&
      actor.kind === 'traveller' &&
      order.userId !== actor.userId &&
      this.deps.linked !== undefined &&
      (await this.deps.linked(actor.userId, order.id));
    const scope = view ?? (linked ? 'limited' : null);
    return scope ? { view: scope, linked } : null;
  }

  /** The order's summary with a new 2-hour grant of `scope`. */
  private async granted(order: OrderRow, scope: GrantScope): Promise<OrderLookupResponse> {
    const [summary] = await this.summaries([order]);
    const expiresAt = new Date(this.deps.now().getTime() + ORDER_GRANT_TTL_MS);
    return {
      ...summary!,
      accessToken: signOrderGrant(this.deps.grantKeys.current, order.orderNo, expiresAt, scope),
      accessTokenExpiresAt: expiresAt.toISOString(),
      accessScope: scope,
    };
  }

  /**
   * The order, for its logged-in owner or a guest with a grant for this order number: the full
   * view for the owner and a full grant, the limited view (no personal fields) for a limited one.
   */
  async detail(orderNo: string, actor: Actor): Promise<OrderDetail> {
    const { repo, reads } = this.deps;
    const order = await repo.byOrderNo(orderNo);
    if (!order) throw new AppError('orderNotFound');
    const access = await this.accessOf(actor, order);
    if (!access) throw new AppError('orderNotFound');
    const { view, linked } = access;
    const [[summary], contact, passengers, segments, ticketsByPassenger, lines, refunds, seats, policies] =
      await Promise.all([
        this.summaries([order]),
        repo.contact(order.id),
        repo.passengers(order.id),
        repo.segments([order.id]),
        reads.tickets(order.id),
        repo.priceLines([order.id]),
        reads.refunds(order.orderNo),
        reads.seats ? reads.seats(order.id) : Promise.resolve([]),
        view === 'full' && reads.policies ? reads.policies(order.id) : Promise.resolve([]),
      ]);
    const tickets = ticketsOf(ticketsByPassenger, segments);
    const types = new Map(passengers.map((p) => [p.id, p.passengerType]));
    const full = view === 'full';
    // The limited view comes from a link or a PNR + surname grant: only the link lets them manage it.
    const mayManage = full || linked;
    return {
      ...summary!,
      view,
      mayManage,
      contact: {
        name: contact?.name ?? '',
        // Masked in both views: the itinerary card says where the itinerary goes.
        email: contact ? maskEmail(contact.email) : '',
        ...(full
          ? { countryCode: contact?.countryCode ?? '', phone: contact ? maskPhone(contact.phone) : '' }
          : {}),
      },
      passengers: passengers.map((p) =>
        full ? passengerOf(p, tickets.get(p.id) ?? null) : limitedPassengerOf(p, tickets.get(p.id) ?? null),
      ),
      price: withAddonLines(priceFromLines(order.currency, lines, order.promoCode, types), lines, {
        passengers,
        segments,
        seats,
      }),
      refunds: refunds.map((r) => ({
        amount: { amount: r.amount, currency: r.currency } as OrderRefund['amount'],
        status: r.status as OrderRefund['status'],
        reason: r.reason,
        requestedAt: r.requestedAt.toISOString(),
        refundedAt: r.refundedAt?.toISOString() ?? null,
      })),
      ...(policies.length > 0 ? { insurance: insuranceOf(policies, passengers) } : {}),
    };
  }

  /**
   * The order's unmasked contact e-mail, its language (0 zh, 1 en, 2 km) and when it was
   * ticketed: what mailing its documents needs beyond the detail (the itinerary). Call it only
   * after the caller's access was checked (`detail`).
   */
  mailFacts(
    orderNo: string,
  ): Promise<{ contactEmail: string; language: number; ticketedAt: Date | null } | null> {
    return this.deps.repo.mailFacts(orderNo);
  }

  /**
   * The user's orders, newest first: their own and those they linked (issue 15), each linked one
   * marked `linked`.
   */
  async memberOrders(userId: string, request: MemberOrderListRequest): Promise<MemberOrderList> {
    const { page, pageSize, status } = request;
    const { rows, total } = await this.deps.repo.pageOfUser(userId, status, pageSize, (page - 1) * pageSize);
    const summaries = await this.summaries(rows);
    return { orders: summaries.map((s, i) => ({ ...s, linked: rows[i]!.userId !== userId })), total, page };
  }

  /** Orders as list entries (the member's list, look-ups, linked orders): legs in local time, the total of their lines. */
  async summaries(rows: OrderRow[]): Promise<OrderSummary[]> {
    const { repo } = this.deps;
    const ids = rows.map((o) => o.id);
    const [segments, counts, lines] = await Promise.all([
      repo.segments(ids),
      repo.passengerCounts(ids),
      repo.priceLines(ids),
    ]);
    const zones = await this.deps.zones.zones();
    const zoneOf = (code: string) => zones.get(code) ?? 'UTC';
    const leg = (s: SegmentRow): OrderLeg => ({
      seq: s.seq,
      flightNo: s.flightNo,
      depCode: s.depCode,
      arrCode: s.arrCode,
      depTime: toLocalIso(s.depUtc, zoneOf(s.depCode)),
      arrTime: toLocalIso(s.arrUtc, zoneOf(s.arrCode)),
      cabin: s.cabin,
      bookingClass: s.bookingClass,
      family: s.family,
      aircraft: s.aircraft,
    });
    return rows.map((o) => {
      const own = segments.filter((s) => s.orderId === o.id);
      const first = own[0];
      const total = lines.filter((l) => l.orderId === o.id).reduce((s, l) => s + l.amount, 0);
      return {
        orderNo: o.orderNo,
        pnr: o.pnr,
        status: o.status as OrderStatus,
        bookingTime: o.createdAt.toISOString(),
        payDeadline: o.payDeadline.toISOString(),
        currency: o.currency,
        departureDate: first ? localDate(first.depUtc, zoneOf(first.depCode)) : null,
        legs: own.map(leg),
        passengerCount: counts.get(o.id) ?? 0,
        total: { amount: total, currency: o.currency as OrderPrice['total']['currency'] },
      };
    });
  }
}
