import { and, asc, desc, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  changeOrderEvents,
  changeOrderLegs,
  changeOrderLines,
  changeOrderPassengers,
  changeOrders,
  disruptionChoices,
} from '../../db/schema/changes';
import type { Db, Executor, Tx } from '../../platform/db';
import { availabilityJoin, CABIN_SEATS_LEFT, INFANT_SEATS_LEFT, SEATS_LEFT } from '../inventory';

export type ChangeOrderRecord = typeof changeOrders.$inferSelect;
export type ChangeLegRecord = typeof changeOrderLegs.$inferSelect;
export type ChangeLineRecord = typeof changeOrderLines.$inferSelect;
export type ChangePassengerRecord = typeof changeOrderPassengers.$inferSelect;
export type ChangeEventRecord = typeof changeOrderEvents.$inferSelect;
export type NewChangeOrder = Omit<
  typeof changeOrders.$inferInsert,
  'id' | 'changeNo' | 'createdAt' | 'updatedAt' | 'status'
>;
export type NewChangeLeg = Omit<
  typeof changeOrderLegs.$inferInsert,
  'id' | 'changeOrderId' | 'createdAt' | 'updatedAt'
>;
export type NewChangeLine = Omit<
  typeof changeOrderLines.$inferInsert,
  'id' | 'changeOrderId' | 'createdAt' | 'updatedAt'
>;
export type NewChangePassenger = Omit<
  typeof changeOrderPassengers.$inferInsert,
  'id' | 'changeOrderId' | 'createdAt' | 'updatedAt'
>;

/** A change being made: quoted (holding seats) or confirmed and waiting for its payment. */
export const LIVE_STATUSES = ['quoted', 'unpaid'] as const;

/** What a traveller's records list: quotes never confirmed are their own unfinished screens. */
const TRAVELLER_LISTED = sql`${changeOrders.status} <> 'quoted' and not (${changeOrders.status} = 'expired' and ${changeOrders.confirmedAt} is null)`;

/** A step of a change order's history to write. */
export interface ChangeEventInput {
  type: string;
  actor: string;
  reason?: string | null;
  data?: Record<string, unknown> | null;
}

/** A booking class of a dated flight on the day a leg may move to, with its fare and seats left. */
export interface DayFlightClass {
  flightId: string;
  flightNo: string;
  depUtc: Date;
  arrUtc: Date;
  aircraft: string;
  status: string;
  bookingClass: string;
  family: string;
  cabin: string;
  nestOrder: number;
  adultAmount: number;
  /** Seats the class can still sell (its bucket and its cabin). */
  remaining: number;
  /** Seats its cabin can still sell, whatever the class. */
  cabinLeft: number;
  infantsLeft: number;
}

/** A dated flight as the quote reads it. */
export interface FlightFacts {
  flightId: string;
  routeCode: string;
  depLocalDate: string;
  depUtc: Date;
  status: string;
}

/** The only SQL of the changes module: change orders, their legs, lines, passengers, history, and choices. */
export class ChangesRepository {
  constructor(readonly db: Executor) {}

  transaction<T>(fn: (repo: ChangesRepository, tx: Tx) => Promise<T>): Promise<T> {
    return (this.db as Db).transaction((tx) => fn(new ChangesRepository(tx), tx));
  }

  /** `C` + the UTC date (yyyymmdd) + a 6-digit serial, like refund numbers. */
  async nextChangeNo(now: Date): Promise<string> {
    const r = await this.db.execute<{ n: string }>(sql`select nextval('change_order_serial_seq')::text as n`);
    const day = now.toISOString().slice(0, 10).replaceAll('-', '');
    return `C${day}${String(r.rows[0]?.n ?? '0').padStart(6, '0')}`;
  }

  /**
   * A new quoted change order with its legs, lines, passengers and `quoted` event. A unique
   * violation (another live change of the order, or its idempotency key taken meanwhile) is
   * thrown to the caller, whose transaction then rolls back.
   */
  async insertQuote(
    order: NewChangeOrder,
    parts: { legs: NewChangeLeg[]; lines: NewChangeLine[]; passengers: NewChangePassenger[] },
    event: ChangeEventInput,
    now: Date,
  ): Promise<ChangeOrderRecord> {
    const changeNo = await this.nextChangeNo(now);
    const [row] = await this.db
      .insert(changeOrders)
      .values({ ...order, changeNo, status: 'quoted', createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('change order not inserted');
    const stamp = { changeOrderId: row.id, createdAt: now, updatedAt: now };
    if (parts.legs.length > 0)
      await this.db.insert(changeOrderLegs).values(parts.legs.map((l) => ({ ...l, ...stamp })));
    if (parts.lines.length > 0)
      await this.db.insert(changeOrderLines).values(parts.lines.map((l) => ({ ...l, ...stamp })));
    if (parts.passengers.length > 0)
      await this.db.insert(changeOrderPassengers).values(parts.passengers.map((p) => ({ ...p, ...stamp })));
    await this.addEvent(row.id, event, now);
    return row;
  }

  async byKey(orderId: string, key: string): Promise<ChangeOrderRecord | null> {
    const [row] = await this.db
      .select()
      .from(changeOrders)
      .where(and(eq(changeOrders.orderId, orderId), eq(changeOrders.idempotencyKey, key)));
    return row ?? null;
  }

  /** A change order by number; `lock` takes its row for the transaction. */
  async byNo(changeNo: string, lock = false): Promise<ChangeOrderRecord | null> {
    const q = this.db.select().from(changeOrders).where(eq(changeOrders.changeNo, changeNo));
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  }

  async byId(id: string, lock = false): Promise<ChangeOrderRecord | null> {
    const q = this.db.select().from(changeOrders).where(eq(changeOrders.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  }

  async legsOf(changeOrderId: string): Promise<ChangeLegRecord[]> {
    return this.db
      .select()
      .from(changeOrderLegs)
      .where(eq(changeOrderLegs.changeOrderId, changeOrderId))
      .orderBy(asc(changeOrderLegs.segmentSeq));
  }

  async linesOf(changeOrderId: string): Promise<ChangeLineRecord[]> {
    return this.db
      .select()
      .from(changeOrderLines)
      .where(eq(changeOrderLines.changeOrderId, changeOrderId))
      .orderBy(asc(changeOrderLines.passengerSeq), asc(changeOrderLines.segmentSeq));
  }

  async passengersOf(changeOrderId: string): Promise<ChangePassengerRecord[]> {
    return this.db
      .select()
      .from(changeOrderPassengers)
      .where(eq(changeOrderPassengers.changeOrderId, changeOrderId))
      .orderBy(asc(changeOrderPassengers.passengerSeq));
  }

  async eventsOf(changeOrderId: string): Promise<ChangeEventRecord[]> {
    return this.db
      .select()
      .from(changeOrderEvents)
      .where(eq(changeOrderEvents.changeOrderId, changeOrderId))
      .orderBy(asc(changeOrderEvents.id));
  }

  async addEvent(changeOrderId: string, e: ChangeEventInput, now: Date): Promise<void> {
    await this.db.insert(changeOrderEvents).values({
      changeOrderId,
      type: e.type,
      actor: e.actor,
      reason: e.reason ?? null,
      data: e.data ?? null,
      createdAt: now,
    });
  }

  /**
   * Moves a change order from one of `from` to `to` with `set`, by a conditional UPDATE: the one
   * transaction that moves it wins. The row as moved, or null when it was in none of `from`.
   */
  async move(
    id: string,
    from: readonly string[],
    to: string,
    now: Date,
    set: Partial<typeof changeOrders.$inferInsert> = {},
  ): Promise<ChangeOrderRecord | null> {
    const [row] = await this.db
      .update(changeOrders)
      .set({ ...set, status: to, updatedAt: now })
      .where(and(eq(changeOrders.id, id), inArray(changeOrders.status, [...from])))
      .returning();
    return row ?? null;
  }

  async setNewTicket(changeOrderId: string, passengerId: string, ticketNo: string, now: Date): Promise<void> {
    await this.db
      .update(changeOrderPassengers)
      .set({ newTicketNo: ticketNo, updatedAt: now })
      .where(
        and(
          eq(changeOrderPassengers.changeOrderId, changeOrderId),
          eq(changeOrderPassengers.passengerId, passengerId),
        ),
      );
  }

  /** Every change order of an order, newest first (the disruption calls, order detail). */
  async ofOrderAll(orderId: string): Promise<ChangeOrderRecord[]> {
    return this.db
      .select()
      .from(changeOrders)
      .where(eq(changeOrders.orderId, orderId))
      .orderBy(desc(changeOrders.createdAt));
  }

  /** Whether a voluntary change of the order succeeded already (§4: once only). */
  async rescheduled(orderId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: changeOrders.id })
      .from(changeOrders)
      .where(
        and(
          eq(changeOrders.orderId, orderId),
          eq(changeOrders.status, 'succeeded'),
          eq(changeOrders.kind, 'voluntary'),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Live changes past their quote's or payment's time, for the sweep. */
  async lapsed(now: Date, limit: number): Promise<ChangeOrderRecord[]> {
    return this.db
      .select()
      .from(changeOrders)
      .where(
        or(
          and(eq(changeOrders.status, 'quoted'), lte(changeOrders.expiresAt, now)),
          and(eq(changeOrders.status, 'unpaid'), lte(changeOrders.payDeadline, now)),
        ),
      )
      .limit(limit);
  }

  /** A member's change orders: of their orders, or asked for by them (a linked order); newest first. */
  async ofMember(
    userId: string,
    page: { offset: number; limit: number },
  ): Promise<{ list: ChangeOrderRecord[]; total: number }> {
    return this.pageOf(
      or(eq(changeOrders.ownerUserId, userId), eq(changeOrders.requesterUserId, userId)),
      page,
    );
  }

  async ofOrder(
    orderId: string,
    page: { offset: number; limit: number },
  ): Promise<{ list: ChangeOrderRecord[]; total: number }> {
    return this.pageOf(eq(changeOrders.orderId, orderId), page);
  }

  private async pageOf(
    where: SQL | undefined,
    page: { offset: number; limit: number },
    listed: SQL | null = TRAVELLER_LISTED,
  ): Promise<{ list: ChangeOrderRecord[]; total: number }> {
    // Quotes never confirmed are the traveller's own unfinished screens: not listed.
    const all = and(where, listed ?? undefined);
    const [list, count] = await Promise.all([
      this.db
        .select()
        .from(changeOrders)
        .where(all)
        .orderBy(desc(changeOrders.createdAt), desc(changeOrders.changeNo))
        .offset(page.offset)
        .limit(page.limit),
      this.db.select({ n: sql<number>`count(*)::int` }).from(changeOrders).where(all),
    ]);
    return { list, total: Number(count[0]?.n ?? 0) };
  }

  /** The console's search: every change order, newest first. */
  async search(
    filter: { orderNo?: string | undefined; status?: string | undefined; kind?: string | undefined },
    page: { offset: number; limit: number },
  ): Promise<{ list: ChangeOrderRecord[]; total: number }> {
    const where: SQL[] = [];
    if (filter.orderNo) where.push(eq(changeOrders.orderNo, filter.orderNo));
    if (filter.status) where.push(eq(changeOrders.status, filter.status));
    if (filter.kind) where.push(eq(changeOrders.kind, filter.kind));
    // Staff see every change order, quotes included.
    return this.pageOf(where.length > 0 ? and(...where) : undefined, page, null);
  }

  async passengerCounts(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: changeOrderPassengers.changeOrderId, n: sql<number>`count(*)::int` })
      .from(changeOrderPassengers)
      .where(inArray(changeOrderPassengers.changeOrderId, [...ids]))
      .groupBy(changeOrderPassengers.changeOrderId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  /** A free move after the airline changed a flight: the order's choice about that flight. */
  async recordMoved(
    choice: { orderId: string; flightId: string; changeOrderId: string; actor: string },
    now: Date,
  ): Promise<void> {
    await this.db
      .insert(disruptionChoices)
      .values({
        orderId: choice.orderId,
        flightId: choice.flightId,
        choice: 'moved',
        changeOrderId: choice.changeOrderId,
        actor: choice.actor,
        chosenAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [disruptionChoices.orderId, disruptionChoices.flightId] });
  }

  /** A dated flight's route, local date and departure (null when unknown). */
  async flight(flightId: string): Promise<FlightFacts | null> {
    if (!/^\d{1,18}$/.test(flightId)) return null;
    const r = await this.db.execute<{
      route_code: string;
      dep_local_date: string;
      dep_utc: Date;
      status: string;
    }>(sql`
      select route_code, to_char(dep_local_date, 'YYYY-MM-DD') as dep_local_date, dep_utc, status
        from flights where id = ${flightId}::bigint`);
    const row = r.rows[0];
    return row
      ? {
          flightId,
          routeCode: row.route_code,
          depLocalDate: row.dep_local_date,
          depUtc: new Date(row.dep_utc),
          status: row.status,
        }
      : null;
  }

  /**
   * Every booking class of the scheduled flights of a route on a local date, with its adult fare
   * in `currency` and its nested availability (as flight search reads them, afresh: a change
   * reads seats as they are now).
   */
  async dayFlightClasses(routeCode: string, date: string, currency: string): Promise<DayFlightClass[]> {
    const r = await this.db.execute<{
      flight_id: string;
      flight_no: string;
      dep_utc: Date;
      arr_utc: Date;
      aircraft: string;
      status: string;
      booking_class: string;
      family: string;
      cabin: string;
      nest_order: number;
      adult_amount: number;
      remaining: number;
      cabin_left: number;
      infants_left: number;
    }>(sql`
      select f.id::text as flight_id, f.flight_no, f.dep_utc, f.arr_utc, at.name as aircraft, f.status,
             ci.booking_class, bc.family_code as family, bc.cabin, bc.nest_order, fa.adult_amount,
             ${sql.raw(SEATS_LEFT)} as remaining, ${sql.raw(CABIN_SEATS_LEFT)} as cabin_left,
             ${sql.raw(INFANT_SEATS_LEFT)} as infants_left
        from flights f
        join aircraft_types at on at.code = f.aircraft_code
        ${availabilityJoin('f')}
        join booking_classes bc on bc.letter = ci.booking_class
        join fares fa on fa.route_code = f.route_code and fa.booking_class = ci.booking_class
                     and fa.currency = ${currency}
                     and fa.valid_from <= f.dep_local_date
                     and (fa.valid_to is null or fa.valid_to >= f.dep_local_date)
       where f.route_code = ${routeCode} and f.dep_local_date = ${date}::date and f.status = 'scheduled'
       order by f.dep_utc, f.flight_no, bc.cabin, fa.adult_amount, bc.nest_order desc`);
    return r.rows.map((x) => ({
      flightId: x.flight_id,
      flightNo: x.flight_no,
      depUtc: new Date(x.dep_utc),
      arrUtc: new Date(x.arr_utc),
      aircraft: x.aircraft,
      status: x.status,
      bookingClass: x.booking_class,
      family: x.family,
      cabin: x.cabin,
      nestOrder: Number(x.nest_order),
      adultAmount: Number(x.adult_amount),
      remaining: Number(x.remaining),
      cabinLeft: Number(x.cabin_left),
      infantsLeft: Number(x.infants_left),
    }));
  }
}
