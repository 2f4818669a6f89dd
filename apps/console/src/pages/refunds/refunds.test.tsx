import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type AdminRefundOrderDetail,
  type AdminRefundOrderRow,
  type StaffRole,
  ZAdminOrderDetail,
  ZAdminRefundOrderDetail,
  ZAdminRefundOrderPage,
} from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import {
  aMember,
  type FakeReply,
  fakeAdminApi,
  pickOption,
  type ReplySchema,
  renderConsole,
} from '../../test/render';
import { texts } from './texts';

const SCHEMAS: ReplySchema[] = [
  [/^GET \/refunds$/, ZAdminRefundOrderPage],
  [/^(GET \/refunds\/[^/]+|POST \/refunds\/[^/]+\/(approve|reject))$/, ZAdminRefundOrderDetail],
  [/^GET \/orders\/[^/]+$/, ZAdminOrderDetail],
];

const ORDER_NO = 'W261124000001';
const OLD = 'R261120000001';
const NEW = 'R261124000002';
const usd = (amount: number) => ({ amount, currency: 'USD' as const });

function aRow(overrides: Partial<AdminRefundOrderRow> = {}): AdminRefundOrderRow {
  return {
    refundNo: NEW,
    orderNo: ORDER_NO,
    status: 'auditing',
    refundStatus: null,
    moneyStatus: null,
    reasonCode: 'illness',
    reasonKind: 'personal',
    passengerCount: 1,
    actual: usd(42500),
    submittedAt: '2026-11-24T03:00:00.000Z',
    ageMinutes: 95,
    dueBy: '2026-11-25T03:00:00.000Z',
    overdue: false,
    ...overrides,
  };
}

function aRefund(overrides: Partial<AdminRefundOrderDetail> = {}): AdminRefundOrderDetail {
  const row = aRow();
  return ZAdminRefundOrderDetail.parse({
    refundNo: NEW,
    orderNo: ORDER_NO,
    status: 'auditing',
    refundStatus: null,
    moneyStatus: null,
    reasonCode: 'illness',
    reasonKind: 'personal',
    reasonText: 'Illness',
    remark: 'Hospital letter attached',
    currency: 'USD',
    shouldRefund: usd(45900),
    handlingFee: usd(3400),
    actual: usd(42500),
    upgradeApplied: false,
    passengers: [{ seq: 0, name: 'CHAN/DARA', ticketNo: '8881000000001' }],
    lines: [
      {
        passengerSeq: 0,
        passengerName: 'CHAN/DARA',
        segmentSeq: 0,
        flightNo: 'WC1001',
        depCode: 'KTI',
        arrCode: 'SIN',
        depUtc: '2026-12-22T01:30:00.000Z',
        fare: usd(40000),
        taxes: usd(5900),
        fee: usd(3000),
        noShowFee: usd(0),
        refund: usd(42900),
        noShow: false,
      },
    ],
    addons: [],
    rejectReason: null,
    createdAt: '2026-11-24T02:55:00.000Z',
    expiresAt: null,
    timeline: [
      { step: 'applied', at: '2026-11-24T03:00:00.000Z', expectedBy: null },
      { step: 'audited', at: null, expectedBy: '2026-11-25T03:00:00.000Z' },
      { step: 'ticket_refunded', at: null, expectedBy: null },
      { step: 'money_processing', at: null, expectedBy: null },
      { step: 'money_refunded', at: null, expectedBy: null },
    ],
    next: { step: 'audited', at: null, expectedBy: '2026-11-25T03:00:00.000Z' },
    row,
    events: [{ type: 'submitted', actor: 'traveller', reason: null, at: '2026-11-24T03:00:00.000Z' }],
    ...overrides,
  });
}

/** The order, for the traveller's contact: just enough of it. */
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
    events: [],
    audit: [],
    insurance: [],
    linkedBy: [],
  });

function signedIn(roles: StaffRole[], routes: Record<string, FakeReply>) {
  return fakeAdminApi({ 'GET /auth/me': { data: aMember(roles) }, ...routes }, SCHEMAS);
}

describe('the refund queue', () => {
  test("one order's refunds (from its page): every status, the order shown, and cleared in one click", async () => {
    const calls = signedIn(['agent'], { 'GET /refunds': { data: { list: [aRow()], total: 1 } } });
    renderConsole(`/refunds?orderNo=${ORDER_NO}`);
    expect(await screen.findByRole('link', { name: NEW })).toBeTruthy();
    const first = calls.find((c) => c.path === '/refunds')!;
    expect(first.query.get('orderNo')).toBe(ORDER_NO);
    expect(first.query.get('status')).toBeNull();
    const tag = screen.getByTestId('refund-filter-order');
    expect(tag.textContent).toContain(`Refunds of order ${ORDER_NO}`);
    fireEvent.click(tag.querySelector('.ant-tag-close-icon')!);
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/refunds').at(-1)!;
      expect(last.query.get('orderNo')).toBeNull();
      expect(last.query.get('status')).toBe('auditing');
    });
  });

  test('waiting requests oldest first with their age; an overdue one stands out; filters go to the API', async () => {
    const page = {
      list: [
        aRow({ refundNo: OLD, ageMinutes: 3 * 1440 + 125, overdue: true, dueBy: '2026-11-21T03:00:00.000Z' }),
        aRow(),
      ],
      total: 2,
    };
    const calls = signedIn(['auditor'], { 'GET /refunds': { data: page } });
    renderConsole('/refunds');
    expect(await screen.findByRole('link', { name: OLD })).toBeTruthy();
    const first = calls.find((c) => c.path === '/refunds')!;
    expect(first.query.get('status')).toBe('auditing');
    expect(first.query.get('pageNum')).toBe('1');
    expect(screen.getByTestId(`refund-age-${OLD}`).textContent).toBe('3 d 2 h');
    expect(screen.getByTestId(`refund-age-${NEW}`).textContent).toBe('1 h 35 min');
    const overdueRow = screen.getByTestId(`refund-row-${OLD}`);
    expect(overdueRow.dataset.overdue).toBe('true');
    expect(within(overdueRow).getByTestId('refund-overdue').textContent).toBe('Overdue');
    expect(within(screen.getByTestId(`refund-row-${NEW}`)).queryByTestId('refund-overdue')).toBeNull();
    expect(screen.getAllByText('US$425.00')).toHaveLength(2);

    fireEvent.mouseDown(within(screen.getByTestId('refund-filter-overdue')).getByRole('combobox'));
    await pickOption('Overdue only');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/refunds')
          .at(-1)
          ?.query.get('overdue'),
      ).toBe('true'),
    );
    fireEvent.mouseDown(within(screen.getByTestId('refund-filter-status')).getByRole('combobox'));
    await pickOption('Any status');
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/refunds').at(-1)!;
      expect(last.query.get('status')).toBeNull();
      expect(last.query.get('overdue')).toBe('true');
    });
  });
});

describe('a refund request', () => {
  test('the order, passengers, amounts, reason, contact, timeline and history; an agent approves it', async () => {
    const approved = aRefund({ status: 'refunding', refundStatus: 10, next: null });
    let current = aRefund();
    const calls = signedIn(['agent'], {
      [`GET /refunds/${NEW}`]: () => ({ data: current }),
      [`GET /orders/${ORDER_NO}`]: { data: anOrder() },
      [`POST /refunds/${NEW}/approve`]: () => {
        current = approved;
        return { data: approved };
      },
    });
    renderConsole(`/refunds/${NEW}`);
    expect(await screen.findByRole('heading', { name: `Refund request ${NEW}` })).toBeTruthy();
    expect(screen.getByRole('link', { name: ORDER_NO }).getAttribute('href')).toBe(
      `/console/orders/${ORDER_NO}`,
    );
    expect(screen.getByTestId('refund-actual').textContent).toBe('US$425.00');
    expect(screen.getByText('Personal reason · Illness')).toBeTruthy();
    expect(screen.getByText('Hospital letter attached')).toBeTruthy();
    expect(screen.getByTestId('refund-age').textContent).toBe('1 h 35 min');
    expect((await screen.findByTestId('refund-contact')).textContent).toBe(
      'Chan Dara · dara@example.com · +855 12345678',
    );
    expect(screen.getByTestId('refund-step-audited').textContent).toContain('promised by');
    // In the amounts per segment and among the passengers, with the ticket.
    expect(screen.getAllByText('CHAN/DARA', { selector: 'td' })).toHaveLength(2);
    expect(screen.getByText('8881000000001')).toBeTruthy();

    fireEvent.click(screen.getByTestId('refund-approve'));
    fireEvent.click(await screen.findByTestId('refund-confirm'));
    await waitFor(() => expect(screen.getByTestId('refund-status').textContent).toBe('Refunding ticket'));
    expect(calls.find((c) => c.path === `/refunds/${NEW}/approve`)?.body).toEqual({});
    expect(screen.queryByTestId('refund-approve')).toBeNull();
  });

  test('reject needs a reason; the reason is sent and the server’s refusal shows in the dialog', async () => {
    const calls = signedIn(['finance'], {
      [`GET /refunds/${NEW}`]: { data: aRefund() },
      [`GET /orders/${ORDER_NO}`]: { data: anOrder() },
      [`POST /refunds/${NEW}/reject`]: {
        code: '4111',
        message: 'This refund request is no longer waiting for audit.',
        data: { status: 'refunding' },
      },
    });
    renderConsole(`/refunds/${NEW}`);
    fireEvent.click(await screen.findByTestId('refund-reject'));
    fireEvent.click(await screen.findByTestId('refund-confirm'));
    expect(await screen.findByText('Give the reason (at least 2 characters)')).toBeTruthy();
    expect(calls.some((c) => c.path === `/refunds/${NEW}/reject`)).toBe(false);
    fireEvent.change(screen.getByTestId('refund-action-text'), {
      target: { value: ' Letter not readable ' },
    });
    fireEvent.click(screen.getByTestId('refund-confirm'));
    expect((await screen.findByTestId('refund-action-failure')).textContent).toBe(
      'This refund request is no longer waiting for audit.',
    );
    expect(calls.find((c) => c.path === `/refunds/${NEW}/reject`)?.body).toEqual({
      reason: 'Letter not readable',
    });
  });

  test('an auditor reads it and is offered no action', async () => {
    signedIn(['auditor'], {
      [`GET /refunds/${NEW}`]: { data: aRefund() },
      [`GET /orders/${ORDER_NO}`]: { data: anOrder() },
    });
    renderConsole(`/refunds/${NEW}`);
    expect(
      await screen.findByText('You can read this request; admins, agents and finance audit it.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('refund-approve')).toBeNull();
    expect(screen.queryByTestId('refund-reject')).toBeNull();
  });

  test("a rejected request shows the staff's reason and no action", async () => {
    signedIn(['admin'], {
      [`GET /refunds/${OLD}`]: {
        data: aRefund({ refundNo: OLD, status: 'rejected', rejectReason: 'Letter not readable', next: null }),
      },
      [`GET /orders/${ORDER_NO}`]: { data: anOrder() },
    });
    renderConsole(`/refunds/${OLD}`);
    expect(await screen.findByText('Rejected: Letter not readable')).toBeTruthy();
    expect(screen.queryByTestId('refund-approve')).toBeNull();
  });

  test('the texts exist in zh, en and km with the same keys', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(texts.zh).sort()).toEqual(keys(texts.en).sort());
    expect(keys(texts.km).sort()).toEqual(keys(texts.en).sort());
  });
});
