import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  changeOrderLegs,
  changeOrderPassengers,
  changeOrders,
  disruptionChoices,
} from '../../db/schema/changes';
import type { Executor } from '../../platform/db';

/** A traveller's recorded answer to a flight the airline changed (disruption_choices). */
export interface DisruptionChoiceRow {
  orderId: string;
  flightId: string;
  /** accepted | moved | refunded */
  choice: string;
  changeOrderId: string | null;
  refundNo: string | null;
  actor: string;
  chosenAt: Date;
}

/** A free move of a flight the airline changed: a succeeded change order of kind `disruption`. */
export interface DisruptionMove {
  changeOrderId: string;
  changeNo: string;
  orderId: string;
  disruptedFlightId: string | null;
  succeededAt: Date | null;
  legs: Array<{ segmentSeq: number; fromFlightId: string; toFlightNo: string; toDepUtc: Date }>;
  passengerIds: string[];
}

/**
 * Storage of what travellers chose about a flight the airline changed (issue 16): the
 * disruption_choices rows, and the free moves among the change orders. Every SQL of the
 * disruption service is here.
 */
export class DisruptionsRepository {
  constructor(private readonly db: Executor) {}

  /** The choices of an order, or of the orders on some flights. */
  async choices(key: { orderId: string } | { flightIds: readonly string[] }): Promise<DisruptionChoiceRow[]> {
    if ('flightIds' in key && key.flightIds.length === 0) return [];
    const where =
      'orderId' in key
        ? eq(disruptionChoices.orderId, key.orderId)
        : inArray(disruptionChoices.flightId, [...key.flightIds]);
    return this.db
      .select({
        orderId: disruptionChoices.orderId,
        flightId: disruptionChoices.flightId,
        choice: disruptionChoices.choice,
        changeOrderId: disruptionChoices.changeOrderId,
        refundNo: disruptionChoices.refundNo,
        actor: disruptionChoices.actor,
        chosenAt: disruptionChoices.chosenAt,
      })
      .from(disruptionChoices)
      .where(where);
  }

  /**
   * Records an answer unless the order answered for this flight already (the first stands);
   * whether this call recorded it. In the caller's transaction.
   */
  async insertChoice(
    row: Omit<DisruptionChoiceRow, 'changeOrderId' | 'refundNo'> & {
      changeOrderId?: string | null;
      refundNo?: string | null;
    },
  ): Promise<boolean> {
    const inserted = await this.db
      .insert(disruptionChoices)
      .values({
        orderId: row.orderId,
        flightId: row.flightId,
        choice: row.choice,
        changeOrderId: row.changeOrderId ?? null,
        refundNo: row.refundNo ?? null,
        actor: row.actor,
        chosenAt: row.chosenAt,
        createdAt: row.chosenAt,
        updatedAt: row.chosenAt,
      })
      .onConflictDoNothing()
      .returning({ id: disruptionChoices.id });
    return inserted.length > 0;
  }

  /** The succeeded free moves of these orders, oldest first, with their legs and passengers. */
  async moves(orderIds: readonly string[]): Promise<DisruptionMove[]> {
    if (orderIds.length === 0) return [];
    const orders = await this.db
      .select({
        id: changeOrders.id,
        changeNo: changeOrders.changeNo,
        orderId: changeOrders.orderId,
        disruptedFlightId: changeOrders.disruptedFlightId,
        succeededAt: changeOrders.succeededAt,
      })
      .from(changeOrders)
      .where(
        and(
          inArray(changeOrders.orderId, [...orderIds]),
          eq(changeOrders.kind, 'disruption'),
          eq(changeOrders.status, 'succeeded'),
        ),
      )
      .orderBy(asc(changeOrders.createdAt));
    if (orders.length === 0) return [];
    const ids = orders.map((o) => o.id);
    const [legs, passengers] = await Promise.all([
      this.db
        .select({
          changeOrderId: changeOrderLegs.changeOrderId,
          segmentSeq: changeOrderLegs.segmentSeq,
          fromFlightId: changeOrderLegs.fromFlightId,
          toFlightNo: changeOrderLegs.toFlightNo,
          toDepUtc: changeOrderLegs.toDepUtc,
        })
        .from(changeOrderLegs)
        .where(inArray(changeOrderLegs.changeOrderId, ids))
        .orderBy(asc(changeOrderLegs.segmentSeq)),
      this.db
        .select({
          changeOrderId: changeOrderPassengers.changeOrderId,
          passengerId: changeOrderPassengers.passengerId,
        })
        .from(changeOrderPassengers)
        .where(inArray(changeOrderPassengers.changeOrderId, ids)),
    ]);
    return orders.map((o) => ({
      changeOrderId: o.id,
      changeNo: o.changeNo,
      orderId: o.orderId,
      disruptedFlightId: o.disruptedFlightId,
      succeededAt: o.succeededAt,
      legs: legs
        .filter((l) => l.changeOrderId === o.id)
        .map((l) => ({
          segmentSeq: l.segmentSeq,
          fromFlightId: l.fromFlightId,
          toFlightNo: l.toFlightNo,
          toDepUtc: l.toDepUtc,
        })),
      passengerIds: passengers.filter((p) => p.changeOrderId === o.id).map((p) => p.passengerId),
    }));
  }
}
