import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, test } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { routeMetaOf } from '../../../app/route-meta';
import { signIn } from '../../../test/accounts';
import { installFakeApi } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import {
  CB,
  CHANGE_NO,
  changedView,
  changeListItem,
  changeView,
  ok,
  rescheduledHandler,
} from '../../../test/rescheduled';
import RescheduledRecordPage from './rescheduled-record-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.rescheduledRecord, element: <RescheduledRecordPage /> },
  { path: paths.rescheduledDetail, element: <Where /> },
  { path: paths.paySelect, element: <Where /> },
  { path: paths.ticketDetail, element: <Where /> },
  { path: paths.more, element: <Where /> },
];
const OLD = 'C2611010000007';
const LIST = `${CB}/changeTicketInfo/queryChangeOrderList`;
const listed = () =>
  ok({ list: [changeListItem(changeView()), changeListItem(changedView({ changeNo: OLD }))], total: 2 });

describe('rescheduled-record (the traveller change records)', () => {
  test('for a signed-in traveller only', () => {
    expect(routeMetaOf(paths.rescheduledRecord).requiresLogin).toBe(true);
  });

  test("each change with its state, the legs old → new at the airport's time and the amount; a tap opens it", async () => {
    signIn();
    const calls = installFakeApi(rescheduledHandler({ list: listed }));
    renderRoutes(routes, `${paths.rescheduledRecord}?orderNo=${ORDER_NO}`);
    expect((await screen.findByTestId(`change-row-status-${CHANGE_NO}`)).textContent).toBe(
      'Awaiting payment',
    );
    expect(screen.getByTestId(`change-row-status-${OLD}`).textContent).toBe('Changed');
    expect(screen.getByTestId(`change-row-amount-${CHANGE_NO}`).textContent).toBe('$120.00');
    expect(screen.getByTestId(`change-row-leg-${CHANGE_NO}-0-old`).textContent).toContain(
      'WA101 12 Dec 2026 08:30 KTI → 09:55 BKK',
    );
    expect(screen.getByTestId(`change-row-leg-${CHANGE_NO}-0-new`).textContent).toContain(
      'WA101 14 Dec 2026 08:30 KTI → 09:55 BKK',
    );
    expect(calls.find((c) => c.path === LIST)?.body).toEqual({ orderNo: ORDER_NO, pageNum: 1, pageSize: 20 });
    // Only the change waiting for its payment offers Pay.
    expect(screen.queryByTestId(`change-row-pay-${OLD}`)).toBeNull();
    fireEvent.click(screen.getByTestId(`change-row-open-${OLD}`));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.rescheduledDetail}?orderNo=${ORDER_NO}&changeNo=${OLD}`,
    );
  });

  test('an unpaid change is paid from its row: pay-select with the order and the change', async () => {
    signIn();
    installFakeApi(rescheduledHandler({ list: listed }));
    renderRoutes(routes, paths.rescheduledRecord);
    fireEvent.click(await screen.findByTestId(`change-row-pay-${CHANGE_NO}`));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.paySelect}?orderNo=${ORDER_NO}&changeNo=${CHANGE_NO}`,
    );
  });

  test('an unpaid change past its deadline and an expired one offer no payment', async () => {
    signIn();
    const late = changeView({ payDeadline: new Date(Date.now() - 60_000).toISOString() });
    const expired = changeView({ changeNo: OLD, status: 'expired', payStatus: 2 });
    installFakeApi(
      rescheduledHandler({ list: () => ok({ list: [late, expired].map(changeListItem), total: 2 }) }),
    );
    renderRoutes(routes, paths.rescheduledRecord);
    expect((await screen.findByTestId(`change-row-status-${OLD}`)).textContent).toBe('Expired');
    expect(screen.queryByTestId(`change-row-pay-${CHANGE_NO}`)).toBeNull();
    expect(screen.queryByTestId(`change-row-pay-${OLD}`)).toBeNull();
  });

  test('more than a page: Show more asks for the next page and adds it', async () => {
    signIn();
    const calls = installFakeApi(
      rescheduledHandler({
        list: (call) =>
          (call.body as { pageNum: number }).pageNum === 1
            ? ok({ list: [changeListItem(changeView())], total: 2 })
            : ok({ list: [changeListItem(changedView({ changeNo: OLD }))], total: 2 }),
      }),
    );
    renderRoutes(routes, paths.rescheduledRecord);
    fireEvent.click(await screen.findByTestId('change-list-more'));
    expect(await screen.findByTestId(`change-row-${OLD}`)).toBeTruthy();
    expect(calls.filter((c) => c.path === LIST).map((c) => c.body)).toEqual([
      { pageNum: 1, pageSize: 20 },
      { pageNum: 2, pageSize: 20 },
    ]);
    expect(screen.queryByTestId('change-list-more')).toBeNull();
    expect(within(screen.getByTestId('change-list')).getAllByRole('listitem')).toHaveLength(2);
  });

  test('none yet: said, with the way back to the order', async () => {
    signIn();
    installFakeApi(rescheduledHandler({ list: () => ok({ list: [], total: 0 }) }));
    renderRoutes(routes, `${paths.rescheduledRecord}?orderNo=${ORDER_NO}`);
    const empty = await screen.findByTestId('change-list-empty');
    expect(empty.textContent).toContain('No changes yet');
    fireEvent.click(within(empty).getByRole('button', { name: 'Back to the order' }));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.ticketDetail}?orderNo=${ORDER_NO}`,
    );
  });

  test.each([
    ['zh', '待支付', '改期成功', '2026年12月14日'],
    ['km', 'រង់ចាំការទូទាត់', 'បានប្ដូររួច', '14 ធ្នូ 2026'],
  ] as const)('in %s', async (lang, unpaid, changed, newDate) => {
    await setLanguage(lang);
    signIn();
    installFakeApi(rescheduledHandler({ list: listed }));
    renderRoutes(routes, paths.rescheduledRecord);
    expect((await screen.findByTestId(`change-row-status-${CHANGE_NO}`)).textContent).toBe(unpaid);
    expect(screen.getByTestId(`change-row-status-${OLD}`).textContent).toBe(changed);
    expect(screen.getByTestId(`change-row-leg-${CHANGE_NO}-0-new`).textContent).toContain(newDate);
  });
});
