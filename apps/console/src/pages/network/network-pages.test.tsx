import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type AdminFlightDetail,
  type AdminFlightRow,
  ZAdminAirportList,
  ZAdminFlightChangeResult,
  ZAdminFlightDetail,
  ZAdminFlightPage,
  ZAdminRouteList,
  ZAdminScheduleList,
} from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import { aMember, type FakeReply, fakeAdminApi, renderConsole } from '../../test/render';

// antd's modals are slow to render on a loaded two-core machine: each test gets a minute.
// Replies checked against their contracts, so a fake the API could not send fails the test.
const reply = <T,>(schema: { parse: (v: unknown) => T }, data: T): FakeReply => ({
  data: schema.parse(data),
});

const ROW: AdminFlightRow = {
  id: '42',
  flightNo: 'WA101',
  routeCode: 'KTI-BKK',
  origin: 'KTI',
  destination: 'BKK',
  depLocalDate: '2027-01-15',
  depUtc: '2027-01-15T01:30:00.000Z',
  arrUtc: '2027-01-15T02:45:00.000Z',
  originZone: 'Asia/Phnom_Penh',
  destinationZone: 'Asia/Bangkok',
  status: 'scheduled',
  aircraftCode: '320',
  retimed: false,
  capacity: 180,
  sold: 5,
  held: 2,
  externalSold: 1,
};

const DETAIL: AdminFlightDetail = {
  ...ROW,
  originalDepUtc: ROW.depUtc,
  originalArrUtc: ROW.arrUtc,
  orders: { unpaid: 1, paid: 3, canceled: 0 },
  departedAt: null,
  cabins: [
    {
      cabin: 'C',
      capacity: 8,
      sold: 0,
      held: 0,
      externalSold: 0,
      infantCapacity: 2,
      infantSold: 0,
      classes: [{ bookingClass: 'N', authorisedLimit: 8, sold: 0, held: 0, externalSold: 0, seatsLeft: 8 }],
    },
    {
      cabin: 'Y',
      capacity: 172,
      sold: 5,
      held: 2,
      externalSold: 1,
      infantCapacity: 10,
      infantSold: 0,
      classes: [
        { bookingClass: 'M', authorisedLimit: 40, sold: 4, held: 2, externalSold: 1, seatsLeft: 34 },
        { bookingClass: 'K', authorisedLimit: 20, sold: 1, held: 0, externalSold: 0, seatsLeft: 19 },
      ],
    },
  ],
};

const lists = {
  'GET /network/routes': reply(ZAdminRouteList, {
    list: [
      {
        code: 'KTI-BKK',
        origin: 'KTI',
        destination: 'BKK',
        distanceKm: 530,
        currency: 'USD',
        blockMinutes: 75,
      },
    ],
  }),
};

describe('flights list', () => {
  test('lists flights of this week with local times in each airport’s zone and their load; filters by number', {
    timeout: 60_000,
  }, async () => {
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['agent']) },
      'GET /flights': reply(ZAdminFlightPage, { list: [ROW], total: 1, page: 1, pageSize: 50 }),
      ...lists,
    });
    renderConsole('/flights');
    const link = await screen.findByRole('link', { name: 'WA101' });
    expect(link.getAttribute('href')).toBe('/console/flights/42');
    const row = link.closest('tr') as HTMLElement;
    // 01:30 UTC is 08:30 at Phnom Penh; 02:45 UTC is 09:45 at Bangkok.
    expect(within(row).getByText('08:30')).toBeTruthy();
    expect(within(row).getByText('09:45')).toBeTruthy();
    expect(within(row).getByRole('img', { name: '5 / 2 / 180' })).toBeTruthy();
    const first = calls.find((c) => c.path === '/flights')!;
    expect(first.query.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first.query.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    fireEvent.change(screen.getByLabelText('Flight number'), { target: { value: 'wa101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/flights' && c.query.get('flightNo') === 'WA101')).toBe(true),
    );
  });
});

describe('flight page', () => {
  test('shows the load per cabin and class; an agent sees no change buttons', {
    timeout: 60_000,
  }, async () => {
    fakeAdminApi({
      'GET /auth/me': { data: aMember(['agent']) },
      'GET /flights/42': reply(ZAdminFlightDetail, DETAIL),
    });
    renderConsole('/flights/42');
    expect(await screen.findByText('Flight WA101 · 2027-01-15')).toBeTruthy();
    const m = screen.getByRole('cell', { name: 'M' }).closest('tr') as HTMLElement;
    expect(within(m).getByRole('img', { name: '4 / 2 / 40' })).toBeTruthy();
    expect(within(m).getByText('34')).toBeTruthy();
    expect(screen.getByText('1 unpaid · 3 paid · 0 canceled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retime' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Change limit/ })).toBeNull();
  });

  test('an admin changes a limit with a reason; the server’s refusal is shown by the field', {
    timeout: 60_000,
  }, async () => {
    let tries = 0;
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['admin']) },
      'GET /flights/42': reply(ZAdminFlightDetail, DETAIL),
      'PUT /flights/42/classes/M/limit': () =>
        ++tries === 1
          ? {
              code: '4732',
              message: 'Class M: the limit 5 is below the 5 seats sold plus 2 held (7 in all).',
            }
          : reply(ZAdminFlightDetail, DETAIL),
    });
    renderConsole('/flights/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Change limit M' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/Not below sold plus held \(6\), not above the 172 seats of cabin Y/),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('New limit'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // No reason: refused in the form, nothing sent.
    expect(await within(dialog).findByText('Say why, in at least 3 characters')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'close the class' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/below the 5 seats sold plus 2 held/)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ authorisedLimit: 5, reason: 'close the class' });
    expect(put.headers['x-wings-console']).toBe('1');

    fireEvent.change(within(dialog).getByLabelText('New limit'), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({
      authorisedLimit: 7,
      reason: 'close the class',
    });
  });

  test('an admin retimes the flight with times in each airport’s zone', { timeout: 60_000 }, async () => {
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['admin']) },
      'GET /flights/42': reply(ZAdminFlightDetail, DETAIL),
      'POST /flights/42/retime': reply(ZAdminFlightChangeResult, {
        flight: { ...DETAIL, retimed: true },
        ordersTold: 4,
        emailsSent: 3,
        ordersCanceled: 0,
      }),
    });
    renderConsole('/flights/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Retime' }));
    const dialog = await screen.findByRole('dialog');
    const dep = within(dialog).getByLabelText(
      'Departs KTI, local time (Asia/Phnom_Penh)',
    ) as HTMLInputElement;
    const arr = within(dialog).getByLabelText('Arrives BKK, local time (Asia/Bangkok)') as HTMLInputElement;
    expect(dep.value).toBe('2027-01-15T08:30');
    expect(arr.value).toBe('2027-01-15T09:45');
    fireEvent.change(dep, { target: { value: '2027-01-15T11:00' } });
    fireEvent.change(arr, { target: { value: '2027-01-15T12:15' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'late aircraft' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Retimed: 4 orders told, 3 e-mails sent')).toBeTruthy();
    expect(calls.find((c) => c.path === '/flights/42/retime')!.body).toEqual({
      depLocal: '2027-01-15T11:00',
      arrLocal: '2027-01-15T12:15',
      reason: 'late aircraft',
    });
  });

  test('cancelling asks for a confirmation with a reason', { timeout: 60_000 }, async () => {
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['admin']) },
      'GET /flights/42': reply(ZAdminFlightDetail, DETAIL),
      'POST /flights/42/cancel': reply(ZAdminFlightChangeResult, {
        flight: { ...DETAIL, status: 'cancelled' },
        ordersTold: 4,
        emailsSent: 3,
        ordersCanceled: 1,
      }),
    });
    renderConsole('/flights/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel flight' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cancel flight WA101 on 2027-01-15?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel flight' }));
    expect(await within(dialog).findByText('Say why, in at least 3 characters')).toBeTruthy();
    expect(calls.some((c) => c.path === '/flights/42/cancel')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'typhoon' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel flight' }));
    expect(
      await screen.findByText('Flight cancelled: 1 unpaid orders canceled, 3 e-mails sent'),
    ).toBeTruthy();
    expect(calls.find((c) => c.path === '/flights/42/cancel')!.body).toEqual({ reason: 'typhoon' });
  });

  test('marking departed asks for a confirmation; its reason is optional; the page shows when', {
    timeout: 60_000,
  }, async () => {
    let current = DETAIL;
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['admin']) },
      'GET /flights/42': () => reply(ZAdminFlightDetail, current),
      'POST /flights/42/depart': () => {
        current = { ...DETAIL, status: 'departed', departedAt: '2027-01-15T01:42:00.000Z' };
        return reply(ZAdminFlightDetail, current);
      },
    });
    renderConsole('/flights/42');
    const mark = await screen.findByRole('button', { name: 'Mark departed' });
    expect(screen.queryByText('Departed at')).toBeNull();
    fireEvent.click(mark);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark departed' }));
    expect(await screen.findByText('The flight is marked departed')).toBeTruthy();
    expect(calls.find((c) => c.path === '/flights/42/depart')!.body).toEqual({});
    // In Phnom Penh's time: 01:42 UTC is 08:42 there.
    const departed = await screen.findByText('Departed at');
    const row = departed.closest('tr')!;
    expect(within(row).getByText('08:42')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark departed' })).toBeNull();
  });
});

describe('network page', () => {
  test('lists airports with their zones, routes and schedules', { timeout: 60_000 }, async () => {
    fakeAdminApi({
      'GET /auth/me': { data: aMember(['auditor']) },
      'GET /network/airports': reply(ZAdminAirportList, {
        list: [
          {
            code: 'KTI',
            name: { zh: '德崇国际机场', en: 'Techo International', km: 'អាកាសយានដ្ឋានអន្តរជាតិតេជោ' },
            city: { zh: '金边', en: 'Phnom Penh', km: 'ភ្នំពេញ' },
            country: 'KH',
            timeZone: 'Asia/Phnom_Penh',
            isHub: true,
          },
        ],
      }),
      'GET /network/schedules': reply(ZAdminScheduleList, {
        list: [
          {
            id: 1,
            flightNo: 'WA101',
            routeCode: 'KTI-BKK',
            daysOfWeek: [1, 3, 5],
            depLocalTime: '08:30',
            blockMinutes: 75,
            aircraftCode: '320',
            validFrom: '2026-01-01',
            validTo: null,
          },
        ],
      }),
      ...lists,
    });
    renderConsole('/network');
    expect(await screen.findByText('Techo International')).toBeTruthy();
    expect(screen.getByText('Asia/Phnom_Penh')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Schedules' }));
    expect(await screen.findByText('Mo We Fr')).toBeTruthy();
    expect(screen.getByText('2026-01-01 – until further notice')).toBeTruthy();
  });
});
