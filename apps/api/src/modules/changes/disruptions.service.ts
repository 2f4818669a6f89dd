import {
  type AdminDisruptedFlight,
  type AdminDisruptedFlightDetail,
  type AdminDisruptedFlightPage,
  type AdminDisruptionSearch,
  CheckInStatus,
  type ChooseDisruptionRequest,
  type Disruption,
  type DisruptionChoice,
  type DisruptionResponse,
  OrderPayStatus,
  TicketStatus,
} from '@wings/contracts';
import { addDays, disruptionMoveDates, isDeparted, localDate } from '@wings/rules';
import { type Actor, actorLabel, orderView } from '../../platform/access';
import type { Db, Executor, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { AfterSalesOrderFacts, OrderHistoryEvent, OrderWithFlightChange } from '../booking';
import type { ChangedFlight } from '../network';
import type { RefundOrderRef } from '../refunds';
import {
  type DisruptionChoiceRow,
  type DisruptionMove,
  DisruptionsRepository,
} from './disruptions.repository';

/** A ticket as the disruption answers read it (tickets' TicketView). */
export interface DisruptionTicket {
  ticketNo: string;
  status: number;
  coupons: Array<{ usage: number; checkedInAt: Date | null }>;
}

/** What the disruption service reads and asks of other modules (ports filled by disruptions.routes.ts). */
export interface DisruptionsDeps {
  db: Db;
  now: () => Date;
  /** The hub's zone and each airport's (network). */
  zones: { readonly hubZone: string; zoneOf(code: string): Promise<string> };
  /** booking's afterSalesOrderFacts. */
  order(db: Executor, key: { orderNo: string }): Promise<AfterSalesOrderFacts | null>;
  /** booking's isOrderLinked: a member who linked the order answers for it as its owner. */
  isLinked(userId: string, orderId: string): Promise<boolean>;
  /** tickets' currentByPassenger. */
  tickets(orderId: string): Promise<Map<string, DisruptionTicket>>;
  /** refunds' refundOrdersOf. */
  refunds(db: Executor, orderId: string): Promise<RefundOrderRef[]>;
  /** booking's recordOrderHistory, in the caller's transaction. */
  history(tx: Tx, orderId: string, event: OrderHistoryEvent, now: Date): Promise<void>;
  /** booking's ordersWithFlightChange. */
  ordersWithFlightChange(db: Executor, flightIds: readonly string[]): Promise<OrderWithFlightChange[]>;
  /** network's changedFlights and changedFlight. */
  changedFlights(
    db: Executor,
    query: { fromDate: string; limit: number; offset: number },
  ): Promise<{ list: ChangedFlight[]; total: number }>;
  changedFlight(db: Executor, flightId: string): Promise<ChangedFlight | null>;
}

/** A refund that answers the airline's change: a flight reason, submitted and not turned down. */
const LIVE_REFUND = new Set(['auditing', 'refunding', 'refunded']);

/** One flight's changes as one order's history holds them, oldest first. */
type FlightChanges = AfterSalesOrderFacts['flightChanges'];

/**
 * What travellers may do when the airline retimes or cancels their flight (issue 16): the banner
 * of ticket detail (queryDisruption), accepting a retimed flight (chooseDisruption), and the
 * console's disrupted flights with each passenger's answer. A free move is a change order of
 * kind `disruption` (the change service), a refund one with a flight reason (the refunds
 * module, which lifts its blocks for it); both are read back here. A traveller who does nothing
 * keeps the retimed flight.
 */
export class DisruptionsService {
  readonly repo: DisruptionsRepository;

  constructor(private readonly deps: DisruptionsDeps) {
    this.repo = new DisruptionsRepository(deps.db);
  }

  // ---- the traveller's calls

  /** queryDisruption: each leg of the order whose flight the airline changed, and what may be done. */
  async query(orderNo: string, actor: Actor): Promise<DisruptionResponse> {
    const order = await this.orderFor(orderNo, actor);
    return { orderNo: order.orderNo, disruptions: await this.disruptionsOf(order) };
  }

  /**
   * chooseDisruption: the traveller keeps the retimed flight. The first answer stands: a flight
   * accepted already answers as it is; 733 when the airline did not change this flight of the
   * order, or it can no longer be accepted (canceled, moved, refunded, departed).
   */
  async choose(req: ChooseDisruptionRequest, actor: Actor): Promise<DisruptionResponse> {
    const order = await this.orderFor(req.orderNo, actor);
    const found = (await this.disruptionsOf(order)).find((d) => d.flightId === req.flightId);
    if (!found) throw new AppError('changeNotDisrupted');
    if (found.choice === 'accepted') return this.query(req.orderNo, actor);
    if (!found.mayAccept) throw new AppError('changeNotDisrupted', { data: { choice: found.choice } });
    const now = this.deps.now();
    await this.deps.db.transaction(async (tx) => {
      const recorded = await new DisruptionsRepository(tx).insertChoice({
        orderId: order.id,
        flightId: found.flightId,
        choice: 'accepted',
        actor: actorLabel(actor),
        chosenAt: now,
      });
      if (!recorded) return;
      await this.deps.history(
        tx,
        order.id,
        {
          type: 'disruption_accepted',
          actor: actorLabel(actor),
          data: {
            flightId: found.flightId,
            flightNo: found.flightNo,
            depUtc: found.after?.depUtc ?? found.before.depUtc,
          },
        },
        now,
      );
    });
    return this.query(req.orderNo, actor);
  }

  /** The order when `actor` may answer for it (its owner, a member who linked it, a full grant); 710 otherwise. */
  private async orderFor(orderNo: string, actor: Actor): Promise<AfterSalesOrderFacts> {
    const order = await this.deps.order(this.deps.db, { orderNo });
    if (!order || !(await this.mayAnswer(actor, order))) throw new AppError('changeNotOwner');
    return order;
  }

  private async mayAnswer(actor: Actor, order: AfterSalesOrderFacts): Promise<boolean> {
    if (actor.kind === 'staff' || actor.kind === 'system') return false;
    if (orderView(actor, order) === 'full') return true;
    return actor.kind === 'traveller' && (await this.deps.isLinked(actor.userId, order.id));
  }

  /** The order's changed flights with the answer and what may still be done; none for an unpaid or unticketed order. */
  private async disruptionsOf(order: AfterSalesOrderFacts): Promise<Disruption[]> {
    if (order.status !== OrderPayStatus.paid || order.ticketedAt === null) return [];
    if (order.flightChanges.length === 0) return [];
    const now = this.deps.now();
    const [choices, moves, refunds, tickets] = await Promise.all([
      this.repo.choices({ orderId: order.id }),
      this.repo.moves([order.id]),
      this.deps.refunds(this.deps.db, order.id),
      this.deps.tickets(order.id),
    ]);
    const flightRefund = refunds.find((r) => r.reasonKind === 'flight' && LIVE_REFUND.has(r.status)) ?? null;
    const live = [...tickets.values()].filter((t) => t.status === TicketStatus.issued);
    const used = live.some((t) =>
      t.coupons.some((c) => c.usage === CheckInStatus.used || c.checkedInAt !== null),
    );
    const out: Disruption[] = [];
    for (const [flightId, changes] of byFlight(order.flightChanges)) {
      const first = changes[0]!;
      const last = changes[changes.length - 1]!;
      const kind = changes.some((c) => c.kind === 'canceled') ? 'canceled' : 'retimed';
      const after = kind === 'retimed' ? (last.after ?? null) : null;
      const move = moveOf(moves, flightId);
      const row = choices.find((c) => c.flightId === flightId) ?? null;
      const segment =
        order.segments.find((s) => s.flightId === flightId) ??
        order.segments.find(
          (s) => s.seq === move?.legs.find((l) => l.fromFlightId === flightId)?.segmentSeq,
        ) ??
        null;
      const answer = orderAnswer(row, move, moves, flightRefund);
      const open = answer.choice === 'pending' || answer.choice === 'accepted';
      const depCode = segment?.depCode ?? '';
      const zone = await this.deps.zones.zoneOf(depCode);
      const originalDate = localDate(first.before.depUtc, zone);
      const dates = disruptionMoveDates(originalDate, localDate(now, zone));
      const stillFlies = kind === 'retimed' && !isDeparted((after ?? first.before).depUtc, now);
      const mayAct = open && live.length > 0 && !used;
      out.push({
        segmentSeq: segment?.seq ?? 0,
        flightId,
        flightNo: first.flightNo || segment?.flightNo || '',
        depCode,
        arrCode: segment?.arrCode ?? '',
        kind,
        before: { depUtc: iso(first.before.depUtc), arrUtc: iso(first.before.arrUtc) },
        after: after ? { depUtc: iso(after.depUtc), arrUtc: iso(after.arrUtc) } : null,
        reason: last.reason,
        changedAt: iso(last.at),
        choice: answer.choice,
        chosenAt: answer.at ? iso(answer.at) : null,
        mayAccept: answer.choice === 'pending' && stillFlies && mayAct,
        mayMove: mayAct && dates.length > 0,
        mayRefund: mayAct,
        moveFrom: dates[0] ?? addDays(originalDate, -3),
        moveTo: dates[dates.length - 1] ?? addDays(originalDate, 3),
        changeNo: answer.changeNo,
        refundNo: answer.refundNo,
      });
    }
    return out.sort((a, b) => a.segmentSeq - b.segmentSeq || a.changedAt.localeCompare(b.changedAt));
  }

  // ---- the console

  /** The disrupted flights departing from `from` (default today in the hub), the latest changed first. */
  async flights(query: AdminDisruptionSearch): Promise<AdminDisruptedFlightPage> {
    const fromDate = query.from ?? localDate(this.deps.now(), this.deps.zones.hubZone);
    const page = await this.deps.changedFlights(this.deps.db, {
      fromDate,
      limit: query.pageSize,
      offset: (query.pageNum - 1) * query.pageSize,
    });
    const travellers = await this.travellersOf(page.list.map((f) => f.flightId));
    return {
      list: page.list.map((f) => summaryOf(f, travellers.get(f.flightId) ?? emptyFlight())),
      total: page.total,
    };
  }

  /** One disrupted flight with every passenger of a paid order on it when it changed; 4121 when it never changed. */
  async flight(flightId: string): Promise<AdminDisruptedFlightDetail> {
    const flight = await this.deps.changedFlight(this.deps.db, flightId);
    if (!flight) throw new AppError('adminDisruptionNotFound');
    const found = (await this.travellersOf([flight.flightId], true)).get(flight.flightId) ?? emptyFlight();
    return { ...summaryOf(flight, found), reason: found.reason, travellers: found.travellers };
  }

  /** Per flight: the passengers of its paid orders, each with their answer, the latest change and its reason. */
  private async travellersOf(
    flightIds: readonly string[],
    withTickets = false,
  ): Promise<Map<string, FlightTravellers>> {
    const out = new Map<string, FlightTravellers>();
    if (flightIds.length === 0) return out;
    const orders = (await this.deps.ordersWithFlightChange(this.deps.db, flightIds)).filter(
      (o) => o.status === OrderPayStatus.paid,
    );
    const orderIds = [...new Set(orders.map((o) => o.orderId))];
    const [choices, moves] = await Promise.all([this.repo.choices({ flightIds }), this.repo.moves(orderIds)]);
    const refunds = new Map<string, RefundOrderRef[]>();
    const tickets = new Map<string, Map<string, DisruptionTicket>>();
    for (const id of orderIds) {
      refunds.set(id, await this.deps.refunds(this.deps.db, id));
      if (withTickets) tickets.set(id, await this.deps.tickets(id));
    }
    for (const o of orders) {
      const entry = out.get(o.flightId) ?? emptyFlight();
      out.set(o.flightId, entry);
      const last = o.changes[o.changes.length - 1];
      if (last && (entry.changedAt === null || last.at > entry.changedAt)) {
        entry.changedAt = last.at;
        entry.reason = last.reason;
      }
      const row = choices.find((c) => c.orderId === o.orderId && c.flightId === o.flightId) ?? null;
      const ownMoves = moves.filter((m) => m.orderId === o.orderId);
      const move = moveOf(ownMoves, o.flightId);
      const flightRefunds = (refunds.get(o.orderId) ?? []).filter(
        (r) => r.reasonKind === 'flight' && LIVE_REFUND.has(r.status),
      );
      for (const p of o.passengers) {
        const refund = flightRefunds.find((r) => r.passengerIds.includes(p.id)) ?? null;
        const moved =
          move && (move.passengerIds.length === 0 || move.passengerIds.includes(p.id)) ? move : null;
        const byRow =
          row?.choice === 'moved'
            ? (ownMoves.find((m) => m.changeOrderId === row.changeOrderId) ?? null)
            : null;
        const leg = (moved ?? byRow)?.legs.find((l) => l.fromFlightId === o.flightId) ?? null;
        let choice: DisruptionChoice = 'pending';
        let at: Date | null = null;
        if (refund) {
          choice = 'refunded';
          at = refund.submittedAt ?? refund.createdAt;
        } else if (moved || row?.choice === 'moved') {
          choice = 'moved';
          at = row?.choice === 'moved' ? row.chosenAt : (moved?.succeededAt ?? null);
        } else if (row?.choice === 'refunded') {
          choice = 'refunded';
          at = row.chosenAt;
        } else if (row?.choice === 'accepted') {
          choice = 'accepted';
          at = row.chosenAt;
        }
        entry.counts[choice] += 1;
        entry.travellers.push({
          orderNo: o.orderNo,
          passengerSeq: p.seq,
          name: p.name,
          ticketNo: tickets.get(o.orderId)?.get(p.id)?.ticketNo ?? null,
          choice,
          chosenAt: at ? iso(at) : null,
          movedTo: choice === 'moved' && leg ? { flightNo: leg.toFlightNo, depUtc: iso(leg.toDepUtc) } : null,
          changeNo: choice === 'moved' ? ((moved ?? byRow)?.changeNo ?? null) : null,
          refundNo: choice === 'refunded' ? (refund?.refundNo ?? row?.refundNo ?? null) : null,
        });
      }
    }
    return out;
  }
}

/** A flight's travellers and their answers, gathered for the console. */
interface FlightTravellers {
  changedAt: Date | null;
  reason: string | null;
  counts: Record<DisruptionChoice, number>;
  travellers: AdminDisruptedFlightDetail['travellers'];
}

function emptyFlight(): FlightTravellers {
  return {
    changedAt: null,
    reason: null,
    counts: { pending: 0, accepted: 0, moved: 0, refunded: 0 },
    travellers: [],
  };
}

function summaryOf(f: ChangedFlight, found: FlightTravellers): AdminDisruptedFlight {
  const canceled = f.status === 'cancelled';
  return {
    flightId: f.flightId,
    flightNo: f.flightNo,
    depCode: f.origin,
    arrCode: f.destination,
    kind: canceled ? 'canceled' : 'retimed',
    before: { depUtc: iso(f.originalDepUtc), arrUtc: iso(f.originalArrUtc) },
    after: canceled ? null : { depUtc: iso(f.depUtc), arrUtc: iso(f.arrUtc) },
    changedAt: iso(found.changedAt ?? f.updatedAt),
    passengers: found.travellers.length,
    choices: found.counts,
  };
}

/** An order's flight changes grouped by flight, in the order the flights first changed. */
function byFlight(changes: FlightChanges): Map<string, FlightChanges> {
  const out = new Map<string, FlightChanges>();
  for (const c of [...changes].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const list = out.get(c.flightId) ?? [];
    list.push(c);
    out.set(c.flightId, list);
  }
  return out;
}

/** The free move away from a flight: its change order names the flight, or one of its legs left it. */
function moveOf(moves: readonly DisruptionMove[], flightId: string): DisruptionMove | null {
  return (
    moves.find((m) => m.disruptedFlightId === flightId) ??
    moves.find((m) => m.legs.some((l) => l.fromFlightId === flightId)) ??
    null
  );
}

/**
 * The order's answer about one flight: moved (a free move, or its row), refunded (a flight-reason
 * refund of the order, submitted and not turned down), accepted (its row), else pending.
 */
function orderAnswer(
  row: DisruptionChoiceRow | null,
  move: DisruptionMove | null,
  moves: readonly DisruptionMove[],
  refund: RefundOrderRef | null,
): { choice: DisruptionChoice; at: Date | null; changeNo: string | null; refundNo: string | null } {
  if (move || row?.choice === 'moved') {
    const m = move ?? moves.find((x) => x.changeOrderId === row?.changeOrderId) ?? null;
    return {
      choice: 'moved',
      at: row?.choice === 'moved' ? row.chosenAt : (m?.succeededAt ?? null),
      changeNo: m?.changeNo ?? null,
      refundNo: null,
    };
  }
  if (refund) {
    return {
      choice: 'refunded',
      at: refund.submittedAt ?? refund.createdAt,
      changeNo: null,
      refundNo: refund.refundNo,
    };
  }
  if (row?.choice === 'refunded') {
    return { choice: 'refunded', at: row.chosenAt, changeNo: null, refundNo: row.refundNo };
  }
  if (row?.choice === 'accepted')
    return { choice: 'accepted', at: row.chosenAt, changeNo: null, refundNo: null };
  return { choice: 'pending', at: null, changeNo: null, refundNo: null };
}

function iso(d: Date): string {
  return d.toISOString();
}
