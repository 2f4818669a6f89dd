import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/**
 * Which orders the airline's changes to dated flights touched, read back from the orders' history
 * (issue 16, modules/changes): the `flight_retimed` and `flight_canceled` events staff's change
 * wrote to every order on the flight at that moment. An order moved to another flight since is
 * still found here, though its segment is no longer on the changed flight.
 */

/** One change the airline made to one flight, as one order's history holds it. */
export interface OrderFlightChange {
  orderId: string;
  flightId: string;
  flightNo: string;
  kind: 'retimed' | 'canceled';
  /** The times before the change, and (a retime) after it. */
  before: { depUtc: Date; arrUtc: Date };
  after: { depUtc: Date; arrUtc: Date } | null;
  /** Staff's reason, as the e-mail told it. */
  reason: string | null;
  at: Date;
}

/** An order that was on a changed flight, with its passengers and the changes (oldest first). */
export interface OrderWithFlightChange {
  orderId: string;
  orderNo: string;
  /** OrderPayStatus now. */
  status: number;
  ticketed: boolean;
  flightId: string;
  passengers: Array<{ id: string; seq: number; name: string }>;
  changes: OrderFlightChange[];
}

type EventRow = {
  order_id: string;
  type: string;
  reason: string | null;
  data: Record<string, unknown> | null;
  created_at: Date | string;
};

function times(v: unknown): { depUtc: Date; arrUtc: Date } | null {
  if (!v || typeof v !== 'object') return null;
  const t = v as { depUtc?: unknown; arrUtc?: unknown };
  if (typeof t.depUtc !== 'string' || typeof t.arrUtc !== 'string') return null;
  return { depUtc: new Date(t.depUtc), arrUtc: new Date(t.arrUtc) };
}

function changeOf(row: EventRow): OrderFlightChange | null {
  const d = row.data ?? {};
  const before = times(d.before);
  if (typeof d.flightId !== 'string' || !before) return null;
  return {
    orderId: row.order_id,
    flightId: d.flightId,
    flightNo: typeof d.flightNo === 'string' ? d.flightNo : '',
    kind: row.type === 'flight_canceled' ? 'canceled' : 'retimed',
    before,
    after: row.type === 'flight_canceled' ? null : times(d.after),
    reason: row.reason,
    at: new Date(row.created_at),
  };
}

/**
 * Every order whose history holds a change of one of these flights (any status now; the caller
 * keeps the paid ones), with its passengers and those changes, oldest order first.
 */
export async function ordersWithFlightChange(
  db: Executor,
  flightIds: readonly string[],
): Promise<OrderWithFlightChange[]> {
  if (flightIds.length === 0) return [];
  const ids = sql.join(
    flightIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const events = await db.execute<EventRow>(sql`
    select e.order_id, e.type, e.reason, e.data, e.created_at
      from order_events e
     where e.type in ('flight_retimed', 'flight_canceled') and e.data->>'flightId' in (${ids})
     order by e.id`);
  const changes = events.rows.flatMap((row) => changeOf(row) ?? []);
  if (changes.length === 0) return [];
  const orderIds = [...new Set(changes.map((c) => c.orderId))];
  const oids = sql.join(
    orderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [orders, passengers] = await Promise.all([
    db.execute<{ id: string; order_no: string; status: number; ticketed: boolean }>(sql`
      select o.id, o.order_no, o.status, o.ticketed_at is not null as ticketed
        from orders o where o.id in (${oids}) order by o.created_at, o.id`),
    db.execute<{ order_id: string; id: string; seq: number; surname: string; given_name: string }>(sql`
      select p.order_id, p.id, p.seq, p.surname, p.given_name
        from order_passengers p where p.order_id in (${oids}) order by p.seq`),
  ]);
  const out: OrderWithFlightChange[] = [];
  for (const o of orders.rows) {
    const own = changes.filter((c) => c.orderId === o.id);
    const pax = passengers.rows
      .filter((p) => p.order_id === o.id)
      .map((p) => ({ id: p.id, seq: Number(p.seq), name: `${p.surname}/${p.given_name}` }));
    for (const flightId of [...new Set(own.map((c) => c.flightId))]) {
      out.push({
        orderId: o.id,
        orderNo: o.order_no,
        status: Number(o.status),
        ticketed: o.ticketed,
        flightId,
        passengers: pax,
        changes: own.filter((c) => c.flightId === flightId),
      });
    }
  }
  return out;
}
