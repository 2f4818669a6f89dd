import { fireEvent, screen } from '@testing-library/react';
import { ErrorCodes, formatMessage } from '@wings/contracts';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { routeMetaOf } from '../../../app/route-meta';
import { makeTransaction } from '../../../features/mileage/mileage-test-data';
import { installFakeApi } from '../../../test/fake-api';
import { memberFail, memberOk, resetMemberStore, signInMember } from '../../../test/members';
import { renderRoutes } from '../../../test/render';
import MileageBillDetailPage from '../mileage-bill-detail/mileage-bill-detail-page';
import MileageBillsPage from './mileage-bills-page';

const LIST = '/api/fqt/consumer/mileage/queryBillList';
const DETAIL = '/api/fqt/consumer/mileage/queryBillDetail';
const routes = [
  { path: paths.vipBills, element: <MileageBillsPage /> },
  { path: paths.vipBillDetail, element: <MileageBillDetailPage /> },
];

const BILL = {
  cycle: '2026-10',
  from: '2026-10-01',
  to: '2026-10-31',
  openingBalance: 11_150,
  earned: 1_250,
  spent: 0,
  expired: 0,
  closingBalance: 12_400,
  eliteMiles: 1_250,
  eliteSegments: 1,
  transactions: [makeTransaction()],
};

describe('mileage bills', () => {
  beforeEach(() => {
    resetMemberStore();
    signInMember();
    // 25 Nov 2026 in Phnom Penh: October's bill is ready.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-25T03:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  test('need a member session', () => {
    expect(routeMetaOf(paths.vipBills).requiresMember).toBe(true);
    expect(routeMetaOf(paths.vipBillDetail).requiresMember).toBe(true);
  });

  test('lists the cycles the server offers, with the 5th-of-the-month note, and opens a statement', async () => {
    const calls = installFakeApi((call) => {
      if (call.path === LIST) return memberOk({ list: ['2026-10', '2026-09'] });
      if (call.path === DETAIL) return memberOk(BILL);
      return undefined;
    });
    renderRoutes(routes, paths.vipBills);
    expect(screen.getByTestId('mi-bills-note').textContent).toContain('ready after the 5th');
    expect(screen.queryByTestId('mi-bills-pending')).toBeNull();
    expect((await screen.findByTestId('mi-bill-2026-09')).textContent).toContain('01 Sep 2026 – 30 Sep 2026');
    fireEvent.click(screen.getByTestId('mi-bill-2026-10'));
    expect((await screen.findByTestId('mi-bill-opening')).textContent).toBe('11,150');
    expect(screen.getByTestId('mi-bill-earned').textContent).toBe('1,250');
    expect(screen.getByTestId('mi-bill-spent').textContent).toBe('0');
    expect(screen.getByTestId('mi-bill-expired').textContent).toBe('0');
    expect(screen.getByTestId('mi-bill-closing').textContent).toBe('12,400');
    expect(screen.getByTestId('mi-bill-elite_segments').textContent).toBe('1');
    expect(screen.getByTestId('mi-bill-tx-0-what').textContent).toBe('WC101 KTI→SAI · 03 Oct 2026');
    expect(calls.find((c) => c.path === DETAIL)?.body).toEqual({ cycle: '2026-10' });
  });

  test('on the 3rd of December, November’s bill is still being made', async () => {
    vi.setSystemTime(new Date('2026-12-03T03:00:00.000Z'));
    installFakeApi((call) => (call.path === LIST ? memberOk({ list: ['2026-10'] }) : undefined));
    renderRoutes(routes, paths.vipBills);
    expect(screen.getByTestId('mi-bills-pending').textContent).toBe(
      'The bill of 01 Nov 2026 – 30 Nov 2026 will be ready on 06 Dec 2026.',
    );
  });

  test('this month’s bill is not asked for: the rules say it cannot be read yet', async () => {
    const calls = installFakeApi(() => undefined);
    renderRoutes(routes, `${paths.vipBillDetail}?cycle=2026-11`);
    expect((await screen.findByTestId('mi-bill-unavailable')).textContent).toContain(
      'last month’s is ready after the 5th',
    );
    expect(calls.filter((c) => c.path === DETAIL)).toEqual([]);
  });

  test('a cycle the server refuses: its 873 message', async () => {
    const calls = installFakeApi((call) =>
      call.path === DETAIL
        ? memberFail(
            ErrorCodes.mileageBillNotAvailable.code,
            formatMessage(ErrorCodes.mileageBillNotAvailable.key, 'en'),
          )
        : undefined,
    );
    renderRoutes(routes, `${paths.vipBillDetail}?cycle=2026-09`);
    expect((await screen.findByTestId('mi-bill-unavailable')).textContent).toBe(
      formatMessage(ErrorCodes.mileageBillNotAvailable.key, 'en'),
    );
    expect(calls.find((c) => c.path === DETAIL)?.body).toEqual({ cycle: '2026-09' });
  });

  test('no cycle yet: the empty state', async () => {
    installFakeApi((call) => (call.path === LIST ? memberOk({ list: [] }) : undefined));
    renderRoutes(routes, paths.vipBills);
    expect((await screen.findByTestId('mi-bills-empty')).textContent).toContain('No bills yet.');
  });
});
