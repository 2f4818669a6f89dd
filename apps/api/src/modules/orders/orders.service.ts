import type {
  MemberOrderList,
  MemberOrderListRequest,
  OrderDetail,
  OrderLeg,
  OrderLookupRequest,
  OrderLookupResponse,
  OrderPrice,
  OrderRefund,
  OrderStatus,
  OrderSummary,
} from '@wings/contracts';
import { localDate, toLocalIso } from '@wings/rules';
import { AppError } from '../../platform/errors';
import type { AirportZones } from '../shopping/airport-zones';
import {
  type DetailCaller,
  mayActOnOrder,
  ORDER_GRANT_TTL_MS,
  orderGrantKey,
  signOrderGrant,
} from './order-grant';
import type { OrderRow, OrdersRepository, PassengerRow, PriceLineRow, SegmentRow } from './orders.repository';

export interface OrdersServiceDeps {
  repo: OrdersRepository;
  now: () => Date;
  appSecret: string;
  /** Airport time zones, from the network module. */
  zones: AirportZones;
}

export type { DetailCaller } from './order-grant';

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

/** A passenger as the traveller reads it: documents, e-mail and phone masked. */
function passengerOf(p: PassengerRow, ticket: OrderDetail['passengers'][number]['ticket']) {
  return {
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
    docNumber: maskDocument(p.docNumber),
    docExpiry: p.docExpiry,
    email: p.email ? maskEmail(p.email) : null,
    countryCode: p.countryCode,
    phone: p.phone ? maskPhone(p.phone) : null,
    ticket,
  };
}

/**
 * Reading orders (after-sales-and-loyalty.md §7, issue 5). Every refusal, whatever its reason
 * (unknown order, wrong document or surname, another user's order, a bad grant), is the same
 * CAS912, so nothing can be learnt by probing.
 */
export class OrdersService {
  private readonly grantKey: Buffer;

  constructor(private readonly deps: OrdersServiceDeps) {
    this.grantKey = orderGrantKey(deps.appSecret);
  }

  /** A guest finds an order and gets a 2-hour grant to read its detail. */
  async lookup(request: OrderLookupRequest): Promise<OrderLookupResponse> {
    const { repo } = this.deps;
    let order: OrderRow | null;
    if ('orderNo' in request) {
      order = await repo.byOrderNo(request.orderNo);
      if (order && !(await repo.hasDocument(order.id, request.docNumber))) order = null;
    } else {
      order = await repo.byPnr(request.pnr);
      if (order && !(await repo.hasSurname(order.id, request.surname))) order = null;
    }
    if (!order) throw new AppError('orderNotFound');
    const [summary] = await this.summaries([order]);
    const expiresAt = new Date(this.deps.now().getTime() + ORDER_GRANT_TTL_MS);
    return {
      ...summary!,
      accessToken: signOrderGrant(this.grantKey, order.orderNo, expiresAt),
      accessTokenExpiresAt: expiresAt.toISOString(),
    };
  }

  /**
   * The grant saveTicketOrder hands the one who just booked, so a guest back from the payment
   * gateway reads the order without a look-up. It lasts two hours past the pay deadline, and is
   * the same for the same order (a replayed saveTicketOrder answers the same grant).
   */
  bookingGrant(orderNo: string, payDeadline: Date): { orderToken: string; orderTokenExpiresAt: string } {
    const expiresAt = new Date(payDeadline.getTime() + ORDER_GRANT_TTL_MS);
    return {
      orderToken: signOrderGrant(this.grantKey, orderNo, expiresAt),
      orderTokenExpiresAt: expiresAt.toISOString(),
    };
  }

  /** The full order, for its logged-in owner or a guest with a grant for this order number. */
  async detail(orderNo: string, caller: DetailCaller): Promise<OrderDetail> {
    const { repo } = this.deps;
    const order = await repo.byOrderNo(orderNo);
    if (!order) throw new AppError('orderNotFound');
    if (!mayActOnOrder(this.grantKey, order, caller, this.deps.now())) throw new AppError('orderNotFound');
    const [[summary], contact, passengers, tickets, lines, refunds] = await Promise.all([
      this.summaries([order]),
      repo.contact(order.id),
      repo.passengers(order.id),
      repo.tickets(order.id),
      repo.priceLines([order.id]),
      repo.refunds(order.id),
    ]);
    const types = new Map(passengers.map((p) => [p.id, p.passengerType]));
    return {
      ...summary!,
      contact: {
        name: contact?.name ?? '',
        email: contact ? maskEmail(contact.email) : '',
        countryCode: contact?.countryCode ?? '',
        phone: contact ? maskPhone(contact.phone) : '',
      },
      passengers: passengers.map((p) => passengerOf(p, tickets.get(p.id) ?? null)),
      price: priceFromLines(order.currency, lines, order.promoCode, types),
      refunds: refunds.map((r) => ({
        amount: { amount: r.amount, currency: r.currency } as OrderRefund['amount'],
        status: r.status as OrderRefund['status'],
        reason: r.reason,
        requestedAt: r.requestedAt.toISOString(),
        refundedAt: r.refundedAt?.toISOString() ?? null,
      })),
    };
  }

  /** The user's own orders, newest first. */
  async memberOrders(userId: string, request: MemberOrderListRequest): Promise<MemberOrderList> {
    const { page, pageSize, status } = request;
    const { rows, total } = await this.deps.repo.pageOfUser(userId, status, pageSize, (page - 1) * pageSize);
    return { orders: await this.summaries(rows), total, page };
  }

  private async summaries(rows: OrderRow[]): Promise<OrderSummary[]> {
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
