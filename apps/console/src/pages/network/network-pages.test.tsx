import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type AdminAirport,
  type AdminFlightDetail,
  type AdminFlightRow,
  type AdminSchedule,
  ZAdminAircraftList,
  ZAdminAirport,
  ZAdminAirportList,
  ZAdminFlightChangeResult,
  ZAdminFlightDetail,
  ZAdminFlightPage,
  ZAdminRouteCreateResult,
  ZAdminRouteList,
  ZAdminScheduleList,
  ZAdminScheduleResult,
} from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import { aMember, type FakeReply, fakeAdminApi, pickOption, renderConsole } from '../../test/render';

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
        hasFares: true,
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

describe('flight page: a departure at another time', () => {
  test("marking departed at a time typed in the airport's zone sends that instant (a delay: later than scheduled)", {
    timeout: 60_000,
  }, async () => {
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['admin']) },
      'GET /flights/42': () => reply(ZAdminFlightDetail, DETAIL),
      'POST /flights/42/depart': () =>
        reply(ZAdminFlightDetail, { ...DETAIL, status: 'departed', departedAt: '2027-01-15T03:05:00.000Z' }),
    });
    renderConsole('/flights/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark departed' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Departed at, KTI local time \(Asia\/Phnom_Penh\)/)).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('depart-at'), { target: { value: '2027-01-15T10:05' } });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'late inbound aircraft' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark departed' }));
    expect(await screen.findByText('The flight is marked departed')).toBeTruthy();
    // 10:05 in Phnom Penh (UTC+7) is 03:05 UTC.
    expect(calls.find((c) => c.path === '/flights/42/depart')!.body).toEqual({
      departedAt: '2027-01-15T03:05:00.000Z',
      reason: 'late inbound aircraft',
    });
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
            countryName: { zh: '柬埔寨', en: 'Cambodia', km: 'កម្ពុជា' },
            timeZone: 'Asia/Phnom_Penh',
            latitude: 11.36,
            longitude: 104.92,
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
    // A reader changes nothing: no add, edit or end buttons.
    expect(screen.queryByRole('button', { name: /Add schedule line/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^End / })).toBeNull();
  });
});

const KTI: AdminAirport = {
  code: 'KTI',
  name: { zh: '德崇国际机场', en: 'Techo International', km: 'អាកាសយានដ្ឋានអន្តរជាតិតេជោ' },
  city: { zh: '金边', en: 'Phnom Penh', km: 'ភ្នំពេញ' },
  country: 'KH',
  countryName: { zh: '柬埔寨', en: 'Cambodia', km: 'កម្ពុជា' },
  timeZone: 'Asia/Phnom_Penh',
  latitude: 11.362917,
  longitude: 104.916611,
  isHub: true,
};
const BKK: AdminAirport = {
  ...KTI,
  code: 'BKK',
  name: { zh: '素万那普', en: 'Suvarnabhumi', km: 'សុវណ្ណភូមិ' },
  city: { zh: '曼谷', en: 'Bangkok', km: 'បាងកក' },
  country: 'TH',
  countryName: { zh: '泰国', en: 'Thailand', km: 'ថៃ' },
  timeZone: 'Asia/Bangkok',
  latitude: 13.69,
  longitude: 100.7501,
  isHub: false,
};
const LINE: AdminSchedule = {
  id: 7,
  flightNo: 'WC201',
  routeCode: 'KTI-BKK',
  daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
  depLocalTime: '08:30',
  blockMinutes: 75,
  aircraftCode: '321',
  validFrom: '2024-01-01',
  validTo: null,
};
const networkLists = (routes = lists['GET /network/routes']) => ({
  'GET /auth/me': { data: aMember(['admin']) },
  'GET /network/airports': reply(ZAdminAirportList, { list: [KTI, BKK] }),
  'GET /network/routes': routes,
  'GET /network/schedules': reply(ZAdminScheduleList, { list: [LINE] }),
  'GET /network/aircraft': reply(ZAdminAircraftList, {
    list: [{ code: '320', name: 'Airbus A320', capacityC: 8, capacityY: 172 }],
  }),
});

/** Picks an option of the select opened last (an earlier select's list stays in the page). */
async function pickLatest(text: string): Promise<void> {
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')]
      .filter((item) => item.getAttribute('title') === text)
      .at(-1);
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(option);
}

describe('network changes (admin)', () => {
  test('adds an airport: every field labelled, the server’s refusal shown by its field', {
    timeout: 60_000,
  }, async () => {
    let tries = 0;
    const calls = fakeAdminApi({
      ...networkLists(),
      'POST /network/airports': (call) =>
        ++tries === 1
          ? {
              code: '400',
              message: 'The request is not valid',
              data: {
                fields: [
                  {
                    field: 'timeZone',
                    key: 'admin.zone_unknown',
                    message: 'Asia/Nowhere is not a known IANA time zone (e.g. Asia/Phnom_Penh).',
                  },
                ],
              },
            }
          : reply(ZAdminAirport, { ...BKK, ...(call.body as object), isHub: false } as AdminAirport),
    });
    renderConsole('/network');
    fireEvent.click(await screen.findByRole('button', { name: /Add airport/ }));
    const dialog = await screen.findByRole('dialog');
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type('IATA code', 'rep');
    type('Airport name (Chinese)', '暹粒吴哥');
    type('Airport name (English)', 'Siem Reap Angkor');
    type('Airport name (Khmer)', 'សៀមរាប-អង្គរ');
    type('City (Chinese)', '暹粒');
    type('City (English)', 'Siem Reap');
    type('City (Khmer)', 'សៀមរាប');
    type('Country code (ISO)', 'kh');
    type('Country name (Chinese)', '柬埔寨');
    type('Country name (English)', 'Cambodia');
    type('Country name (Khmer)', 'កម្ពុជា');
    type('IANA time zone', 'Asia/Nowhere');
    type('Latitude', '13.37');
    type('Longitude', '104.22');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The zone is checked in the form first (Intl): nothing sent.
    expect(await within(dialog).findByText('Not a known IANA time zone')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // A zone the browser knows but the server refuses: its message lands on the field.
    type('IANA time zone', 'Asia/Phnom_Penh');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Asia\/Nowhere is not a known IANA time zone/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      code: 'REP',
      country: 'KH',
      name: { zh: '暹粒吴哥', en: 'Siem Reap Angkor', km: 'សៀមរាប-អង្គរ' },
      city: { zh: '暹粒', en: 'Siem Reap', km: 'សៀមរាប' },
      countryName: { zh: '柬埔寨', en: 'Cambodia', km: 'កម្ពុជា' },
      timeZone: 'Asia/Phnom_Penh',
      latitude: 13.37,
      longitude: 104.22,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('edits an airport: its code stays, its names change', { timeout: 60_000 }, async () => {
    const calls = fakeAdminApi({
      ...networkLists(),
      'PUT /network/airports/BKK': reply(ZAdminAirport, BKK),
    });
    renderConsole('/network');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit BKK' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('IATA code') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Airport name (English)'), {
      target: { value: 'Bangkok Suvarnabhumi' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ name: { en: 'Bangkok Suvarnabhumi' }, timeZone: 'Asia/Bangkok' });
    expect(put.body).not.toHaveProperty('code');
  });

  test('adds a route with its way back: great-circle distance filled in; a route without fares says so', {
    timeout: 60_000,
  }, async () => {
    const calls = fakeAdminApi({
      ...networkLists(
        reply(ZAdminRouteList, {
          list: [
            {
              code: 'KTI-BKK',
              origin: 'KTI',
              destination: 'BKK',
              distanceKm: 530,
              currency: 'USD',
              blockMinutes: 75,
              hasFares: false,
            },
          ],
        }),
      ),
      'POST /network/routes': reply(ZAdminRouteCreateResult, { list: [] }),
    });
    renderConsole('/network');
    fireEvent.click(await screen.findByRole('tab', { name: 'Routes' }));
    expect(await screen.findByText('No fares: cannot be sold')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'File fares' }).getAttribute('href')).toBe('/console/fares');

    fireEvent.click(screen.getByRole('button', { name: /Add route/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByLabelText('From airport'));
    await pickOption('BKK · Bangkok');
    fireEvent.mouseDown(within(dialog).getByLabelText('To airport'));
    await pickLatest('KTI · Phnom Penh');
    // BKK-KTI is new; its way back KTI-BKK exists: only the one route is asked for.
    expect(await within(dialog).findByText('The way back, KTI-BKK, exists already')).toBeTruthy();
    expect(within(dialog).getByText(/Great circle between the airports: \d+ km/)).toBeTruthy();
    expect(within(dialog).getByText('Fares in USD (CNY from mainland China, else USD)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ origin: 'BKK', destination: 'KTI', addReverse: false });
    expect(body.distanceKm).toBeGreaterThan(400);
    expect(body.blockMinutes).toBeGreaterThan(30);
  });

  test('adds a schedule line with the route’s block time; ends one and lists the flights with travellers', {
    timeout: 60_000,
  }, async () => {
    const calls = fakeAdminApi({
      ...networkLists(),
      'POST /network/schedules': reply(ZAdminScheduleResult, {
        schedule: { ...LINE, id: 8, flightNo: 'WC207' },
        flightsCreated: 52,
        flightsCancelled: 0,
        flightsWithTravellers: [],
      }),
      'POST /network/schedules/7/end': reply(ZAdminScheduleResult, {
        schedule: { ...LINE, validTo: '2027-03-31' },
        flightsCreated: 0,
        flightsCancelled: 12,
        flightsWithTravellers: [
          { id: '901', flightNo: 'WC201', depLocalDate: '2027-04-02', sold: 3, held: 1 },
          { id: '902', flightNo: 'WC201', depLocalDate: '2027-04-05', sold: 0, held: 2 },
        ],
      }),
    });
    renderConsole('/network');
    fireEvent.click(await screen.findByRole('tab', { name: 'Schedules' }));
    fireEvent.click(await screen.findByRole('button', { name: /Add schedule line/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Flight number'), { target: { value: 'wc207' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('Route'));
    await pickOption('KTI-BKK');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Block time (min)') as HTMLInputElement).value).toBe('75'),
    );
    fireEvent.click(within(dialog).getByLabelText('Saturday'));
    fireEvent.click(within(dialog).getByLabelText('Sunday'));
    fireEvent.change(within(dialog).getByLabelText('Departure (local time at the origin)'), {
      target: { value: '18:45' },
    });
    fireEvent.mouseDown(within(dialog).getByLabelText('Aircraft type'));
    await pickOption('320 · Airbus A320 (8C/172Y)');
    fireEvent.change(within(dialog).getByLabelText('First date'), { target: { value: '2027-01-04' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/network/schedules' && c.method === 'POST')).toBe(true),
    );
    expect(calls.find((c) => c.path === '/network/schedules' && c.method === 'POST')!.body).toEqual({
      flightNo: 'WC207',
      routeCode: 'KTI-BKK',
      daysOfWeek: [1, 2, 3, 4, 5],
      depLocalTime: '18:45',
      blockMinutes: 75,
      aircraftCode: '320',
      validFrom: '2027-01-04',
      validTo: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'End WC201 2024-01-01' }));
    const end = await screen.findByRole('dialog');
    fireEvent.change(within(end).getByLabelText('Last date flown'), { target: { value: '2027-03-31' } });
    fireEvent.click(within(end).getByRole('button', { name: 'End line' }));
    expect(
      await screen.findByText(
        '2 flights after the new end have travellers: cancel or retime each from its flight page',
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.path === '/network/schedules/7/end')!.body).toEqual({ validTo: '2027-03-31' });
    expect(
      screen.getByRole('link', { name: 'WC201 · 2027-04-02 (3 sold, 1 held)' }).getAttribute('href'),
    ).toBe('/console/flights/901');
    expect(screen.getByRole('link', { name: /2027-04-05/ }).getAttribute('href')).toBe(
      '/console/flights/902',
    );
  });
});
