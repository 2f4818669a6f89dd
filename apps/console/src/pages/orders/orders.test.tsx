import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type AdminOrderDetail,
  type AdminOrderPage,
  type AdminRefund,
  type StaffRole,
  ZAdminAddonOrdersReply,
  ZAdminCancelOrderResponse,
  ZAdminOrderDetail,
  ZAdminOrderPage,
  ZAdminRefundActionResponse,
  ZAdminResendItineraryResponse,
} from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import { aMember, type FakeReply, fakeAdminApi, renderConsole } from '../../test/render';
import { texts } from './texts';

/** Fake replies parsed with the call's contract: a reply the API could not send fails the test. */
const reply = <T,>(schema: { parse(v: unknown): T }, data: unknown): FakeReply => ({
  data: schema.parse(data),
});

const ORDER_NO = 'W261124000001';

function aPage(): AdminOrderPage {
  return {
    list: [
      {
        orderNo: ORDER_NO,
        pnr: 'K7XQ2M',
        status: 1,
        ticketed: true,
        route: ['KTI', 'SIN'],
        firstFlightNo: 'WC1001',
        firstDeparture: '2026-12-22T08:30:00+07:00',
        passengerCount: 2,
        total: { amount: 45900, currency: 'USD' },
        createdAt: '2026-11-24T03:00:00.000Z',
      },
    ],
    total: 1,
    page: 1,
    pageSize: 20,
  };
}

function anOrder(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return ZAdminOrderDetail.parse({
    orderNo: ORDER_NO,
    pnr: 'K7XQ2M',
    status: 1,
    createdAt: '2026-11-24T03:00:00.000Z',
    payDeadline: '2026-11-24T03:20:00.000Z',
    ticketedAt: '2026-11-24T03:05:00.000Z',
    canceledAt: null,
    language: 1,
    userId: null,
    contact: { name: 'Chan Dara', email: 'dara@example.com', countryCode: '855', phone: '12345678' },
    passengers: [
      {
        seq: 0,
        passengerType: 1,
        surname: 'Chan',
        givenName: 'Dara',
        middleName: null,
        title: 0,
        gender: 0,
        nationality: 'KH',
        birthday: '1988-03-15',
        docType: 1,
        docNumber: 'N1234567',
        docMasked: false,
        docExpiry: '2030-01-01',
        email: null,
        countryCode: '855',
        phone: '12345678',
      },
    ],
    segments: [
      {
        seq: 0,
        flightNo: 'WC1001',
        depCode: 'KTI',
        arrCode: 'SIN',
        depTime: '2026-12-22T08:30:00+07:00',
        arrTime: '2026-12-22T11:40:00+08:00',
        depZone: 'Asia/Phnom_Penh',
        arrZone: 'Asia/Singapore',
        cabin: 'Y',
        bookingClass: 'M',
        family: 'Grand',
        aircraft: 'Airbus A320',
      },
    ],
    priceLines: [
      { kind: 'fare', code: 'M', passengerSeq: 0, legSeq: 0, amount: { amount: 40000, currency: 'USD' } },
      { kind: 'tax', code: 'KH', passengerSeq: 0, legSeq: null, amount: { amount: 5900, currency: 'USD' } },
    ],
    price: {
      currency: 'USD',
      fareTotal: { amount: 40000, currency: 'USD' },
      taxes: [{ code: 'KH', amount: { amount: 5900, currency: 'USD' } }],
      taxTotal: { amount: 5900, currency: 'USD' },
      fares: [{ passengerType: 1, count: 1, amount: { amount: 40000, currency: 'USD' } }],
      discount: { amount: 0, currency: 'USD' },
      addons: [],
      addonTotal: { amount: 0, currency: 'USD' },
      total: { amount: 45900, currency: 'USD' },
      promoCode: null,
    },
    payments: [
      {
        id: 'p-1',
        gateway: 'sandbox',
        method: 'card',
        amount: { amount: 45900, currency: 'USD' },
        status: 'succeeded',
        gatewayReference: 'sbx_p-1',
        createdAt: '2026-11-24T03:01:00.000Z',
        paidAt: '2026-11-24T03:02:00.000Z',
        refundedTotal: { amount: 0, currency: 'USD' },
        events: [
          {
            at: '2026-11-24T03:02:00.000Z',
            gatewayEventId: 'evt-1',
            type: 'succeeded',
            payload: { status: 'succeeded' },
          },
        ],
      },
    ],
    refunds: [],
    tickets: [
      {
        ticketNo: '8881000000001',
        passengerSeq: 0,
        journey: 1,
        status: 0,
        reissuedFrom: null,
        coupons: [{ couponNo: 1, legSeq: 0, usage: 10, status: 0 }],
      },
    ],
    events: [
      { id: '1', at: '2026-11-24T03:00:00.000Z', type: 'created', actor: 'guest', reason: null, data: null },
      {
        id: '2',
        at: '2026-11-24T03:02:00.000Z',
        type: 'paid',
        actor: 'gateway:sandbox',
        reason: null,
        data: { paymentId: 'p-1' },
      },
      {
        id: '3',
        at: '2026-11-24T03:05:00.000Z',
        type: 'ticketed',
        actor: 'system',
        reason: null,
        data: { tickets: 1 },
      },
    ],
    audit: [],
    insurance: [],
    linkedBy: [],
    ...overrides,
  });
}

const aFailedRefund: AdminRefund = {
  id: '9b0e6f56-3c7a-4e0f-9d1e-0a7c2b1f4e11',
  paymentId: 'p-1',
  amount: { amount: 45900, currency: 'USD' },
  status: 'failed',
  reason: 'staff',
  reference: null,
  requestedAt: '2026-11-24T04:00:00.000Z',
  refundedAt: null,
  settledByHand: false,
  failures: [{ at: '2026-11-24T04:01:00.000Z', actor: 'gateway:sandbox' }],
};

function signedIn(roles: StaffRole[], routes: Record<string, FakeReply>) {
  return fakeAdminApi({
    'GET /auth/me': { data: aMember(roles) },
    'GET /secondary-services/orders': { data: { orders: [] } },
    ...routes,
  });
}

describe('searching orders', () => {
  test('sends the filters of the address and of the form, and lists what is found', async () => {
    const calls = signedIn(['agent'], { 'GET /orders': reply(ZAdminOrderPage, aPage()) });
    renderConsole('/orders?pnr=k7xq2m');
    expect(await screen.findByRole('link', { name: ORDER_NO })).toBeTruthy();
    const first = calls.find((c) => c.path === '/orders')!;
    expect(first.query.get('pnr')).toBe('k7xq2m');
    expect(first.query.get('page')).toBe('1');
    expect(screen.getByText('KTI → SIN')).toBeTruthy();
    expect(screen.getByText('WC1001 · 2026-12-22 08:30 (UTC+07:00)')).toBeTruthy();
    expect(screen.getByText('US$459.00')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Passenger surname'), { target: { value: ' chan ' } });
    fireEvent.change(screen.getByLabelText('Flight number'), { target: { value: 'WC1001' } });
    fireEvent.change(screen.getByLabelText('Departure date (local)'), { target: { value: '2026-12-22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/orders').at(-1)!;
      expect(last.query.get('surname')).toBe('chan');
      expect(last.query.get('flightNo')).toBe('WC1001');
      expect(last.query.get('flightDate')).toBe('2026-12-22');
      expect(last.query.get('pnr')).toBe('k7xq2m');
    });
  });
});

describe('the order page', () => {
  test('an agent sees passengers whole, local times, price lines, tickets and the history, and resends the itinerary', async () => {
    const calls = signedIn(['agent'], {
      [`GET /orders/${ORDER_NO}`]: reply(ZAdminOrderDetail, anOrder()),
      [`POST /orders/${ORDER_NO}/itinerary`]: reply(ZAdminResendItineraryResponse, {
        sentTo: 'desk@example.com',
      }),
    });
    renderConsole(`/orders/${ORDER_NO}`);
    expect(await screen.findByRole('heading', { name: `Order ${ORDER_NO}` })).toBeTruthy();
    expect(screen.getByTestId('doc-0').textContent).toBe('N1234567');
    expect(screen.queryByText(/last four characters/)).toBeNull();
    expect(screen.getByText('2026-12-22 08:30 (UTC+07:00) Asia/Phnom_Penh')).toBeTruthy();
    expect(screen.getByText('2026-12-22 11:40 (UTC+08:00) Asia/Singapore')).toBeTruthy();
    expect(screen.getByTestId('price-total').textContent).toBe('US$459.00');
    expect(screen.getByText('8881000000001')).toBeTruthy();
    expect(screen.getByText('Coupon 1 · flight WC1001 KTI-SIN · unused')).toBeTruthy();
    const history = screen.getByTestId('order-history');
    expect(within(history).getByText('Booked')).toBeTruthy();
    expect(within(history).getByText('By gateway:sandbox')).toBeTruthy();
    expect(within(history).getByText('Ticketed')).toBeTruthy();
    // A paid order: resend, no cancel.
    expect(screen.queryByTestId('action-cancel')).toBeNull();

    fireEvent.click(screen.getByTestId('action-resend'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Send to'), { target: { value: 'desk@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      const sent = calls.find((c) => c.method === 'POST' && c.path === `/orders/${ORDER_NO}/itinerary`);
      expect(sent?.body).toEqual({ email: 'desk@example.com' });
      expect(sent?.headers['x-wings-console']).toBe('1');
    });
    expect(await screen.findByText('Itinerary sent to desk@example.com')).toBeTruthy();
  });

  test('shows the add-ons bought: seat, baggage step, insurance plan, and a policy the insurer failed to issue', async () => {
    const usd = (amount: number) => ({ amount, currency: 'USD' as const });
    const base = anOrder();
    const calls = signedIn(['agent'], {
      'GET /secondary-services/orders': reply(ZAdminAddonOrdersReply, {
        orders: [
          {
            secOrderNo: 'S2612240001',
            orderNo: ORDER_NO,
            passengerSeq: 0,
            passengerName: 'Chan Dara',
            serviceCode: 12,
            status: 'paid',
            totalAmt: usd(1200),
            payDeadline: '2026-11-24T05:15:00.000Z',
            createdAt: '2026-11-24T05:00:00.000Z',
            paidAt: '2026-11-24T05:02:00.000Z',
            closedAt: null,
            lines: [
              {
                leg: 0,
                flightNo: 'WC1001',
                seat: '10A',
                weightKg: null,
                insuranceType: null,
                coverFrom: null,
                coverTo: null,
                emdNo: '8888000000001',
                amount: usd(1200),
              },
            ],
          },
        ],
      }),
      [`GET /orders/${ORDER_NO}`]: reply(
        ZAdminOrderDetail,
        anOrder({
          price: {
            ...base.price,
            addonLines: [
              { code: '10', passengerSeq: 0, leg: 0, insuranceType: 'PLUS', amount: usd(1500) },
              { code: '12', passengerSeq: 0, leg: 0, seat: '12C', amount: usd(1000) },
              { code: '13', passengerSeq: 0, leg: 0, weightKg: 10, amount: usd(2200) },
            ],
          },
          insurance: [
            {
              passengerSeq: 0,
              insuranceType: 'PLUS',
              planName: { zh: '增强保障', en: 'Plus', km: 'បន្ថែម' },
              status: 'failed',
              policyNo: null,
              provider: 'sandbox',
              premium: usd(1500),
              coverFrom: '2026-12-22',
              coverTo: '2026-12-22',
              attempts: 20,
              lastError: 'connect ECONNREFUSED',
              issuedAt: null,
              externalUrl: null,
            },
          ],
        }),
      ),
    });
    renderConsole(`/orders/${ORDER_NO}`);
    expect(await screen.findByRole('heading', { name: 'Add-ons' })).toBeTruthy();
    // Bought after ticketing: its own order, with its EMD.
    const addonRow = (await screen.findByText('S2612240001')).closest('tr')!;
    expect(within(addonRow).getByText('WC1001 · Seat 10A · EMD 8888000000001')).toBeTruthy();
    expect(within(addonRow).getByText('Paid')).toBeTruthy();
    expect(within(addonRow).getByText('US$12.00')).toBeTruthy();
    expect(screen.getByText('Seat 12C')).toBeTruthy();
    expect(screen.getByText('+10 kg')).toBeTruthy();
    expect(screen.getByText('Plan PLUS')).toBeTruthy();
    expect(screen.getByText('Whole trip')).toBeTruthy();
    expect(screen.getByText('US$22.00')).toBeTruthy();
    expect(screen.getByText('Plus (PLUS)')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('connect ECONNREFUSED')).toBeTruthy();
    expect(screen.getByText(/refund its premium/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/secondary-services/orders')?.query.get('orderNo')).toBe(ORDER_NO);
  });

  test('finance sees document numbers masked, no order actions, and settles a failed refund with a reason and a reference', async () => {
    const masked = anOrder({
      passengers: [{ ...anOrder().passengers[0]!, docNumber: '****4567', docMasked: true }],
      refunds: [aFailedRefund],
    });
    const calls = signedIn(['finance'], {
      [`GET /orders/${ORDER_NO}`]: reply(ZAdminOrderDetail, masked),
      [`POST /orders/${ORDER_NO}/refunds/${aFailedRefund.id}/settle`]: reply(ZAdminRefundActionResponse, {
        refundId: aFailedRefund.id,
        status: 'succeeded',
      }),
    });
    renderConsole(`/orders/${ORDER_NO}`);
    expect(await screen.findByText(/only the last four characters/)).toBeTruthy();
    expect(screen.getByTestId('doc-0').textContent).toBe('****4567');
    expect(screen.queryByTestId('action-resend')).toBeNull();
    expect(screen.queryByTestId('action-cancel')).toBeNull();
    expect(screen.getByText('Failed')).toBeTruthy();

    fireEvent.click(screen.getByTestId('action-settle-refund'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // Nothing is sent without a reason and a reference; each field says so.
    expect(await within(dialog).findByText('Give a reason (at least 3 characters)')).toBeTruthy();
    expect(within(dialog).getByText('Give the reference')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Settlement reference'), {
      target: { value: 'ABA-7781' },
    });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'paid back by transfer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      const sent = calls.find((c) => c.method === 'POST');
      expect(sent?.path).toBe(`/orders/${ORDER_NO}/refunds/${aFailedRefund.id}/settle`);
      expect(sent?.body).toEqual({ reason: 'paid back by transfer', reference: 'ABA-7781' });
    });
  });

  test('an auditor reads everything and is offered no action', async () => {
    signedIn(['auditor'], {
      [`GET /orders/${ORDER_NO}`]: reply(
        ZAdminOrderDetail,
        anOrder({ status: 0, ticketedAt: null, refunds: [aFailedRefund] }),
      ),
    });
    renderConsole(`/orders/${ORDER_NO}`);
    expect(await screen.findByRole('heading', { name: `Order ${ORDER_NO}` })).toBeTruthy();
    for (const id of ['action-resend', 'action-cancel', 'action-retry-refund', 'action-settle-refund']) {
      expect(screen.queryByTestId(id)).toBeNull();
    }
  });

  test("an agent cancels an unpaid order with a reason; the server's refusal is shown in the dialog", async () => {
    let refuse = true;
    const calls = signedIn(['agent'], {
      [`GET /orders/${ORDER_NO}`]: reply(
        ZAdminOrderDetail,
        anOrder({ status: 0, ticketedAt: null, payments: [], tickets: [] }),
      ),
      [`POST /orders/${ORDER_NO}/cancel`]: () =>
        refuse
          ? {
              code: '4101',
              message: 'Only an unpaid order can be canceled.',
              data: { status: 1, ticketed: false },
            }
          : reply(ZAdminCancelOrderResponse, { status: 2, released: [] }),
    });
    renderConsole(`/orders/${ORDER_NO}`);
    fireEvent.click(await screen.findByTestId('action-cancel'));
    expect(screen.queryByTestId('action-resend')).toBeNull();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'traveller called' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Only an unpaid order can be canceled.')).toBeTruthy();
    // What was typed is kept; the second try goes through.
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Order canceled; its seats are released')).toBeTruthy();
    const sent = calls.filter((c) => c.method === 'POST');
    expect(sent.map((c) => c.body)).toEqual([{ reason: 'traveller called' }, { reason: 'traveller called' }]);
  });

  test('lists read-only the accounts that linked the order (issue 15), by PNR or by a ticket', async () => {
    signedIn(['auditor'], {
      [`GET /orders/${ORDER_NO}`]: reply(
        ZAdminOrderDetail,
        anOrder({
          linkedBy: [
            { userId: 'u-linked-1', kind: 'order', ticketNo: null, linkedAt: '2026-11-25T02:00:00.000Z' },
            {
              userId: 'u-linked-2',
              kind: 'ticket',
              ticketNo: '8881000000001',
              linkedAt: '2026-11-26T02:00:00.000Z',
            },
          ],
        }),
      ),
    });
    renderConsole(`/orders/${ORDER_NO}`);
    const linked = await screen.findByTestId('order-linked-by');
    expect(within(linked).getByText('u-linked-1')).toBeTruthy();
    expect(within(linked).getByText('PNR + passenger surname')).toBeTruthy();
    expect(within(linked).getByText('Ticket 8881000000001')).toBeTruthy();
    expect(within(linked).queryByRole('button')).toBeNull();
  });

  test('an unknown order number reads as such', async () => {
    signedIn(['agent'], {
      [`GET /orders/${ORDER_NO}`]: { code: '4100', message: 'There is no order with this number.' },
    });
    renderConsole(`/orders/${ORDER_NO}`);
    expect(await screen.findByText('There is no order with this number.')).toBeTruthy();
  });
});

describe('the texts', () => {
  test('every text of the orders pages is written in zh, en and km', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o)
        .flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
        .sort();
    expect(keys(texts.zh)).toEqual(keys(texts.en));
    expect(keys(texts.km)).toEqual(keys(texts.en));
    const empty = (o: object): boolean =>
      Object.values(o).some((v) => (v && typeof v === 'object' ? empty(v) : !String(v).trim()));
    expect([empty(texts.zh), empty(texts.en), empty(texts.km)]).toEqual([false, false, false]);
  });
});
