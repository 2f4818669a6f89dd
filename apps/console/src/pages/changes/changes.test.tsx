import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type AdminChangeOrderDetail,
  type AdminChangeOrderRow,
  type AdminDisruptedFlight,
  type AdminDisruptedFlightDetail,
  type AdminFlightDetail,
  type ChangeLeg,
  type StaffRole,
  ZAdminChangeOrderDetail,
  ZAdminChangeOrderPage,
  ZAdminDisruptedFlightDetail,
  ZAdminDisruptedFlightPage,
  ZAdminFlightDetail,
  ZAdminOrderDetail,
} from '@wings/contracts';
import { localDate } from '@wings/rules';
import { describe, expect, test } from 'vitest';
import { HUB_ZONE } from '../../lib/format';
import {
  aMember,
  type FakeReply,
  fakeAdminApi,
  pickOption,
  type ReplySchema,
  renderConsole,
} from '../../test/render';
import { texts } from './texts';

// antd's tables are slow to render on a loaded two-core machine: each test gets a minute.
const SLOW = { timeout: 60_000 };

const SCHEMAS: ReplySchema[] = [
  [/^GET \/changes$/, ZAdminChangeOrderPage],
  [/^GET \/changes\/disruptions$/, ZAdminDisruptedFlightPage],
  [/^GET \/changes\/disruptions\/[^/]+$/, ZAdminDisruptedFlightDetail],
  [/^GET \/changes\/[^/]+$/, ZAdminChangeOrderDetail],
  [/^GET \/orders\/[^/]+$/, ZAdminOrderDetail],
  [/^GET \/flights\/[^/]+$/, ZAdminFlightDetail],
];

const ORDER_NO = 'W261124000001';
const CHANGE_NO = 'C261125000001';
const MOVE_NO = 'C261126000002';
const REFUND_NO = 'R261126000003';
const FLIGHT_ID = '42';
const usd = (amount: number) => ({ amount, currency: 'USD' as const });

function aLeg(overrides: Partial<ChangeLeg> = {}): ChangeLeg {
  return {
    segmentSeq: 0,
    flightId: '41',
    flightNo: 'WC1001',
    depCode: 'KTI',
    arrCode: 'SIN',
    depUtc: '2026-12-22T01:30:00.000Z',
    arrUtc: '2026-12-22T03:40:00.000Z',
    depDate: '2026-12-22',
    family: 'Basic',
    cabin: 'Y',
    bookingClass: 'W',
    ...overrides,
  };
}
const OLD_LEG = aLeg();
const NEW_LEG = aLeg({
  flightId: '55',
  depUtc: '2026-12-24T01:30:00.000Z',
  arrUtc: '2026-12-24T03:40:00.000Z',
  depDate: '2026-12-24',
  bookingClass: 'Q',
});

function aRow(overrides: Partial<AdminChangeOrderRow> = {}): AdminChangeOrderRow {
  return {
    changeNo: CHANGE_NO,
    orderNo: ORDER_NO,
    kind: 'voluntary',
    status: 'succeeded',
    rescheduledStatus: 1,
    payStatus: 1,
    from: [OLD_LEG],
    to: [NEW_LEG],
    amount: usd(7000),
    createdAt: '2026-11-25T03:00:00.000Z',
    payDeadline: null,
    passengerCount: 1,
    ...overrides,
  };
}

function aChange(overrides: Partial<AdminChangeOrderDetail> = {}): AdminChangeOrderDetail {
  return ZAdminChangeOrderDetail.parse({
    changeNo: CHANGE_NO,
    orderNo: ORDER_NO,
    kind: 'voluntary',
    status: 'succeeded',
    rescheduledStatus: 1,
    payStatus: 1,
    reasonCode: 'work',
    reasonText: 'Work commitments',
    remark: 'Meeting moved',
    currency: 'USD',
    from: [OLD_LEG],
    to: [NEW_LEG],
    passengers: [{ seq: 0, name: 'CHAN/DARA', oldTicketNo: '8881000000001', newTicketNo: '8881000000009' }],
    lines: [
      {
        passengerSeq: 0,
        passengerName: 'CHAN/DARA',
        segmentSeq: 0,
        fee: usd(5000),
        oldFare: usd(12000),
        newFare: usd(13500),
        oldTaxes: usd(2500),
        newTaxes: usd(3000),
        fareDifference: usd(1500),
        taxDifference: usd(500),
        total: usd(7000),
      },
    ],
    services: [
      {
        passengerSeq: 0,
        passengerName: 'CHAN/DARA',
        segmentSeq: 0,
        code: '12',
        outcome: 'reseat',
        before: '12C',
        note: 'Choose a seat again on the new flight.',
      },
    ],
    fee: usd(5000),
    originalCost: usd(14500),
    difference: usd(2000),
    amount: usd(7000),
    createdAt: '2026-11-25T03:00:00.000Z',
    expiresAt: null,
    payDeadline: null,
    succeededAt: '2026-11-25T03:10:00.000Z',
    events: [
      { type: 'quoted', actor: 'user:7', reason: null, at: '2026-11-25T03:00:00.000Z' },
      { type: 'paid', actor: 'gateway:sandbox', reason: null, at: '2026-11-25T03:09:00.000Z' },
      { type: 'succeeded', actor: 'system', reason: null, at: '2026-11-25T03:10:00.000Z' },
    ],
    ...overrides,
  });
}

function aFlight(overrides: Partial<AdminDisruptedFlight> = {}): AdminDisruptedFlight {
  return {
    flightId: FLIGHT_ID,
    flightNo: 'WA101',
    depCode: 'KTI',
    arrCode: 'BKK',
    kind: 'retimed',
    before: { depUtc: '2027-01-15T01:30:00.000Z', arrUtc: '2027-01-15T02:45:00.000Z' },
    after: { depUtc: '2027-01-15T04:00:00.000Z', arrUtc: '2027-01-15T05:15:00.000Z' },
    changedAt: '2027-01-10T02:00:00.000Z',
    passengers: 4,
    choices: { pending: 1, accepted: 1, moved: 1, refunded: 1 },
    ...overrides,
  };
}

function aDisruption(): AdminDisruptedFlightDetail {
  const traveller = {
    orderNo: ORDER_NO,
    name: 'CHAN/DARA',
    chosenAt: '2027-01-10T05:00:00.000Z',
    movedTo: null,
    changeNo: null,
    refundNo: null,
  };
  return ZAdminDisruptedFlightDetail.parse({
    ...aFlight(),
    reason: 'Aircraft swap',
    travellers: [
      { ...traveller, passengerSeq: 0, ticketNo: '8881000000001', choice: 'accepted' },
      {
        ...traveller,
        orderNo: 'W261124000002',
        passengerSeq: 0,
        name: 'SOK/LINA',
        ticketNo: '8881000000002',
        choice: 'moved',
        movedTo: { flightNo: 'WA103', depUtc: '2027-01-16T01:30:00.000Z' },
        changeNo: MOVE_NO,
      },
      {
        ...traveller,
        orderNo: 'W261124000003',
        passengerSeq: 0,
        name: 'KEO/VIBOL',
        ticketNo: '8881000000003',
        choice: 'refunded',
        refundNo: REFUND_NO,
      },
      {
        ...traveller,
        orderNo: 'W261124000004',
        passengerSeq: 1,
        name: 'MEAS/SREY',
        ticketNo: null,
        choice: 'pending',
        chosenAt: null,
      },
    ],
  });
}

/** An order, just enough of it for its page. */
const anOrder = () =>
  ZAdminOrderDetail.parse({
    orderNo: ORDER_NO,
    pnr: 'K7XQ2M',
    status: 1,
    createdAt: '2026-11-24T02:00:00.000Z',
    payDeadline: '2026-11-24T02:20:00.000Z',
    ticketedAt: '2026-11-24T02:05:00.000Z',
    canceledAt: null,
    language: 1,
    userId: null,
    contact: { name: 'Chan Dara', email: 'dara@example.com', countryCode: '855', phone: '12345678' },
    passengers: [],
    segments: [],
    priceLines: [],
    price: {
      currency: 'USD',
      fareTotal: usd(0),
      taxes: [],
      taxTotal: usd(0),
      fares: [],
      discount: usd(0),
      addons: [],
      addonTotal: usd(0),
      total: usd(0),
      promoCode: null,
    },
    payments: [],
    refunds: [],
    tickets: [],
    events: [
      {
        id: '1',
        type: 'rescheduled',
        actor: 'system',
        reason: null,
        data: null,
        at: '2026-11-25T03:10:00.000Z',
      },
    ],
    audit: [],
    insurance: [],
    linkedBy: [],
  });

function signedIn(roles: StaffRole[], routes: Record<string, FakeReply>) {
  return fakeAdminApi({ 'GET /auth/me': { data: aMember(roles) }, ...routes }, SCHEMAS);
}

const lastCall = (calls: { path: string; query: URLSearchParams }[], path: string) =>
  calls.filter((c) => c.path === path).at(-1);

describe('change orders', () => {
  test(
    'lists changes with legs old → new in the hub’s zone; status, kind and order number filters go to the API',
    SLOW,
    async () => {
      const calls = signedIn(['auditor'], {
        'GET /changes': {
          data: {
            list: [aRow(), aRow({ changeNo: MOVE_NO, kind: 'disruption', status: 'unpaid', amount: usd(0) })],
            total: 2,
          },
        },
      });
      renderConsole('/changes');
      expect(await screen.findByRole('link', { name: CHANGE_NO })).toBeTruthy();
      expect(screen.getByRole('link', { name: CHANGE_NO }).getAttribute('href')).toBe(
        `/console/changes/${CHANGE_NO}`,
      );
      expect(screen.getAllByRole('link', { name: ORDER_NO })[0]?.getAttribute('href')).toBe(
        `/console/orders/${ORDER_NO}`,
      );
      expect(
        screen.getAllByText('WC1001 KTI-SIN 2026-12-22 08:30 → WC1001 KTI-SIN 2026-12-24 08:30'),
      ).toHaveLength(2);
      expect(screen.getByText('Voluntary')).toBeTruthy();
      expect(screen.getByText('Airline change')).toBeTruthy();
      expect(screen.getByText('Awaiting payment')).toBeTruthy();
      expect(screen.getByText('US$70.00')).toBeTruthy();
      const first = lastCall(calls, '/changes')!;
      expect(first.query.get('status')).toBeNull();
      expect(first.query.get('pageNum')).toBe('1');

      fireEvent.mouseDown(within(screen.getByTestId('change-filter-status')).getByRole('combobox'));
      await pickOption('Changed');
      await waitFor(() => expect(lastCall(calls, '/changes')?.query.get('status')).toBe('succeeded'));
      fireEvent.mouseDown(within(screen.getByTestId('change-filter-kind')).getByRole('combobox'));
      await pickOption('Airline change');
      await waitFor(() => expect(lastCall(calls, '/changes')?.query.get('kind')).toBe('disruption'));
      fireEvent.change(screen.getByTestId('change-filter-order'), { target: { value: ' w261124000001 ' } });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() => {
        const last = lastCall(calls, '/changes')!;
        expect(last.query.get('orderNo')).toBe(ORDER_NO);
        expect(last.query.get('status')).toBe('succeeded');
        expect(last.query.get('kind')).toBe('disruption');
      });
      expect(screen.getByTestId('change-filter-order-tag').textContent).toContain(
        `Changes of order ${ORDER_NO}`,
      );
    },
  );

  test(
    'a change order: legs, passengers with old and new tickets, costs and totals, add-ons, reason, history',
    SLOW,
    async () => {
      signedIn(['agent'], { [`GET /changes/${CHANGE_NO}`]: { data: aChange() } });
      renderConsole(`/changes/${CHANGE_NO}`);
      expect(await screen.findByRole('heading', { name: `Change order ${CHANGE_NO}` })).toBeTruthy();
      expect(screen.getByTestId('change-status').textContent).toBe('Changed');
      expect(screen.getByRole('link', { name: ORDER_NO }).getAttribute('href')).toBe(
        `/console/orders/${ORDER_NO}`,
      );
      expect(screen.getByTestId('change-from-0').textContent).toBe('WC1001 KTI-SIN 2026-12-22 08:30');
      expect(screen.getByTestId('change-to-0').textContent).toBe('WC1001 KTI-SIN 2026-12-24 08:30');
      expect(screen.getByText('Y / Q · Basic')).toBeTruthy();
      expect(screen.getByTestId('change-reason').textContent).toBe('Work commitments');
      expect(screen.getByText('Meeting moved')).toBeTruthy();
      const passengers = screen.getByTestId('change-passengers');
      expect(within(passengers).getByText('8881000000001')).toBeTruthy();
      expect(within(passengers).getByText('8881000000009')).toBeTruthy();
      expect(screen.getByTestId('change-amount').textContent).toBe('US$70.00');
      expect(screen.getByText('US$145.00')).toBeTruthy();
      const lines = screen.getByTestId('change-lines');
      expect(within(lines).getByText('US$135.00')).toBeTruthy();
      expect(within(lines).getByText('US$15.00')).toBeTruthy();
      const services = screen.getByTestId('change-services');
      expect(within(services).getByText('Seat')).toBeTruthy();
      expect(within(services).getByText('Seat to choose again')).toBeTruthy();
      expect(within(services).getByText('12C')).toBeTruthy();
      const events = screen.getByTestId('change-events');
      expect(within(events).getByText('Changed, tickets reissued')).toBeTruthy();
      expect(within(events).getByText('gateway:sandbox')).toBeTruthy();
      expect(within(events).getByText('user:7')).toBeTruthy();
    },
  );

  test('an unknown change number shows the 4120 message', SLOW, async () => {
    signedIn(['finance'], {
      [`GET /changes/${CHANGE_NO}`]: { code: '4120', message: 'No change order has this number.' },
    });
    renderConsole(`/changes/${CHANGE_NO}`);
    expect(await screen.findByText('No change order has this number.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Back to the changes of date' })).toBeTruthy();
  });
});

describe('disrupted flights', () => {
  test(
    'from today at the hub; retimed before → after or canceled; the choices counted as tags; the date filter goes to the API',
    SLOW,
    async () => {
      const calls = signedIn(['agent'], {
        'GET /changes/disruptions': {
          data: {
            list: [
              aFlight(),
              aFlight({
                flightId: '43',
                flightNo: 'WA103',
                kind: 'canceled',
                after: null,
                passengers: 2,
                choices: { pending: 2, accepted: 0, moved: 0, refunded: 0 },
              }),
            ],
            total: 2,
          },
        },
      });
      renderConsole('/changes/disruptions');
      expect(await screen.findByRole('link', { name: 'WA101' })).toBeTruthy();
      expect(lastCall(calls, '/changes/disruptions')?.query.get('from')).toBe(
        localDate(new Date(), HUB_ZONE),
      );
      expect(screen.getByRole('link', { name: 'WA101' }).getAttribute('href')).toBe(
        `/console/changes/disruptions/${FLIGHT_ID}`,
      );
      expect(screen.getByTestId(`retime-${FLIGHT_ID}`).textContent).toBe(
        '2027-01-15 08:30 → 2027-01-15 11:00',
      );
      expect(screen.getByText('Canceled')).toBeTruthy();
      const counted = screen.getByTestId(`choices-${FLIGHT_ID}`);
      expect(within(counted).getByTestId('choice-pending').textContent).toBe('Pending 1');
      expect(within(counted).getByTestId('choice-accepted').textContent).toBe('Accepted 1');
      expect(within(counted).getByTestId('choice-moved').textContent).toBe('Moved 1');
      expect(within(counted).getByTestId('choice-refunded').textContent).toBe('Refunded 1');
      expect(within(screen.getByTestId('choices-43')).getByTestId('choice-pending').textContent).toBe(
        'Pending 2',
      );

      fireEvent.change(screen.getByTestId('disruption-filter-from'), { target: { value: '2027-01-01' } });
      await waitFor(() =>
        expect(lastCall(calls, '/changes/disruptions')?.query.get('from')).toBe('2027-01-01'),
      );
    },
  );

  test(
    'a disrupted flight: every passenger with order, ticket, choice, when, where moved, and the change or refund',
    SLOW,
    async () => {
      signedIn(['auditor'], { [`GET /changes/disruptions/${FLIGHT_ID}`]: { data: aDisruption() } });
      renderConsole(`/changes/disruptions/${FLIGHT_ID}`);
      expect(await screen.findByRole('heading', { name: 'Flight WA101 KTI-BKK' })).toBeTruthy();
      expect(screen.getByText('Aircraft swap')).toBeTruthy();
      expect(within(screen.getByTestId('disruption-choices')).getByTestId('choice-moved').textContent).toBe(
        'Moved 1',
      );
      const accepted = screen.getByTestId(`traveller-${ORDER_NO}-0`);
      expect(within(accepted).getByRole('link', { name: ORDER_NO }).getAttribute('href')).toBe(
        `/console/orders/${ORDER_NO}`,
      );
      expect(within(accepted).getByTestId('choice').textContent).toBe('Accepted');
      expect(within(accepted).getByText('2027-01-10 12:00')).toBeTruthy();
      const moved = screen.getByTestId('traveller-W261124000002-0');
      expect(within(moved).getByText('WA103 2027-01-16 08:30')).toBeTruthy();
      expect(within(moved).getByRole('link', { name: MOVE_NO }).getAttribute('href')).toBe(
        `/console/changes/${MOVE_NO}`,
      );
      const refunded = screen.getByTestId('traveller-W261124000003-0');
      expect(within(refunded).getByRole('link', { name: REFUND_NO }).getAttribute('href')).toBe(
        `/console/refunds/${REFUND_NO}`,
      );
      const pending = screen.getByTestId('traveller-W261124000004-1');
      expect(within(pending).getByTestId('choice').textContent).toBe('Pending');
    },
  );

  test('an unknown flight shows the server’s message', SLOW, async () => {
    signedIn(['agent'], {
      [`GET /changes/disruptions/${FLIGHT_ID}`]: {
        code: '4121',
        message: 'This flight was not retimed or canceled.',
      },
    });
    renderConsole(`/changes/disruptions/${FLIGHT_ID}`);
    expect(await screen.findByText('This flight was not retimed or canceled.')).toBeTruthy();
  });
});

describe('links from other pages', () => {
  test(
    'the order page lists the order’s changes of date, linking to each, and names the rescheduled event',
    SLOW,
    async () => {
      const calls = signedIn(['agent'], {
        [`GET /orders/${ORDER_NO}`]: { data: anOrder() },
        'GET /changes': { data: { list: [aRow()], total: 1 } },
      });
      renderConsole(`/orders/${ORDER_NO}`);
      const section = await screen.findByTestId('order-changes');
      const link = await within(section).findByRole('link', { name: CHANGE_NO });
      expect(link.getAttribute('href')).toBe(`/console/changes/${CHANGE_NO}`);
      expect(within(section).getByText('Changed')).toBeTruthy();
      expect(lastCall(calls, '/changes')?.query.get('orderNo')).toBe(ORDER_NO);
      expect(screen.getByTestId('order-change-list').getAttribute('href')).toBe(
        `/console/changes?orderNo=${ORDER_NO}`,
      );
      expect(
        within(screen.getByTestId('order-history')).getByText('Rescheduled, tickets reissued'),
      ).toBeTruthy();
    },
  );

  test(
    'a retimed flight’s page links to its disrupted passengers; a flight as published does not',
    SLOW,
    async () => {
      const flight: AdminFlightDetail = {
        id: FLIGHT_ID,
        flightNo: 'WA101',
        routeCode: 'KTI-BKK',
        origin: 'KTI',
        destination: 'BKK',
        depLocalDate: '2027-01-15',
        depUtc: '2027-01-15T04:00:00.000Z',
        arrUtc: '2027-01-15T05:15:00.000Z',
        originZone: 'Asia/Phnom_Penh',
        destinationZone: 'Asia/Bangkok',
        status: 'scheduled',
        aircraftCode: '320',
        retimed: true,
        capacity: 180,
        sold: 5,
        held: 0,
        externalSold: 0,
        originalDepUtc: '2027-01-15T01:30:00.000Z',
        originalArrUtc: '2027-01-15T02:45:00.000Z',
        orders: { unpaid: 0, paid: 3, canceled: 0 },
        departedAt: null,
        cabins: [],
      };
      let current = flight;
      signedIn(['agent'], { [`GET /flights/${FLIGHT_ID}`]: () => ({ data: current }) });
      const view = renderConsole(`/flights/${FLIGHT_ID}`);
      const link = await screen.findByTestId('flight-disruption-link');
      expect(link.getAttribute('href')).toBe(`/console/changes/disruptions/${FLIGHT_ID}`);
      view.unmount();

      current = { ...flight, retimed: false, depUtc: flight.originalDepUtc, arrUtc: flight.originalArrUtc };
      renderConsole(`/flights/${FLIGHT_ID}`);
      expect(await screen.findByText('Flight WA101 · 2027-01-15')).toBeTruthy();
      expect(screen.queryByTestId('flight-disruption-link')).toBeNull();
    },
  );
});

describe('the texts', () => {
  test('every text of the changes pages is written in zh, en and km', () => {
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
