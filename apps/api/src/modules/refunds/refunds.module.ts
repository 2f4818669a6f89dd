import { PassengerType } from '@wings/contracts';
import fp from 'fastify-plugin';
import { SYSTEM } from '../../platform/access';
import type { Tx } from '../../platform/db';
import { defineModule, type ModuleOptions } from '../../platform/module';
import { isOrderLinked, recordTicketEvent, refundOrderFacts } from '../booking';
import { releasePassengerSeats } from '../inventory';
import { paymentsOf, refundOrderPart } from '../payments';
import type { Seating } from '../seating';
import { cancelTicketRefund, finishTicketRefund, startTicketRefund } from '../tickets';
import { createRefundMoneyListener, type RefundMoneyListener } from './refund-money';
import { refundsAdminRoutes } from './refunds.admin-routes';
import type { RefundsConfig } from './refunds.config';
import { registerRefundsJobs } from './refunds.jobs';
import { refundsRoutes } from './refunds.routes';
import { type RefundOrder, RefundsService } from './refunds.service';
import { RefundsAdmin } from './refunds-admin';

declare module 'fastify' {
  interface FastifyInstance {
    /** How refund orders learn their money is back: app.ts hands it to the payments module. */
    refundMoney: RefundMoneyListener;
    /** Online refunds: the traveller's calls, the staff audit, the follow-ups and their sweep. */
    refunds: RefundsService;
  }
}

/**
 * The refunds module, part one (issue 15): the listener payments is built with (app.ts registers
 * this before payments), which completes a refund order in payments' transaction when its money
 * is back. It needs nothing but the database each call hands it.
 */
export const refundsModule = defineModule<ModuleOptions<RefundsConfig>>('refunds', [], async (app) => {
  app.decorate('refundMoney', createRefundMoneyListener());
});

/**
 * Part two, after payments and the add-ons after ticketing (their services refund money): the
 * refunds service, its traveller calls (main layer, /travelsky/refund/), the console's queue
 * (staff layer, /api/admin/refunds) and the sweep. Decorates `app.refunds`.
 */
export const refundsCallsModule = fp<ModuleOptions<RefundsConfig>>(
  async (app, { platform, config }) => {
    const { db, now } = platform;
    const service = new RefundsService({
      db,
      now,
      zones: app.network,
      customerService: () => app.settings.customerService(),
      order: (executor, key) => refundOrderFacts(executor, key),
      isLinked: (userId, orderId) => isOrderLinked(db, userId, orderId),
      tickets: (orderId, executor) => app.tickets.currentByPassenger(orderId, executor),
      steps: {
        startTicket: startTicketRefund,
        finishTicket: finishTicketRefund,
        cancelTicket: cancelTicketRefund,
        ticketEvent: (tx, orderId, event, at) => recordTicketEvent(tx, orderId, event, at),
        releaseSeats: (tx, order, rows, at) => releaseSeats(app, tx, order, rows, at),
        payments: (tx, orderNo) => paymentsOf(tx, 'order', orderNo),
        refundPayment: (tx, part) => refundOrderPart(tx, part),
      },
      moneyDays: (gateway) => config.moneyDays[gateway] ?? config.moneyDaysDefault,
      followUps: {
        mailer: platform.mailer,
        jobs: platform.jobs,
        log: platform.log,
        refundAddons: async (ticket) => {
          await app.secondaryServices.refundTicketAddons(ticket, SYSTEM);
        },
      },
    });
    app.decorate('refunds', service);
    app.refundMoney.whenSettled((refundOrderId) => service.followUps.mailOwed(refundOrderId));
    await registerRefundsJobs(platform.jobs, service.followUps, platform.log);
    app.layers.add('main', refundsRoutes({ service, grantKeys: platform.keys.orderGrant, now }));
    app.layers.add(
      'staff',
      refundsAdminRoutes(new RefundsAdmin({ repo: service.repo, service, audit: platform.audit, now })),
    );
  },
  {
    name: 'refunds-calls',
    dependencies: [
      'layers',
      'refunds',
      'network',
      'settings',
      'tickets',
      'booking',
      'inventory',
      'seating',
      'payments',
      'secondary-services-calls',
    ],
    fastify: '5.x',
  },
);

/** Seats of refunded passengers back to inventory, and their seat assignments freed (seating). */
async function releaseSeats(
  app: { seating: Pick<Seating, 'releasePassengerSeats'> },
  tx: Tx,
  order: RefundOrder,
  rows: ReadonlyArray<{ passengerId: string; segmentId: string }>,
  now: Date,
): Promise<void> {
  const parts = new Map<string, { flightId: string; bookingClass: string; seats: number; infants: number }>();
  for (const r of rows) {
    const s = order.segments.find((x) => x.id === r.segmentId);
    if (!s) continue;
    const key = `${s.flightId}|${s.bookingClass}`;
    const part = parts.get(key) ?? {
      flightId: s.flightId,
      bookingClass: s.bookingClass,
      seats: 0,
      infants: 0,
    };
    // A lap infant (refunded when the airline changed the flight) takes no seat: its infant place goes back.
    const infant =
      order.passengers.find((p) => p.id === r.passengerId)?.passengerType === PassengerType.infant;
    if (infant) part.infants += 1;
    else part.seats += 1;
    parts.set(key, part);
  }
  await releasePassengerSeats(tx, order.id, [...parts.values()], now);
  // No seat is held under the refund's own reference: every live seat of these passengers is freed.
  await app.seating.releasePassengerSeats(
    tx,
    rows.map((r) => ({ passengerRef: r.passengerId, segmentRef: r.segmentId })),
    `refund:${order.id}`,
  );
}
