import {
  CheckInStatus,
  type OrderDetail,
  type OrderPassenger,
  OrderPayStatus,
  type OrderSummary,
  TicketStatus,
} from '@wings/contracts';
import { DEP_DATE, RET_DATE, usd } from './booking';
import type { FakeCall } from './fake-api';
import { ok } from './fake-api';

export const ORDER_NO = 'W261201123456';
export const DETAIL_PATH = `/api/travelsky/ibe/getOrderDetail/${ORDER_NO}`;

/** A summary of a KTI⇄BKK return order in USD, unpaid for 20 more minutes. */
export function makeOrderSummary(patch: Partial<OrderSummary> = {}): OrderSummary {
  return {
    orderNo: ORDER_NO,
    pnr: 'KXP4TN',
    status: OrderPayStatus.un_paid,
    bookingTime: '2026-11-20T03:15:00.000Z',
    payDeadline: new Date(Date.now() + 20 * 60_000).toISOString(),
    currency: 'USD',
    departureDate: DEP_DATE,
    legs: [
      {
        seq: 0,
        flightNo: 'WA101',
        depCode: 'KTI',
        arrCode: 'BKK',
        depTime: `${DEP_DATE}T08:30:00+07:00`,
        arrTime: `${DEP_DATE}T09:55:00+07:00`,
        cabin: 'Y',
        bookingClass: 'T',
        family: 'Basic',
        aircraft: 'A320',
      },
      {
        seq: 1,
        flightNo: 'WA102',
        depCode: 'BKK',
        arrCode: 'KTI',
        depTime: `${RET_DATE}T18:00:00+07:00`,
        arrTime: `${RET_DATE}T19:25:00+07:00`,
        cabin: 'Y',
        bookingClass: 'T',
        family: 'Basic',
        aircraft: 'A320',
      },
    ],
    passengerCount: 2,
    total: usd(123456),
    ...patch,
  };
}

export function makePassenger(seq: number, patch: Partial<OrderPassenger> = {}): OrderPassenger {
  return {
    seq,
    passengerType: seq === 0 ? 1 : 2,
    surname: 'SOK',
    givenName: seq === 0 ? 'DARA' : 'MEALEA',
    middleName: null,
    title: seq === 0 ? 0 : 1,
    gender: 0,
    nationality: 'KH',
    birthday: seq === 0 ? '1990-04-12' : '2019-06-01',
    docType: 1,
    docNumber: '****4567',
    docExpiry: '2032-01-31',
    email: seq === 0 ? 'd***@example.com' : null,
    countryCode: seq === 0 ? '+855' : null,
    phone: seq === 0 ? '12****78' : null,
    ticket: null,
    ...patch,
  };
}

/** Two tickets with a coupon per leg: the first passenger has flown the outbound leg. */
export function ticketsIssued(order: OrderDetail): OrderDetail {
  return {
    ...order,
    status: OrderPayStatus.paid,
    passengers: order.passengers.map((p, i) => ({
      ...p,
      ticket: {
        ticketNo: `999100000000${i + 1}`,
        status: TicketStatus.issued,
        coupons: order.legs.map((leg) => ({
          legSeq: leg.seq,
          couponNo: leg.seq + 1,
          usage: i === 0 && leg.seq === 0 ? CheckInStatus.used : CheckInStatus.unused,
        })),
      },
    })),
  };
}

/**
 * The full order: an adult and a child, $1,400.00 of fares + $100.56 of taxes by code + a $25.00
 * add-on − a $291.00 promo discount = $1,234.56.
 */
export function makeOrderDetail(patch: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...makeOrderSummary(),
    view: 'full',
    mayManage: true,
    contact: { name: 'DARA SOK', email: 'd***@example.com', countryCode: '+855', phone: '12****78' },
    passengers: [makePassenger(0), makePassenger(1)],
    price: {
      currency: 'USD',
      fareTotal: usd(140000),
      fares: [
        { passengerType: 1, count: 1, amount: usd(80000) },
        { passengerType: 2, count: 1, amount: usd(60000) },
      ],
      taxes: [
        { code: 'KH', amount: usd(5000) },
        { code: 'TS', amount: usd(3056) },
        { code: 'YQ', amount: usd(2000) },
      ],
      taxTotal: usd(10056),
      addons: [{ code: '13', amount: usd(2500) }],
      addonTotal: usd(2500),
      discount: usd(29100),
      total: usd(123456),
      promoCode: 'WINGS10',
    },
    refunds: [],
    ...patch,
  };
}

/** Replies to getOrderDetail with `detail()` (asked on every call, so a test can change it). */
export function orderDetailHandler(detail: () => OrderDetail) {
  return (call: FakeCall) => (call.path === DETAIL_PATH ? ok(detail()) : undefined);
}

/** The order as a grant from PNR + surname reads it: names and tickets, no personal details. */
export function limitedOrderDetail(): OrderDetail {
  const full = ticketsIssued(makeOrderDetail());
  return {
    ...full,
    view: 'limited',
    mayManage: false,
    contact: { name: full.contact.name, email: full.contact.email },
    passengers: full.passengers.map(
      ({ seq, passengerType, surname, givenName, middleName, title, ticket }) => ({
        seq,
        passengerType,
        surname,
        givenName,
        middleName,
        title,
        ticket,
      }),
    ),
  };
}
