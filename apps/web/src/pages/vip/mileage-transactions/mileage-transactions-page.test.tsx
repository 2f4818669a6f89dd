import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { routeMetaOf } from '../../../app/route-meta';
import { makeTransaction } from '../../../features/mileage/mileage-test-data';
import { installFakeApi } from '../../../test/fake-api';
import { memberFail, memberOk, resetMemberStore, signInMember } from '../../../test/members';
import { renderRoutes } from '../../../test/render';
import MileageTransactionsPage from './mileage-transactions-page';

const LIST = '/api/fqt/consumer/mileage/queryTransactionList';
const routes = [{ path: paths.vipTransactions, element: <MileageTransactionsPage /> }];

const page = (list: ReturnType<typeof makeTransaction>[], p: number, total: number) =>
  memberOk({ list, total, page: p, pageSize: 20 });

describe('mileage transactions', () => {
  beforeEach(() => {
    resetMemberStore();
    signInMember();
  });

  test('needs a member session', () => {
    expect(routeMetaOf(paths.vipTransactions).requiresMember).toBe(true);
  });

  test('lists date, type, status, flight and signed miles; filters by type; loads more', async () => {
    const earned = makeTransaction();
    const used = makeTransaction({
      id: 'tx-2',
      tradingType: 1,
      status: 2,
      kind: 'redemption',
      miles: -4_500,
      flight: null,
      expiresAt: null,
      occurredAt: '2026-11-01T03:00:00.000Z',
    });
    const calls = installFakeApi((call) => {
      if (call.path !== LIST) return undefined;
      const body = call.body as { tradingType?: number; page: number };
      if (body.tradingType === 1) return page([used], 1, 1);
      // 21 rows: a full first page of 20, the 21st on the second.
      const first = [used, ...Array.from({ length: 19 }, (_, i) => makeTransaction({ id: `tx-x${i}` }))];
      return body.page === 1 ? page(first, 1, 21) : page([earned], 2, 21);
    });
    renderRoutes(routes, paths.vipTransactions);
    expect((await screen.findByTestId('mi-tx-0-type')).textContent).toBe('Used');
    expect(screen.getByTestId('mi-tx-0-status').textContent).toBe('Processing');
    expect(screen.getByTestId('mi-tx-0-what').textContent).toBe('Award ticket');
    expect(screen.getByTestId('mi-tx-0-miles').textContent).toBe('-4,500');
    expect(screen.getByTestId('mi-tx-0-miles').className).toContain('mi-minus');
    fireEvent.click(screen.getByTestId('mi-tx-more'));
    expect((await screen.findByTestId('mi-tx-20-what')).textContent).toBe('WC101 KTI→SAI · 03 Oct 2026');
    expect(screen.getByTestId('mi-tx-20-miles').textContent).toBe('+1,250');
    expect(screen.getByTestId('mi-tx-20-miles').className).toContain('mi-plus');
    expect(screen.queryByTestId('mi-tx-20-status')).toBeNull();
    expect(screen.queryByTestId('mi-tx-more')).toBeNull();
    expect(calls.filter((c) => c.path === LIST).map((c) => c.body)).toEqual([
      { page: 1, pageSize: 20 },
      { page: 2, pageSize: 20 },
    ]);

    fireEvent.click(screen.getByTestId('mi-tx-filter-1'));
    await waitFor(() => expect(screen.queryByTestId('mi-tx-1')).toBeNull());
    expect(calls.at(-1)?.body).toEqual({ tradingType: 1, page: 1, pageSize: 20 });
    expect(calls.at(-1)?.headers.vipToken).toBe('vip-1');
  });

  test('no transactions: the empty state', async () => {
    installFakeApi((call) => (call.path === LIST ? page([], 1, 0) : undefined));
    renderRoutes(routes, paths.vipTransactions);
    expect((await screen.findByTestId('mi-tx-empty')).textContent).toContain('No mileage transactions yet.');
  });

  test('a failure: the error state with a retry', async () => {
    installFakeApi((call) => (call.path === LIST ? memberFail('500', 'System busy') : undefined));
    renderRoutes(routes, paths.vipTransactions);
    expect(await screen.findByTestId('mi-tx-error')).toBeTruthy();
  });
});
