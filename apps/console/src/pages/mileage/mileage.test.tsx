import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type AdminAwardChart,
  type AdminClaimRow,
  type AdminEarnRate,
  type AdminMileageAccount,
  type StaffRole,
  ZAdminAwardChart,
  ZAdminClaimPage,
  ZAdminEarnRates,
  ZAdminMileageAccount,
} from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import {
  aMember,
  type FakeReply,
  fakeAdminApi,
  pickOption,
  type ReplySchema,
  renderConsole,
  type SentCall,
} from '../../test/render';
import { texts } from './texts';

const SCHEMAS: ReplySchema[] = [
  [/^GET \/members\/[^/]+\/mileage$/, ZAdminMileageAccount],
  [/^GET \/mileage\/claims$/, ZAdminClaimPage],
  [/^GET \/mileage\/earn-rates$/, ZAdminEarnRates],
  [/^GET \/mileage\/award-chart$/, ZAdminAwardChart],
];

const MEMBER = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
const CLAIM = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

function signedIn(roles: StaffRole[], routes: Record<string, FakeReply>): SentCall[] {
  return fakeAdminApi({ 'GET /auth/me': { data: aMember(roles) }, ...routes }, SCHEMAS);
}

const sent = (calls: SentCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);

function anAccount(overrides: Partial<AdminMileageAccount> = {}): AdminMileageAccount {
  return ZAdminMileageAccount.parse({
    memberId: MEMBER,
    cardNo: '8800000017',
    name: 'CHAN DARA',
    level: 0,
    balance: 1500,
    expiring: 300,
    expiringAt: '2027-01-31T17:00:00.000Z',
    eliteMileage: 4200,
    eliteSegments: 3,
    next: { level: 1, eliteMiles: 20800, eliteSegments: 17 },
    freeze: null,
    ledger: {
      list: [
        {
          id: 'l1',
          tradingType: 0,
          status: 0,
          kind: 'flight',
          miles: 1200,
          bonusMiles: 0,
          eliteMiles: 1200,
          eliteSegments: 1,
          flight: { flightNo: 'WC101', depCode: 'PNH', arrCode: 'PVG', date: '2026-10-02' },
          ticketNo: '7812345678901',
          bookingClass: 'Y',
          note: null,
          occurredAt: '2026-10-02T01:00:00.000Z',
          expiresAt: '2029-10-02T01:00:00.000Z',
          actor: 'system',
          reason: null,
          createdAt: '2026-10-02T05:00:00.000Z',
        },
        {
          id: 'l2',
          tradingType: 1,
          status: 0,
          kind: 'adjustment',
          miles: -200,
          bonusMiles: 0,
          eliteMiles: 0,
          eliteSegments: 0,
          flight: null,
          ticketNo: null,
          bookingClass: null,
          note: 'Duplicate credit',
          occurredAt: '2026-10-05T01:00:00.000Z',
          expiresAt: null,
          actor: 'staff:agent@demo.wings-airways.test',
          reason: 'Duplicate credit of WC101',
          createdAt: '2026-10-05T01:00:00.000Z',
        },
      ],
      total: 45,
      page: 1,
      pageSize: 20,
    },
    ...overrides,
  });
}

describe('a member’s miles', () => {
  test('balance, expiring, elite figures, progress and the ledger; the next page is asked', async () => {
    const calls = signedIn(['auditor'], { [`GET /members/${MEMBER}/mileage`]: { data: anAccount() } });
    renderConsole(`/members/${MEMBER}/mileage`);
    expect((await screen.findByTestId('mileage-balance')).textContent).toBe('1,500');
    expect(screen.getByTestId('mileage-expiring').textContent).toBe('300 (usable until 2027-01-31)');
    expect(screen.getByTestId('mileage-next').textContent).toBe(
      'Gold needs 20,800 more elite miles or 17 more segments',
    );
    const ledger = screen.getByTestId('mileage-ledger');
    for (const text of ['Flight', 'Accumulate', 'WC101 PNH–PVG 2026-10-02', '7812345678901', 'Adjustment']) {
      expect(within(ledger).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(screen.getByTestId('ledger-miles-l1').textContent).toBe('+1,200');
    expect(screen.getByTestId('ledger-miles-l2').textContent).toBe('−200');
    expect(within(ledger).getByText('Duplicate credit of WC101')).toBeTruthy();
    expect(within(ledger).getByText('staff:agent@demo.wings-airways.test')).toBeTruthy();
    // An auditor reads only.
    expect(screen.queryByTestId('mileage-adjust')).toBeNull();
    expect(screen.queryByTestId('mileage-freeze')).toBeNull();

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === `/members/${MEMBER}/mileage` && c.query.get('page') === '2')).toBe(
        true,
      ),
    );
  });

  test('an agent debits with a reason after confirming; 861 is shown when the balance is short', async () => {
    const calls = signedIn(['agent'], {
      [`GET /members/${MEMBER}/mileage`]: { data: anAccount() },
      [`POST /members/${MEMBER}/mileage/adjust`]: { code: '861', message: 'You do not have enough miles.' },
    });
    renderConsole(`/members/${MEMBER}/mileage`);
    fireEvent.click(await screen.findByTestId('mileage-adjust'));
    fireEvent.click(await screen.findByTestId('mileage-dialog-confirm'));
    expect(await screen.findByText('Give a whole number other than 0')).toBeTruthy();
    expect(screen.getByText('Give the reason (at least 3 characters)')).toBeTruthy();

    fireEvent.change(screen.getByTestId('mileage-adjust-miles'), { target: { value: '-2000' } });
    fireEvent.change(screen.getByTestId('mileage-dialog-reason'), { target: { value: '  Fraud reversal ' } });
    fireEvent.click(screen.getByTestId('mileage-dialog-confirm'));
    const review = await screen.findByTestId('mileage-dialog-review');
    expect(within(review).getByText('Debit 2,000 miles from CHAN DARA')).toBeTruthy();
    expect(
      within(review).getByText('The debit is larger than the balance of 1,500; it will be refused.'),
    ).toBeTruthy();
    expect(sent(calls, 'POST', `/members/${MEMBER}/mileage/adjust`)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('mileage-dialog-confirm'));
    expect((await screen.findByTestId('mileage-dialog-failure')).textContent).toBe(
      'You do not have enough miles.',
    );
    expect(sent(calls, 'POST', `/members/${MEMBER}/mileage/adjust`)).toEqual([
      { miles: -2000, reason: 'Fraud reversal' },
    ]);
  });

  test('an admin freezes with a reason; the freeze is shown and unfreeze offered', async () => {
    let account = anAccount();
    const calls = signedIn(['admin'], {
      [`GET /members/${MEMBER}/mileage`]: () => ({ data: account }),
      [`POST /members/${MEMBER}/mileage/freeze`]: () => {
        account = anAccount({
          freeze: { reason: 'Suspected fraud', frozenAt: '2026-11-24T03:00:00.000Z', frozenBy: 'admin@x' },
        });
        return { data: {} };
      },
    });
    renderConsole(`/members/${MEMBER}/mileage`);
    fireEvent.click(await screen.findByTestId('mileage-freeze'));
    fireEvent.change(await screen.findByTestId('mileage-dialog-reason'), {
      target: { value: 'Suspected fraud' },
    });
    fireEvent.click(screen.getByTestId('mileage-dialog-confirm'));
    expect(await screen.findByText('Miles frozen')).toBeTruthy();
    expect(sent(calls, 'POST', `/members/${MEMBER}/mileage/freeze`)).toEqual([{ reason: 'Suspected fraud' }]);
    expect((await screen.findByTestId('mileage-freeze-state')).textContent).toContain(
      'Miles frozen: Suspected fraud',
    );
    expect(screen.getByTestId('mileage-unfreeze')).toBeTruthy();
    expect(screen.queryByTestId('mileage-freeze')).toBeNull();
  });
});

function aClaim(overrides: Partial<AdminClaimRow> = {}): AdminClaimRow {
  return {
    id: CLAIM,
    ticketNo: '7812345678901',
    flightNo: 'WC101',
    flightDate: '2026-10-02',
    depCode: 'PNH',
    arrCode: 'PVG',
    status: 'auditing',
    rejectReason: null,
    miles: 1200,
    submittedAt: '2026-11-20T03:00:00.000Z',
    decidedAt: null,
    memberId: MEMBER,
    cardNo: '8800000017',
    memberName: 'CHAN DARA',
    passengerName: 'CHAN/SOKHA MR',
    nameMatches: false,
    bookingClass: 'Y',
    decidedBy: null,
    ...overrides,
  };
}
const claimPage = (list: AdminClaimRow[]) => ({ data: { list, total: list.length, page: 1, pageSize: 20 } });

describe('the claim queue', () => {
  test('under audit by default; the names are compared; an agent approves; the filter asks the API', async () => {
    const calls = signedIn(['agent'], {
      'GET /mileage/claims': claimPage([aClaim()]),
      [`POST /mileage/claims/${CLAIM}/approve`]: { data: {} },
    });
    renderConsole('/mileage/claims');
    const row = await screen.findByTestId(`claim-row-${CLAIM}`);
    expect(within(row).getAllByText('CHAN DARA')).toHaveLength(2);
    for (const text of ['8800000017', '7812345678901', 'WC101 PNH–PVG', '2026-10-02', '1,200']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(within(row).getByTestId(`claim-name-differs-${CLAIM}`).textContent).toBe('Names differ');
    expect(calls.find((c) => c.path === '/mileage/claims')?.query.get('status')).toBe('auditing');

    fireEvent.click(within(row).getByTestId(`claim-approve-${CLAIM}`));
    fireEvent.click(await screen.findByTestId('mileage-dialog-confirm'));
    expect(await screen.findByText('Claim approved; the miles are credited')).toBeTruthy();
    expect(sent(calls, 'POST', `/mileage/claims/${CLAIM}/approve`)).toEqual([{}]);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    await pickOption('All');
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/mileage/claims').at(-1);
      expect(last?.query.has('status')).toBe(false);
    });
  });

  test('a reject needs a reason; a claim decided meanwhile says so (4141)', async () => {
    const calls = signedIn(['admin'], {
      'GET /mileage/claims': claimPage([aClaim({ passengerName: 'CHAN/DARA MR', nameMatches: true })]),
      [`POST /mileage/claims/${CLAIM}/reject`]: {
        code: '4141',
        message: 'This claim has already been decided.',
      },
    });
    renderConsole('/mileage/claims');
    const row = await screen.findByTestId(`claim-row-${CLAIM}`);
    expect(within(row).queryByTestId(`claim-name-differs-${CLAIM}`)).toBeNull();
    fireEvent.click(within(row).getByTestId(`claim-reject-${CLAIM}`));
    fireEvent.click(await screen.findByTestId('mileage-dialog-confirm'));
    expect(await screen.findByText('Give the reason (at least 3 characters)')).toBeTruthy();
    fireEvent.change(screen.getByTestId('mileage-dialog-reason'), {
      target: { value: 'Not on this flight' },
    });
    fireEvent.click(screen.getByTestId('mileage-dialog-confirm'));
    expect((await screen.findByTestId('mileage-dialog-failure')).textContent).toBe(
      'This claim has already been decided.',
    );
    expect(sent(calls, 'POST', `/mileage/claims/${CLAIM}/reject`)).toEqual([
      { reason: 'Not on this flight' },
    ]);
  });

  test('an auditor reads the queue with no action; finance may not open it', async () => {
    signedIn(['auditor'], { 'GET /mileage/claims': claimPage([aClaim()]) });
    renderConsole('/mileage/claims');
    const row = await screen.findByTestId(`claim-row-${CLAIM}`);
    expect(within(row).queryByTestId(`claim-approve-${CLAIM}`)).toBeNull();
    expect(within(row).queryByTestId(`claim-reject-${CLAIM}`)).toBeNull();
    expect(screen.getByText('You can read this; admins and agents change it.')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Navigation' });
    const labels = within(nav)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(labels).toEqual(
      expect.arrayContaining(['Mileage · claims', 'Mileage · earn rates', 'Mileage · award chart']),
    );
  });

  test('finance opening the queue reads "not allowed" and nothing is asked', async () => {
    const calls = signedIn(['finance'], {});
    renderConsole('/mileage/claims');
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/mileage'))).toBe(false);
  });
});

const RATES: AdminEarnRate[] = [
  {
    letter: 'Y',
    family: 'Economy flex',
    cabin: 'Y',
    earnRatePercent: 100,
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
  {
    letter: 'C',
    family: 'Business',
    cabin: 'C',
    earnRatePercent: 150,
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
];

describe('earn rates', () => {
  test('an admin changes a class’s rate with a reason; 4143 is shown', async () => {
    let attempt = 0;
    const calls = signedIn(['admin'], {
      'GET /mileage/earn-rates': { data: { list: RATES } },
      'PUT /mileage/earn-rates/Y': () => {
        attempt += 1;
        return attempt === 1 ? { code: '4143', message: 'No booking class has this letter.' } : { data: {} };
      },
    });
    renderConsole('/mileage/earn-rates');
    expect((await screen.findByTestId('earn-rate-C')).textContent).toBe('150 %');
    expect(screen.getAllByText('Business').length).toBe(2);
    fireEvent.click(screen.getByTestId('earn-rate-edit-Y'));
    const rate = await screen.findByTestId('earn-rate-percent');
    expect((rate as HTMLInputElement).value).toBe('100');
    fireEvent.change(rate, { target: { value: '125' } });
    fireEvent.change(screen.getByTestId('mileage-dialog-reason'), { target: { value: 'New fare rules' } });
    fireEvent.click(screen.getByTestId('mileage-dialog-confirm'));
    expect((await screen.findByTestId('mileage-dialog-failure')).textContent).toBe(
      'No booking class has this letter.',
    );
    fireEvent.click(screen.getByTestId('mileage-dialog-confirm'));
    expect(await screen.findByText('Earn rate of class Y saved')).toBeTruthy();
    expect(sent(calls, 'PUT', '/mileage/earn-rates/Y')).toEqual([
      { earnRatePercent: 125, reason: 'New fare rules' },
      { earnRatePercent: 125, reason: 'New fare rules' },
    ]);
  });

  test('an agent reads the rates and is offered no edit', async () => {
    signedIn(['agent'], { 'GET /mileage/earn-rates': { data: { list: RATES } } });
    renderConsole('/mileage/earn-rates');
    expect((await screen.findByTestId('earn-rate-Y')).textContent).toBe('100 %');
    expect(screen.queryByTestId('earn-rate-edit-Y')).toBeNull();
    expect(screen.getByText('You can read this; admins change it.')).toBeTruthy();
  });
});

const CHART: AdminAwardChart = {
  zones: [
    { zone: 1, maxMiles: 1000 },
    { zone: 2, maxMiles: null },
  ],
  rows: [
    { zone: 1, cabin: 'Y', miles: 10000 },
    { zone: 1, cabin: 'C', miles: 20000 },
    { zone: 2, cabin: 'Y', miles: 25000 },
    { zone: 2, cabin: 'C', miles: 50000 },
  ],
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('the award chart', () => {
  test('an admin edits a cell and saves the whole chart with a reason; 4144 is shown', async () => {
    const calls = signedIn(['admin'], {
      'GET /mileage/award-chart': { data: CHART },
      'PUT /mileage/award-chart': {
        code: '4144',
        message: 'The award chart must hold every zone and cabin exactly once.',
      },
    });
    renderConsole('/mileage/award-chart');
    expect(await screen.findByText('Zone 1 (≤ 1,000 mi)')).toBeTruthy();
    expect(screen.getByText('Zone 2 (> 1,000 mi)')).toBeTruthy();
    const cell = await screen.findByLabelText('Zone 2 (> 1,000 mi) · Business');
    await waitFor(() => expect((cell as HTMLInputElement).value).toBe('50000'));
    fireEvent.change(cell, { target: { value: '55000' } });
    fireEvent.click(screen.getByTestId('award-save'));
    fireEvent.change(await screen.findByTestId('mileage-dialog-reason'), {
      target: { value: 'Spring chart' },
    });
    fireEvent.click(screen.getByTestId('mileage-dialog-confirm'));
    expect((await screen.findByTestId('mileage-dialog-failure')).textContent).toBe(
      'The award chart must hold every zone and cabin exactly once.',
    );
    expect(sent(calls, 'PUT', '/mileage/award-chart')).toEqual([
      {
        rows: [
          { zone: 1, cabin: 'Y', miles: 10000 },
          { zone: 1, cabin: 'C', miles: 20000 },
          { zone: 2, cabin: 'Y', miles: 25000 },
          { zone: 2, cabin: 'C', miles: 55000 },
        ],
        reason: 'Spring chart',
      },
    ]);
  });

  test('an empty cell stops the save; an auditor reads the chart without inputs', async () => {
    signedIn(['admin'], { 'GET /mileage/award-chart': { data: { ...CHART, rows: CHART.rows.slice(0, 3) } } });
    renderConsole('/mileage/award-chart');
    expect(await screen.findByTestId('award-incomplete')).toBeTruthy();
    expect(screen.queryByTestId('award-save')).toBeNull();
  });

  test('an auditor reads the chart and is offered no edit', async () => {
    signedIn(['auditor'], { 'GET /mileage/award-chart': { data: CHART } });
    renderConsole('/mileage/award-chart');
    expect((await screen.findByTestId('award-2-C')).textContent).toBe('50,000');
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByTestId('award-save')).toBeNull();
  });
});

test('the texts exist in zh, en and km with the same keys', () => {
  const keys = (o: object, p = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
  expect(keys(texts.zh).sort()).toEqual(keys(texts.en).sort());
  expect(keys(texts.km).sort()).toEqual(keys(texts.en).sort());
});
