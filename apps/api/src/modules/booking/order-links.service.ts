import {
  type BindAssociatedReply,
  type BindAssociatedRequest,
  LINKS_PER_KIND,
  type LinkedItem,
  type LinkedOrder,
  type LinkedTicket,
  type LinkOrderReply,
  type LinkOrderRequest,
  type LinkTicketReply,
  type LinkTicketRequest,
  type OrderLinksReply,
  type OrderSummary,
  type TicketMatch,
} from '@wings/contracts';
import { normaliseTicketNumber, passengerNameMatches, ticketNumberIssues } from '@wings/rules';
import { AppError } from '../../platform/errors';
import { LIVE_TICKET_STATUSES, type TicketsService, type TicketView } from '../tickets';
import type { LinkRow, OrderLinkByAccount, OrderLinksRepository } from './order-links.repository';
import type { OrderRow, OrdersRepository } from './orders.repository';

export interface OrderLinksServiceDeps {
  repo: OrderLinksRepository;
  /** Orders by PNR and number, their legs (booking's own reads). */
  orders: Pick<OrdersRepository, 'byPnr' | 'byOrderNo' | 'segments'>;
  /** Order list entries as the member's list shows them (OrdersService.summaries). */
  summaries(rows: OrderRow[]): Promise<OrderSummary[]>;
  /** The ticket ledger (tickets/): which order a ticket number is of, and an order's tickets. */
  tickets: Pick<TicketsService, 'orderIdOf' | 'ofOrder'>;
  /** The airline's 3-digit ticketing code (config TICKET_AIRLINE_CODE): ticket numbers start with it. */
  airlineCode: string;
}

/** A ticket found by its number and passenger name, with its order. */
interface FoundTicket {
  order: OrderRow;
  ticket: TicketView;
  passenger: { surname: string; givenName: string; type: number };
}

const LIVE: readonly number[] = LIVE_TICKET_STATUSES;
const nameOf = (p: { surname: string; givenName: string }) =>
  `${p.surname} ${p.givenName}`.trim().toUpperCase();

/**
 * Linked orders and tickets (after-sales §1, §5, issue 15). A traveller links an order by its PNR
 * and a passenger's surname, or a ticket by its number and its passenger's name; the order then
 * shows in their order list and they may refund or change it (`isOrderLinked`). Every read and
 * unlink is of the caller's own links only. Linking what is linked already answers the link
 * again (`created: false`); linking one's own order is refused (693).
 */
export class OrderLinksService {
  constructor(private readonly deps: OrderLinksServiceDeps) {}

  /** Links the order with this PNR that has a passenger of this surname (692 when none). */
  async linkOrder(userId: string, request: LinkOrderRequest): Promise<LinkOrderReply> {
    const { repo, orders } = this.deps;
    const order = await orders.byPnr(request.pnr);
    const passenger = order ? await repo.passengerBySurname(order.id, request.surname) : null;
    if (!order || !passenger) throw new AppError('linkNoOrder');
    if (order.userId === userId) throw new AppError('linkOwnOrder');
    const existing = await repo.orderLink(userId, order.id);
    if (!existing) await this.underLimit(userId, 'order');
    const { link, created } = existing
      ? { link: existing, created: false }
      : await repo.link(userId, {
          orderId: order.id,
          kind: 'order',
          ticketNo: null,
          passengerId: passenger.id,
        });
    const [linked] = await this.linkedOrders([link]);
    return { created, link: linked! };
  }

  /**
   * The tickets a number and name prove (relevance-list): at most one, since a number names one
   * ticket. 690 for a number not of the airline's format, 691 for no live ticket of that
   * number with a passenger of that name (unknown, refunded, voided, replaced: all alike).
   */
  async findTickets(userId: string, request: LinkTicketRequest): Promise<TicketMatch[]> {
    const found = await this.ticketOf(request);
    const link = await this.deps.repo.ticketLink(userId, found.ticket.ticketNo);
    const [segments] = await Promise.all([this.deps.orders.segments([found.order.id])]);
    const [summary] = await this.deps.summaries([found.order]);
    const view = ticketView(found, summary!, segments, link?.createdAt ?? null);
    return [{ ...view, ownOrder: found.order.userId === userId }];
  }

  /** Links a ticket proved by its number and passenger name (690, 691, 693 as findTickets and linkOrder). */
  async linkTicket(userId: string, request: LinkTicketRequest): Promise<LinkTicketReply> {
    const { repo } = this.deps;
    const found = await this.ticketOf(request);
    if (found.order.userId === userId) throw new AppError('linkOwnOrder');
    const existing = await repo.ticketLink(userId, found.ticket.ticketNo);
    if (!existing) await this.underLimit(userId, 'ticket');
    const { link, created } = existing
      ? { link: existing, created: false }
      : await repo.link(userId, {
          orderId: found.order.id,
          kind: 'ticket',
          ticketNo: found.ticket.ticketNo,
          passengerId: found.ticket.passengerId,
        });
    const [linked] = await this.linkedTickets([link]);
    return { created, link: linked! };
  }

  /** bindAssociatedInfo: an order by PNR + surname, or a ticket by number + name. */
  async bind(userId: string, request: BindAssociatedRequest): Promise<BindAssociatedReply> {
    return 'pnr' in request ? this.linkOrder(userId, request) : this.linkTicket(userId, request);
  }

  /** The caller's linked orders, newest link first. */
  async orderList(userId: string): Promise<LinkedOrder[]> {
    return this.linkedOrders(await this.deps.repo.linksOf(userId, 'order'));
  }

  /** The caller's linked tickets, newest link first, each as its ticket is now (refunded, changed...). */
  async ticketList(userId: string): Promise<LinkedTicket[]> {
    return this.linkedTickets(await this.deps.repo.linksOf(userId, 'ticket'));
  }

  /**
   * One of the caller's links by what it names: a 13-digit ticket number, else an order number.
   * 694 when the caller has no such link (someone else's link reads the same as none).
   */
  async item(userId: string, associatedNo: string): Promise<LinkedItem> {
    const { repo, orders } = this.deps;
    const ticketNo = normaliseTicketNumber(associatedNo);
    if (/^\d{13}$/.test(ticketNo)) {
      const link = await repo.ticketLink(userId, ticketNo);
      if (!link) throw new AppError('linkNotFound');
      return (await this.linkedTickets([link]))[0]!;
    }
    const order = await orders.byOrderNo(associatedNo);
    const link = order ? await repo.orderLink(userId, order.id) : null;
    if (!link) throw new AppError('linkNotFound');
    return (await this.linkedOrders([link]))[0]!;
  }

  /** Unlinks the caller's link to the order (by PNR); 0 when there was none. */
  unlinkOrder(userId: string, orderNo: string): Promise<number> {
    return this.deps.repo.unlinkOrder(userId, orderNo);
  }

  /** Unlinks the caller's link to the ticket; 0 when there was none. */
  unlinkTicket(userId: string, ticketNo: string): Promise<number> {
    return this.deps.repo.unlinkTicket(userId, normaliseTicketNumber(ticketNo));
  }

  /** cancelAssociatedInfo: a 13-digit ticket number unlinks the ticket, anything else the order. */
  unlink(userId: string, associatedNo: string): Promise<number> {
    const ticketNo = normaliseTicketNumber(associatedNo);
    return /^\d{13}$/.test(ticketNo)
      ? this.unlinkTicket(userId, ticketNo)
      : this.unlinkOrder(userId, associatedNo);
  }

  /** The caller's links to one order; an unknown order answers as one not linked. */
  async linksToOrder(userId: string, orderNo: string): Promise<OrderLinksReply> {
    const order = await this.deps.orders.byOrderNo(orderNo);
    const links = order ? await this.deps.repo.linksToOrder(userId, order.id) : [];
    return {
      orderNo,
      orderLinked: links.some((l) => l.kind === 'order'),
      tickets: links.flatMap((l) => (l.kind === 'ticket' && l.ticketNo ? [l.ticketNo] : [])),
    };
  }

  /** The accounts that linked the order (the staff order page, read-only). */
  accountsLinking(orderId: string): Promise<OrderLinkByAccount[]> {
    return this.deps.repo.accountsLinking(orderId);
  }

  /** 695 when the caller has as many links of the kind as an account may. */
  private async underLimit(userId: string, kind: 'order' | 'ticket'): Promise<void> {
    if ((await this.deps.repo.countOf(userId, kind)) >= LINKS_PER_KIND) {
      throw new AppError('linkLimit', { params: { max: LINKS_PER_KIND } });
    }
  }

  /** The live ticket of this number whose passenger has this name, or 690 / 691. */
  private async ticketOf(request: LinkTicketRequest): Promise<FoundTicket> {
    const { repo, tickets, airlineCode } = this.deps;
    if (ticketNumberIssues(request.ticketNo, airlineCode).length > 0) throw new AppError('linkTicketFormat');
    const ticketNo = normaliseTicketNumber(request.ticketNo);
    const orderId = await tickets.orderIdOf(ticketNo);
    const ticket = orderId
      ? (await tickets.ofOrder(orderId)).find((t) => t.ticketNo === ticketNo)
      : undefined;
    if (!orderId || !ticket || !LIVE.includes(ticket.status)) throw new AppError('linkTicketNotFound');
    const [order, names] = await Promise.all([
      repo.orderById(orderId),
      repo.passengerNames([ticket.passengerId]),
    ]);
    const passenger = names.get(ticket.passengerId);
    if (!order || !passenger || !passengerNameMatches(request.passengerName, passenger)) {
      throw new AppError('linkTicketNotFound');
    }
    return { order, ticket, passenger };
  }

  /** Order links as the lists show them, in the links' order. */
  private async linkedOrders(links: LinkRow[]): Promise<LinkedOrder[]> {
    const { repo } = this.deps;
    const rows = await repo.ordersByIds([...new Set(links.map((l) => l.orderId))]);
    const [summaries, names] = await Promise.all([
      this.deps.summaries(rows),
      repo.passengerNames(links.flatMap((l) => (l.passengerId ? [l.passengerId] : []))),
    ]);
    const byId = new Map(rows.map((r, i) => [r.id, summaries[i]!]));
    return links.flatMap((l) => {
      const s = byId.get(l.orderId);
      if (!s) return [];
      const p = l.passengerId ? names.get(l.passengerId) : undefined;
      return [
        {
          kind: 'order' as const,
          orderNo: s.orderNo,
          pnr: s.pnr,
          status: s.status,
          departureDate: s.departureDate,
          legs: s.legs,
          passengerCount: s.passengerCount,
          passengerName: p ? nameOf(p) : '',
          linkedAt: l.createdAt.toISOString(),
        },
      ];
    });
  }

  /** Ticket links as the lists show them, each ticket as the ledger has it now. */
  private async linkedTickets(links: LinkRow[]): Promise<LinkedTicket[]> {
    const { repo, orders, tickets } = this.deps;
    const orderIds = [...new Set(links.map((l) => l.orderId))];
    const [rows, segments, ticketLists, names] = await Promise.all([
      repo.ordersByIds(orderIds),
      orders.segments(orderIds),
      Promise.all(orderIds.map((id) => tickets.ofOrder(id))),
      repo.passengerNames(links.flatMap((l) => (l.passengerId ? [l.passengerId] : []))),
    ]);
    const summaries = await this.deps.summaries(rows);
    const rowOf = new Map(rows.map((r, i) => [r.id, { row: r, summary: summaries[i]! }]));
    const ticketOf = new Map(ticketLists.flat().map((t) => [t.ticketNo, t]));
    return links.flatMap((l) => {
      const o = rowOf.get(l.orderId);
      const ticket = l.ticketNo ? ticketOf.get(l.ticketNo) : undefined;
      const passenger = l.passengerId ? names.get(l.passengerId) : undefined;
      if (!o || !ticket || !passenger) return [];
      const own = segments.filter((s) => s.orderId === l.orderId);
      return [ticketView({ order: o.row, ticket, passenger }, o.summary, own, l.createdAt)];
    });
  }
}

/** A ticket as linked-ticket pages show it: its order's legs, the passenger, coupons by leg. */
function ticketView(
  found: FoundTicket,
  summary: OrderSummary,
  segments: ReadonlyArray<{ id: string; seq: number }>,
  linkedAt: Date | null,
): LinkedTicket {
  const seqOf = new Map(segments.map((s) => [s.id, s.seq]));
  return {
    kind: 'ticket',
    orderNo: summary.orderNo,
    pnr: summary.pnr,
    status: summary.status,
    departureDate: summary.departureDate,
    legs: summary.legs,
    ticketNo: found.ticket.ticketNo,
    ticketStatus: found.ticket.status,
    passengerName: nameOf(found.passenger),
    passengerType: found.passenger.type,
    coupons: found.ticket.coupons
      .filter((c) => seqOf.has(c.segmentId))
      .map((c) => ({ legSeq: seqOf.get(c.segmentId)!, couponNo: c.couponNo, usage: c.usage }))
      .sort((a, b) => a.legSeq - b.legSeq),
    linkedAt: linkedAt?.toISOString() ?? null,
  };
}
