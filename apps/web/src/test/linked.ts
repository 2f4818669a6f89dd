import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { LinkedItem, LinkedOrder, LinkedTicket, TicketMatch } from '@wings/contracts';
import { expect } from 'vitest';
import { type FakeCall, installFakeApi, ok } from './fake-api';
import { makeOrderSummary, ORDER_NO } from './orders';

/** Linked orders and tickets (issue 15) as the API answers them. */
export const TICKET_NO = '8812345678901';
export const LINKED_PATH = {
  orders: '/api/travelsky/user/memberrelateorder/getOrderList',
  insert: '/api/travelsky/user/memberrelateorder/insert',
  unlinkOrder: '/api/travelsky/user/memberrelateorder/deleteByUserIdAndOrderNo',
  tickets: '/api/ca/caweb/backend/associatedTicket/queryAssociatedTicket',
  find: '/api/ca/caweb/backend/associatedTicket/queryAssociatedTicketByTiktNoAndName',
  bindTicket: '/api/ca/caweb/backend/associatedTicket/bindAssociatedTicket',
  unlinkTicket: '/api/ca/caweb/backend/associatedTicket/cancelAssociatedTicket',
  item: '/api/ca/caweb/backend/associate/queryAssociatedInfoByAssociatedNo',
} as const;

/** The KTI⇄BKK order of test/orders.ts, paid, linked by SOK DARA's surname. */
export function makeLinkedOrder(patch: Partial<LinkedOrder> = {}): LinkedOrder {
  const { orderNo, pnr, departureDate, legs, passengerCount } = makeOrderSummary();
  return {
    kind: 'order',
    orderNo,
    pnr,
    status: 1,
    departureDate,
    legs,
    passengerCount,
    passengerName: 'SOK DARA',
    linkedAt: '2026-11-24T03:00:00.000Z',
    ...patch,
  };
}

/** SOK DARA's issued ticket on that order, the outbound unused, linked. */
export function makeLinkedTicket(patch: Partial<LinkedTicket> = {}): LinkedTicket {
  const { pnr, departureDate, legs } = makeOrderSummary();
  return {
    kind: 'ticket',
    orderNo: ORDER_NO,
    pnr,
    status: 1,
    departureDate,
    legs,
    ticketNo: TICKET_NO,
    ticketStatus: 0,
    passengerName: 'SOK DARA',
    passengerType: 1,
    coupons: [
      { legSeq: 0, couponNo: 1, usage: 10 },
      { legSeq: 1, couponNo: 2, usage: 10 },
    ],
    linkedAt: '2026-11-24T03:00:00.000Z',
    ...patch,
  };
}

/** The ticket as a search by number and name finds it, not linked yet. */
export function makeTicketMatch(patch: Partial<TicketMatch> = {}): TicketMatch {
  return { ...makeLinkedTicket({ linkedAt: null }), ownOrder: false, ...patch };
}

/** A refusal envelope of the catalogue (690-695). */
export const refused = (code: string, message: string) => ({ body: { code, message, data: null } });

/**
 * A linked detail page reading `item`: `open` renders it, then its unlink is confirmed in the
 * dialog. Resolves with the body of the call to `unlinkPath` once the list page (`list-page`) shows.
 */
export async function unlinkConfirmed(
  item: LinkedItem,
  unlinkPath: string,
  open: () => void,
): Promise<unknown> {
  const calls: FakeCall[] = installFakeApi((call) => {
    if (call.path === LINKED_PATH.item) return ok(item);
    if (call.path === unlinkPath) return ok({ removed: 1 });
    return undefined;
  });
  open();
  fireEvent.click(await screen.findByTestId('linked-unlink'));
  fireEvent.click(
    await screen.findByText('Unlink', { selector: '.adm-dialog-button *, .adm-dialog-button' }),
  );
  await screen.findByTestId('list-page');
  await waitFor(() => expect(calls.some((c) => c.path === unlinkPath)).toBe(true));
  return calls.find((c) => c.path === unlinkPath)?.body;
}
