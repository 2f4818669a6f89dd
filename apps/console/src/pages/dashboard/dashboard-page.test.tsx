import { screen, waitFor, within } from '@testing-library/react';
import { type AdminDashboard, ZAdminDashboard } from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import { aMember, fakeAdminApi, renderConsole } from '../../test/render';

/** 30 days ending 15 March 2027: USD on the 20 Feb, CNY on 14 March, USD today. */
function revenueDays(): AdminDashboard['revenue']['days'] {
  const days: AdminDashboard['revenue']['days'] = [];
  for (let i = 0; i < 30; i++) {
    const date = new Date(Date.UTC(2027, 1, 14 + i)).toISOString().slice(0, 10);
    const amounts =
      date === '2027-02-20'
        ? [{ currency: 'USD', amount: 15_000 }]
        : date === '2027-03-14'
          ? [{ currency: 'CNY', amount: 188_000 }]
          : date === '2027-03-15'
            ? [{ currency: 'USD', amount: 12_345 }]
            : [];
    days.push({ date, amounts });
  }
  return days;
}

const loadDay = (date: string, flights: number, sold: number, capacity: number) => ({
  date,
  flights,
  sold,
  capacity,
  factor: capacity === 0 ? null : sold / capacity,
});

const DASHBOARD: AdminDashboard = ZAdminDashboard.parse({
  asOf: '2027-03-15T05:00:00.000Z',
  timeZone: 'Asia/Phnom_Penh',
  today: '2027-03-15',
  bookings: { today: 3, month: 5 },
  revenue: {
    today: [{ currency: 'USD', amount: 12_345 }],
    month: [
      { currency: 'CNY', amount: 188_000 },
      { currency: 'USD', amount: 12_345 },
    ],
    days: revenueDays(),
  },
  paymentSuccess: {
    last7Days: { attempts: 3, succeeded: 2, rate: 2 / 3 },
    last30Days: { attempts: 0, succeeded: 0, rate: null },
  },
  load: {
    overall: { flights: 2, sold: 20, capacity: 268, factor: 20 / 268 },
    days: [
      loadDay('2027-03-15', 1, 13, 108),
      loadDay('2027-03-16', 0, 0, 0),
      loadDay('2027-03-17', 1, 7, 160),
      loadDay('2027-03-18', 0, 0, 0),
      loadDay('2027-03-19', 0, 0, 0),
      loadDay('2027-03-20', 0, 0, 0),
      loadDay('2027-03-21', 0, 0, 0),
    ],
  },
  refundsWaiting: {
    pending: { count: 1, oldestAt: '2027-03-15T02:00:00.000Z', oldestAgeMinutes: 180 },
    failed: { count: 2, oldestAt: '2027-03-10T05:00:00.000Z', oldestAgeMinutes: 7230 },
  },
});

const schemas: Parameters<typeof fakeAdminApi>[1] = [[/^GET \/dashboard$/, ZAdminDashboard]];

/** The statistic whose title is `title`: its value's text. */
function statistic(title: string): string {
  const label = screen.getByText(title, { selector: '.ant-statistic-title' });
  const box = label.closest('.ant-statistic') as HTMLElement;
  return box.querySelector('.ant-statistic-content')?.textContent ?? '';
}

describe('the dashboard', () => {
  test("is the start page of an agent and shows the day's and the month's figures", async () => {
    const calls = fakeAdminApi(
      { 'GET /auth/me': { data: aMember(['agent']) }, 'GET /dashboard': { data: DASHBOARD } },
      schemas,
    );
    renderConsole('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    // The heading is drawn before the figures are asked for; wait for the call, not a tick.
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.path === '/dashboard')).toBe(true));
    await screen.findByText('Orders made today');
    expect(statistic('Orders made today')).toBe('3');
    expect(statistic('Orders made this month')).toBe('5');
    // Money from minor units with its currency (en-GB writes US$ and CN¥).
    expect(statistic('Paid today')).toBe('US$123.45');
    expect(statistic('Paid this month')).toBe('CN¥1,880.00US$123.45');
    expect(statistic('Last 7 days')).toBe('66.7%');
    expect(screen.getByText('2 of 3 attempts paid')).toBeTruthy();
    expect(statistic('Last 30 days')).toBe('—');
    expect(screen.getByText('No payment attempts')).toBeTruthy();
    expect(statistic('Load factor')).toBe('7.5%');
    expect(screen.getByText('2 flights, 20 of 268 seats')).toBeTruthy();
    expect(statistic('Failed refunds')).toBe('2');
    expect(screen.getByText('Oldest waiting 5 d 0 h')).toBeTruthy();
    expect(statistic('Pending refunds')).toBe('1');
    expect(screen.getByText('Oldest waiting 3 h 0 min')).toBeTruthy();
  });

  test('gives each chart a summary and its figures as a table', async () => {
    fakeAdminApi(
      { 'GET /auth/me': { data: aMember(['finance']) }, 'GET /dashboard': { data: DASHBOARD } },
      schemas,
    );
    renderConsole('/dashboard');
    const usd = await screen.findByRole('figure', { name: 'Revenue per day, last 30 days (USD)' });
    expect(usd.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(usd).getByText('US$273.45 paid from 14 Feb to 15 Mar; the best day was 20 Feb with US$150.00.'),
    ).toBeTruthy();
    const usdRows = within(usd).getAllByRole('row', { hidden: true });
    expect(usdRows).toHaveLength(31);
    expect(
      within(usdRows[30]!)
        .getAllByRole('cell', { hidden: true })
        .map((c) => c.textContent),
    ).toEqual(['2027-03-15', 'US$123.45']);
    const cny = screen.getByRole('figure', { name: 'Revenue per day, last 30 days (CNY)' });
    expect(within(cny).getByText(/CN¥1,880\.00 paid/)).toBeTruthy();

    const load = screen.getByRole('figure', { name: 'Load factor per day' });
    expect(within(load).getByText('15 Mar to 21 Mar: 2 flights, load factor 7.5%.')).toBeTruthy();
    const loadRows = within(load).getAllByRole('row', { hidden: true });
    expect(
      within(loadRows[1]!)
        .getAllByRole('cell', { hidden: true })
        .map((c) => c.textContent),
    ).toEqual(['2027-03-15', '1', '13', '108', '12%']);
    expect(
      within(loadRows[2]!)
        .getAllByRole('cell', { hidden: true })
        .map((c) => c.textContent),
    ).toEqual(['2027-03-16', '0', '0', '0', '—']);
  });

  test('is not in the menu of a content editor, whose start page stays theirs', async () => {
    const calls = fakeAdminApi({ 'GET /auth/me': { data: aMember(['content_editor']) } }, schemas);
    renderConsole('/');
    await waitFor(() => expect(window.location.pathname).not.toBe('/console/'));
    expect(window.location.pathname).not.toBe('/console/dashboard');
    expect(screen.queryByRole('menuitem', { name: /Dashboard/ })).toBeNull();
    expect(calls.some((c) => c.path === '/dashboard')).toBe(false);
  });

  test('shows the server refusing a role', async () => {
    fakeAdminApi(
      {
        'GET /auth/me': { data: aMember(['agent']) },
        'GET /dashboard': { code: '403', message: 'Your role does not allow this.', status: 403 },
      },
      schemas,
    );
    renderConsole('/dashboard');
    expect(await screen.findByText(/role does not allow/i)).toBeTruthy();
  });
});
