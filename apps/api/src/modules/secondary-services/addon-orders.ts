import type { AddonOrderView } from '@wings/contracts';
import { sql } from 'drizzle-orm';
import { addonOrderEvents } from '../../db/schema/secondary-services';
import type { Actor } from '../../platform/access';
import type { Executor, Tx } from '../../platform/db';
import { type TicketedOrder, ticketedOrder } from '../booking';
import type { InsuranceService } from '../insurance';
import { closePayable } from '../payments';
import type { Seating } from '../seating';
import { type AddonOrderRecord, createAddonOrdersRepository } from './secondary-services.repository';

/**
 * The steps of an add-on order's life that other flows share (the traveller's calls, the
 * payment's settle, the expiry sweep, the refund with the ticket), each in the caller's
 * transaction and each exactly once: a status moves only by a conditional UPDATE, and its
 * history row is written with it.
 */

/** What the steps need of seating and insurance (their module indexes' services). */
export interface AddonSteps {
  seating: Pick<Seating, 'confirmSeats' | 'releaseSeats' | 'reholdSeats' | 'releasePassengerSeats'>;
  /** Travel insurance: a paid insurance add-on's policy is written pending and its purchase enqueued. */
  insurance: Pick<InsuranceService, 'planIdOf' | 'createPending' | 'enqueuePurchase'> | null;
  /** The airline's 3-digit ticketing code (TICKET_AIRLINE_CODE): EMD numbers start with it. */
  airlineCode: string;
}

/** Appends a row to the add-on order's history. */
export async function recordAddonEvent(
  tx: Executor,
  addonOrderId: string,
  e: { type: string; actor: string; reason?: string | null; data?: Record<string, unknown> },
  now: Date,
): Promise<void> {
  await tx.insert(addonOrderEvents).values({
    addonOrderId,
    type: e.type,
    actor: e.actor,
    reason: e.reason ?? null,
    data: e.data ?? null,
    createdAt: now,
  });
}

/** How an actor is named in the history. */
export function actorName(actor: Actor): string {
  switch (actor.kind) {
    case 'traveller':
      return `user:${actor.userId}`;
    case 'guest':
      return 'guest';
    case 'staff':
      return `staff:${actor.staffId}`;
    case 'system':
      return actor.name;
  }
}

/**
 * Delivers a paid add-on order, in the payment's transaction (or the one that made a free one):
 * its seat confirmed and the passenger's previous seat on that leg freed, one EMD number per
 * line, an insurance add-on's policy written pending with its purchase job. The caller has
 * moved it to paid; a second call numbers nothing again (assignEmds skips numbered lines).
 */
export async function deliverAddon(
  tx: Tx,
  steps: AddonSteps,
  rec: AddonOrderRecord,
  order: Pick<TicketedOrder, 'id'>,
  now: Date,
): Promise<{ emds: string[]; policyIds: string[] }> {
  const repo = createAddonOrdersRepository(tx);
  if (rec.serviceCode === 12) {
    await steps.seating.confirmSeats(tx, rec.id);
    // The new seat replaces the one the passenger had on that leg (the booking's or an earlier add-on's).
    const legs = rec.lines.flatMap((l) =>
      l.segmentId ? [{ passengerRef: rec.passengerId, segmentRef: l.segmentId }] : [],
    );
    await steps.seating.releasePassengerSeats(tx, legs, rec.id);
  }
  const emds = await repo.assignEmds(rec.id, steps.airlineCode, now);
  let policyIds: string[] = [];
  if (rec.serviceCode === 10 && rec.insurance && steps.insurance) {
    const ins = rec.insurance as {
      insuranceType: string;
      coverFrom: string;
      coverTo: string;
      insuredName: string;
      entry: Record<string, unknown>;
    };
    const planId = await steps.insurance.planIdOf(ins.insuranceType, rec.currency);
    if (planId === null)
      throw new Error(`add-on ${rec.secOrderNo}: insurance plan ${ins.insuranceType} unknown`);
    policyIds = await steps.insurance.createPending(tx, [
      {
        orderId: order.id,
        passengerId: rec.passengerId,
        planId,
        premiumAmount: rec.amount,
        premiumCurrency: rec.currency,
        coverFrom: ins.coverFrom,
        coverTo: ins.coverTo,
        insured: { insuredName: ins.insuredName, ...ins.entry },
      },
    ]);
    await steps.insurance.enqueuePurchase(tx, policyIds);
  }
  return { emds, policyIds };
}

/**
 * Closes an unpaid add-on order (the traveller abandoned its payment, its 15 minutes ran out, or
 * its passenger's ticket was refunded) in the caller's transaction: its payable first (lock order: payable, then the add-on), then the
 * order, its held seat freed. False when it was no longer unpaid (a payment won the race, or it
 * was closed already), and then nothing is changed.
 */
export async function closeAddon(
  tx: Tx,
  steps: Pick<AddonSteps, 'seating'>,
  secOrderNo: string,
  to: 'canceled' | 'expired',
  reason: 'abandoned' | 'expired' | 'ticket_refund',
  actor: string,
  now: Date,
): Promise<boolean> {
  await closePayable(tx, 'addon', secOrderNo, now);
  const repo = createAddonOrdersRepository(tx);
  const rec = await repo.bySecOrderNo(secOrderNo, true);
  if (rec?.status !== 'unpaid') return false;
  if (to === 'expired' && rec.payDeadline > now) return false;
  if (!(await repo.move(rec.id, ['unpaid'], to, now, reason))) return false;
  // The seat goes back with a reason a late payment may take it again with (seating REHOLDABLE),
  // unless its ticket was refunded: then nothing may be delivered for it any more.
  if (rec.serviceCode === 12)
    await steps.seating.releaseSeats(
      tx,
      rec.id,
      reason === 'ticket_refund' ? 'refunded' : to === 'expired' ? 'expired' : 'canceled',
    );
  await recordAddonEvent(tx, rec.id, { type: to, actor, reason }, now);
  return true;
}

/** The number of EMDs an add-on order holds (the pay status call's "delivered"). */
export async function emdCount(db: Executor, secOrderNo: string): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    select count(l.emd_no)::int as n from addon_order_lines l
      join addon_orders o on o.id = l.addon_order_id
     where o.sec_order_no = ${secOrderNo}`);
  return Number(r.rows[0]?.n ?? 0);
}

/** An add-on order as the traveller, order detail and the console see it. */
export function addonOrderView(rec: AddonOrderRecord, order: TicketedOrder): AddonOrderView {
  const p = order.passengers.find((x) => x.id === rec.passengerId);
  const money = (amount: number) => ({ amount, currency: rec.currency });
  return {
    secOrderNo: rec.secOrderNo,
    orderNo: order.orderNo,
    passengerSeq: p?.seq ?? -1,
    passengerName: p ? `${p.surname}/${p.givenName}` : '',
    serviceCode: rec.serviceCode,
    status: rec.status,
    totalAmt: money(rec.amount),
    payDeadline: rec.payDeadline.toISOString(),
    createdAt: rec.createdAt.toISOString(),
    paidAt: rec.paidAt?.toISOString() ?? null,
    closedAt: rec.closedAt?.toISOString() ?? null,
    lines: rec.lines.map((l) => {
      const s = order.segments.find((x) => x.id === l.segmentId);
      return {
        leg: s?.seq ?? null,
        flightNo: s?.flightNo ?? null,
        seat: l.seat,
        weightKg: l.weightKg,
        insuranceType: l.insuranceType,
        coverFrom: l.coverFrom,
        coverTo: l.coverTo,
        emdNo: l.emdNo,
        amount: money(l.amount),
      };
    }),
  };
}

/**
 * The paid and refunded add-on orders of an order, oldest first, each with its EMD numbers,
 * service, leg, seat / kilograms / plan and amount: what order detail and the itinerary list.
 */
export async function addonOrdersOfOrder(
  db: Executor,
  key: string | { orderNo: string },
): Promise<AddonOrderView[]> {
  const order = await ticketedOrder(db, typeof key === 'string' ? { id: key } : key);
  if (!order) return [];
  const addons = await createAddonOrdersRepository(db).ofOrder(order.id);
  return addons
    .filter((a) => a.status === 'paid' || a.status === 'refunded')
    .map((a) => addonOrderView(a, order));
}
