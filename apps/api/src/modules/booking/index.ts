import type { Db } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs/jobs';
import type { PurposeKeys } from '../../platform/secrets';
import type { Inventory } from '../inventory';
import type { AirportZones } from '../network';
import { closePayable, createPayable, type PayableOwner, paymentsOf, refundsOf } from '../payments';
import type { TicketsService } from '../tickets';
import { BookingRepository } from './booking.repository';
import {
  type AccountsPort,
  BookingService,
  type BookingServiceDeps,
  type PricingPort,
} from './booking.service';
import type { AddonPorts } from './booking-addons';
import { ExpiryQueue } from './expiry-queue';
import { isOrderLinked } from './order-links';
import { OrderLinksRepository } from './order-links.repository';
import { OrderLinksService } from './order-links.service';
import { createOrderPayableOwner } from './order-payable';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';
import { OrdersAdminRepository } from './orders-admin.repository';
import { type OrdersAdminDeps, OrdersAdminService } from './orders-admin.service';
import { createTicketing, type Ticketing } from './ticketing';
import { createTicketingOrders } from './ticketing-orders';

/**
 * Booking: the public face of the module (docs/architecture.md). It owns the order and its status
 * machine (order-lifecycle.ts): creating an order that holds its seats (inventory) and opens its
 * payable (payments), its expiry, its payment (the `order` payable owner), its ticketing
 * (ticketing.ts, through tickets), and reading it back (look-up, grants, detail, member list).
 */
export { bookingAdminRoutes, ORDER_CANCEL_ROLES, ORDER_READ_ROLES } from './booking.admin-routes';
export { registerBookingJobs } from './booking.jobs';
export { bookingRoutes } from './booking.routes';
export {
  type AccountsPort,
  BookingService,
  type Caller,
  type HoldLimits,
  holderOf,
  ORDER_EXPIRE_JOB,
  ORDER_EXPIRE_SWEEP_JOB,
  type PricingPort,
  type StaffCancel,
} from './booking.service';
export { bookingSettingsRoutes } from './booking-settings.routes';
/** The airline's changes to flights as the orders' history holds them (issue 16, modules/changes). */
export {
  type OrderFlightChange,
  type OrderWithFlightChange,
  ordersWithFlightChange,
} from './flight-change-orders';
/** A staff change to a dated flight: the orders' events, their segments' times, the travellers' e-mails. */
export {
  type FlightChange,
  flightChangeMails,
  flightOrderCounts,
  type OrderOnFlight,
  ordersOnFlight,
  recordFlightChange,
  unpaidOrdersAmong,
} from './flight-orders';
/** Legs and passengers of flown coupons, for the mileage programme (issue 18, modules/mileage). */
export { type LegFact, legFacts, type PassengerFact, passengerFacts } from './flown-leg-facts';
/** A change of date's steps in the change's transaction: its legs moved in place, its rows of the order's history (issue 16). */
export {
  type MovedLeg,
  moveOrderSegments,
  type OrderHistoryEvent,
  recordOrderHistory,
} from './order-changes';
/** Orders made today and this month (the staff dashboard). */
export { type OrderCounts, orderCounts } from './order-counts';
export {
  IllegalOrderTransition,
  isLegalTransition,
  markOrderTicketed,
  ORDER_TRANSITIONS,
  type OrderStatus,
  type OrderTransition,
  payLateOrder,
  payOrder,
} from './order-lifecycle';
export { isOrderLinked } from './order-links';
export { LINK_LOOKUP_LIMIT, LINK_TARGET_LIMIT, orderLinksRoutes } from './order-links.routes';
export { OrderLinksService } from './order-links.service';
export { ORDER_NO_PATTERN, PNR_PATTERN } from './order-numbers';
export { ORDER_DOCUMENT_LIMIT, ORDER_LOOKUP_LIMIT, ordersRoutes } from './orders.routes';
export { bookingGrant, OrdersService } from './orders.service';
export { DOCUMENT_READERS, OrdersAdminService, type StaffCaller } from './orders-admin.service';
/**
 * An order as the online refund and the change of date read it: passengers, legs with fare
 * families and times, price lines, the airline's flight changes (issues 15, 16).
 */
export {
  type AfterSalesOrderFacts,
  afterSalesOrderFacts,
  type RefundOrderFacts,
  refundOrderFacts,
} from './refund-facts';
/** A ticket's steps after issue in its order's history, and the legs on a flight (issue 15, modules/check-in). */
export { recordTicketEvent, segmentsOnFlight, type TicketEvent } from './ticket-events';
/** An order's passengers and legs as the add-ons bought after ticketing read them (issue 14, secondary-services). */
export {
  type TicketedOrder,
  type TicketedPassenger,
  type TicketedSegment,
  ticketedOrder,
} from './ticketed-passengers';
export {
  createTicketing,
  TICKETING_JOB,
  TICKETING_QUEUE,
  TICKETING_SWEEP_JOB,
  TICKETING_SWEEP_PAGE,
  Ticketing,
} from './ticketing';
export { createTicketingOrders, type TicketingOrders } from './ticketing-orders';

/** What the booking module is built from: the app's database and clock, and its collaborators. */
export interface BookingDeps {
  db: Db;
  now: () => Date;
  jobs: Pick<JobRunner, 'send' | 'wake' | 'sendMany'>;
  log: BookingServiceDeps['log'];
  /** Airport time zones (network). */
  zones: AirportZones;
  /** Offers, prices and promo code uses (pricing). */
  pricing: PricingPort;
  /** Seat counts and holds (inventory). */
  inventory: Inventory;
  /** Captchas and saved passengers (accounts). */
  accounts: AccountsPort;
  /** The ticket ledger (tickets): paid orders are ticketed through it, and the detail reads it. */
  tickets: Pick<TicketsService, 'issue' | 'count' | 'currentByPassenger' | 'ofOrder' | 'orderIdOf'>;
  /** The airline's 3-digit ticketing code (config TICKET_AIRLINE_CODE). */
  airlineCode: string;
  /** The order-grant keys (platform/secrets.ts). */
  grantKeys: PurposeKeys;
  /** Booking's settings (config): pay window, guest nationalities, hold limits. */
  settings: Pick<BookingServiceDeps, 'orderPayMinutes' | 'guestNationalities' | 'limits'>;
  /** The staff audit log (the console's order actions write their rows through it). */
  audit: OrdersAdminDeps['audit'];
  /** The add-on catalogue (addons) and seat assignments (seating): add-ons chosen in the booking (issue 14). */
  addons: AddonPorts;
}

/** The booking module's services. */
export interface Booking {
  /** Making orders and expiring them (saveTicketOrder, the expiry jobs). */
  service: BookingService;
  /** Reading orders (look-up, grants, detail, the member's list). */
  orders: OrdersService;
  /** The owner of payables of kind `order`, registered with payments. */
  payableOwner: PayableOwner;
  /** Ticketing paid orders (the ticketing job and sweep). */
  ticketing: Ticketing;
  /** Orders as staff see them: search, the order page, cancelling an unpaid order (the console). */
  admin: OrdersAdminService;
  /** New orders' expiry jobs, sent in batches; flushed when the app closes. */
  expiries: ExpiryQueue;
  /** Orders and tickets travellers linked to their accounts (issue 15). */
  links: OrderLinksService;
}

/** Builds the booking module's services by constructor injection. */
export function createBooking(deps: BookingDeps): Booking {
  const { db, now } = deps;
  const expiries = new ExpiryQueue({ jobs: deps.jobs, log: deps.log });
  const service = new BookingService({
    repo: new BookingRepository(db),
    zones: deps.zones,
    pricing: deps.pricing,
    inventory: deps.inventory,
    payables: { createPayable, closePayable },
    grantKeys: deps.grantKeys,
    accounts: deps.accounts,
    expiries,
    now,
    log: deps.log,
    ...deps.settings,
    addons: deps.addons,
  });
  const linksRepo = new OrderLinksRepository(db);
  const orders = new OrdersService({
    repo: new OrdersRepository(db),
    now,
    grantKeys: deps.grantKeys,
    zones: deps.zones,
    // A traveller who linked the order reads it as PNR + surname lets a guest read it (issue 15).
    linked: (userId, orderId) => isOrderLinked(db, userId, orderId),
    reads: {
      tickets: (orderId) => deps.tickets.currentByPassenger(orderId),
      refunds: (orderNo) => refundsOf(db, 'order', orderNo),
      seats: (orderId) => deps.addons.seating.seatsOfOrder(orderId),
      ...(deps.addons.insurance ? { policies: deps.addons.insurance.policyViews } : {}),
    },
  });
  const ticketing = createTicketing({
    db,
    tickets: deps.tickets,
    orders: createTicketingOrders(db),
    airlineCode: deps.airlineCode,
    jobs: deps.jobs,
    now,
    log: deps.log,
  });
  const payableOwner = createOrderPayableOwner({
    db,
    inventory: deps.inventory,
    pricing: deps.pricing,
    ticketing,
    tickets: { count: (orderId) => deps.tickets.count(orderId) },
    seating: deps.addons.seating,
    ...(deps.addons.insurance ? { insurance: deps.addons.insurance } : {}),
    log: deps.log,
  });
  const ordersRepo = new OrdersRepository(db);
  const admin = new OrdersAdminService({
    repo: new OrdersAdminRepository(db),
    orders: ordersRepo,
    zones: deps.zones,
    tickets: {
      ofOrder: (orderId) => deps.tickets.ofOrder(orderId),
      orderIdOf: (ticketNo) => deps.tickets.orderIdOf(ticketNo),
    },
    money: {
      payments: (orderNo) => paymentsOf(db, 'order', orderNo),
      refunds: (orderNo) => refundsOf(db, 'order', orderNo),
    },
    audit: deps.audit,
    addons: {
      seats: (orderId) => deps.addons.seating.seatsOfOrder(orderId),
      ...(deps.addons.insurance ? { policies: deps.addons.insurance.policyViews } : {}),
    },
    cancelUnpaid: (orderId, actor, staff) => service.cancelUnpaid(orderId, actor, staff),
    linkedBy: (orderId) => linksRepo.accountsLinking(orderId),
  });
  const links = new OrderLinksService({
    repo: linksRepo,
    orders: ordersRepo,
    summaries: (rows) => orders.summaries(rows),
    tickets: deps.tickets,
    airlineCode: deps.airlineCode,
  });
  return { service, orders, payableOwner, ticketing, expiries, admin, links };
}

/** The module's Fastify plugin (app.ts registers it; docs/decisions.md, issue 11). */
export { bookingModule } from './booking.module';
