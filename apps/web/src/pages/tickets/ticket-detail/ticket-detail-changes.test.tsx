import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type OrderDetail, OrderPayStatus } from '@wings/contracts';
import { useLocation } from 'react-router';
import { describe, expect, test } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { useRefundSession } from '../../../features/refunds/refund-session';
import { signIn } from '../../../test/accounts';
import { type FakeCall, installFakeApi } from '../../../test/fake-api';
import {
  limitedOrderDetail,
  makeOrderDetail,
  ORDER_NO,
  orderDetailHandler,
  ticketsIssued,
} from '../../../test/orders';
import { reasonsReply, refundHandler } from '../../../test/refunds';
import { renderRoutes } from '../../../test/render';
import {
  CB,
  CHANGE_NO,
  canceled,
  disruptionsReply,
  ok,
  rescheduledHandler,
  retimed,
} from '../../../test/rescheduled';
import RequestRefundReasonPage from '../../refund/request-refund-reason/request-refund-reason-page';
import TicketDetailPage from './ticket-detail-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.ticketDetail, element: <TicketDetailPage /> },
  { path: paths.changeDateForm, element: <Where /> },
  { path: paths.changeDateFlight, element: <Where /> },
  { path: paths.rescheduledRecord, element: <Where /> },
  { path: paths.rescheduledDetail, element: <Where /> },
  { path: paths.requestNoTips, element: <Where /> },
  { path: paths.refundOrderDetail, element: <Where /> },
];
const AT = `${paths.ticketDetail}?orderNo=${ORDER_NO}`;
const QUERY = `${CB}/changeTicket/queryDisruption`;
const CHOOSE = `${CB}/changeTicket/chooseDisruption`;
const paid = () => ticketsIssued(makeOrderDetail());

function api(detail: () => OrderDetail, replies: Parameters<typeof rescheduledHandler>[0] = {}) {
  const orders = orderDetailHandler(detail);
  const changes = rescheduledHandler(replies);
  return installFakeApi((call: FakeCall) => changes(call) ?? orders(call));
}

describe("ticket detail's change entry", () => {
  test('a paid, ticketed order its owner manages: Change date opens the form, Change records the records of the order', async () => {
    signIn();
    api(paid);
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('change-entry')).textContent).toContain('Change date');
    fireEvent.click(screen.getByTestId('change-entry-start'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.changeDateForm}?orderNo=${ORDER_NO}`,
    );
  });

  test('the records of the order', async () => {
    signIn();
    api(paid);
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('change-entry-records'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.rescheduledRecord}?orderNo=${ORDER_NO}`,
    );
  });

  test('a guest who proved the order may change it; the records (a signed-in page) are not offered', async () => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    api(paid);
    renderRoutes(routes, AT);
    expect(await screen.findByTestId('change-entry-start')).toBeTruthy();
    expect(screen.queryByTestId('change-entry-records')).toBeNull();
  });

  test.each([
    ['unpaid', () => makeOrderDetail()],
    ['paid, tickets still being issued', () => makeOrderDetail({ status: OrderPayStatus.paid })],
    ['a guest without the right to manage it (PNR + surname)', () => limitedOrderDetail()],
  ])('not offered: %s', async (_case, detail) => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    api(detail);
    renderRoutes(routes, AT);
    await screen.findByTestId('order-head');
    expect(screen.queryByTestId('change-entry')).toBeNull();
  });
});

describe("ticket detail's banner when the airline changed a flight", () => {
  test('a pending retime: what changed at the airport, the reason, and three choices, in a region named by its heading', async () => {
    signIn();
    const calls = api(paid, { disruptions: () => ok(disruptionsReply(retimed())) });
    renderRoutes(routes, AT);
    const banner = await screen.findByRole('region', {
      name: 'Flight WA101 on 12 Dec 2026 was retimed from 08:30 to 11:30',
    });
    expect(within(banner).getByTestId('disruption-0-reason').textContent).toBe(
      'Reason: Aircraft maintenance',
    );
    expect(within(banner).getByTestId('disruption-0-accept').textContent).toBe('Accept the new time');
    expect(within(banner).getByTestId('disruption-0-move').textContent).toBe(
      'Choose another flight free of charge',
    );
    expect(within(banner).getByTestId('disruption-0-refund').textContent).toBe('Full refund without fee');
    expect(banner.textContent).toContain('from 09 Dec 2026 to 15 Dec 2026');
    expect(calls.find((c) => c.path === QUERY)?.body).toEqual({ orderNo: ORDER_NO });
    // At the top of the page, before the order's head.
    const head = screen.getByTestId('order-head');
    expect(banner.compareDocumentPosition(head) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test('a cancellation: no accepting; another flight opens the free move of that leg', async () => {
    signIn();
    api(paid, { disruptions: () => ok(disruptionsReply(canceled())) });
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('disruption-1-title')).textContent).toBe(
      'Flight WA102 on 17 Dec 2026 was canceled',
    );
    expect(screen.queryByTestId('disruption-1-accept')).toBeNull();
    fireEvent.click(screen.getByTestId('disruption-1-move'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.changeDateFlight}?orderNo=${ORDER_NO}&kind=disruption&segmentSeq=1`,
    );
  });

  test('accept: chooseDisruption with the flight, then the banner says it was accepted', async () => {
    signIn();
    let choice: 'pending' | 'accepted' = 'pending';
    const calls = api(paid, {
      disruptions: () => ok(disruptionsReply(retimed({ choice, mayAccept: choice === 'pending' }))),
      choose: () => {
        choice = 'accepted';
        return ok(disruptionsReply(retimed({ choice, mayAccept: false })));
      },
    });
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('disruption-0-accept'));
    expect((await screen.findByTestId('disruption-0-chosen')).textContent).toBe(
      'You accepted the new time (11:30). Your ticket stays valid.',
    );
    expect(calls.find((c) => c.path === CHOOSE)?.body).toEqual({
      orderNo: ORDER_NO,
      flightId: retimed().flightId,
      choice: 'accepted',
    });
    expect(screen.queryByTestId('disruption-0-choices')).toBeNull();
  });

  test('moved: the banner says so with the way to the change', async () => {
    signIn();
    api(paid, {
      disruptions: () =>
        ok(disruptionsReply(canceled({ choice: 'moved', changeNo: CHANGE_NO, mayMove: false }))),
    });
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('disruption-1-chosen')).textContent).toContain(
      'You moved to another flight.',
    );
    fireEvent.click(screen.getByTestId('disruption-1-change-link'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.rescheduledDetail}?orderNo=${ORDER_NO}&changeNo=${CHANGE_NO}`,
    );
  });

  test('refunded: the way to the refund', async () => {
    signIn();
    api(paid, {
      disruptions: () => ok(disruptionsReply(canceled({ choice: 'refunded', refundNo: 'R261124000042' }))),
    });
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('disruption-1-refund-link'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.refundOrderDetail}?orderNo=${ORDER_NO}&refundNo=R261124000042`,
    );
  });

  test('full refund: the refund flow, with the airline reason already chosen', async () => {
    signIn();
    api(paid, { disruptions: () => ok(disruptionsReply(canceled())) });
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('disruption-1-refund'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.requestNoTips}?orderNo=${ORDER_NO}`,
    );
    expect(useRefundSession.getState().choice?.reasonCode).toBe('flight_canceled');
  });

  test("the refund's reason page then shows the airline's reason chosen", async () => {
    signIn();
    installFakeApi(refundHandler({ getUserReasonList: () => ok(reasonsReply()) }));
    // What the banner's refund does, then the passengers chosen on the way.
    useRefundSession.getState().setReason(ORDER_NO, 'flight_canceled', '');
    useRefundSession.getState().begin(ORDER_NO);
    useRefundSession.getState().setSeqs(ORDER_NO, [0, 1]);
    renderRoutes(
      [{ path: paths.requestRefundReason, element: <RequestRefundReasonPage /> }],
      `${paths.requestRefundReason}?orderNo=${ORDER_NO}`,
    );
    await waitFor(() =>
      expect(screen.getByTestId('refund-reason-flight_canceled').querySelector('input')?.checked).toBe(true),
    );
  });

  test('read without the right to manage the order: what changed, and how to be able to choose', async () => {
    api(limitedOrderDetail, { disruptions: () => ok(disruptionsReply(retimed())) });
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    renderRoutes(routes, AT);
    expect(await screen.findByTestId('disruption-0-find')).toBeTruthy();
    expect(screen.queryByTestId('disruption-0-accept')).toBeNull();
  });

  test('an unpaid order is not asked about; no disruption, no banner', async () => {
    signIn();
    const calls = api(() => makeOrderDetail(), { disruptions: () => ok(disruptionsReply(retimed())) });
    renderRoutes(routes, AT);
    await screen.findByTestId('order-head');
    expect(calls.some((c) => c.path === QUERY)).toBe(false);
    expect(screen.queryByTestId('disruptions')).toBeNull();
  });

  test.each([
    ['zh', '您 2026年12月12日 的 WA101 航班起飞时间由 08:30 调整为 11:30', '接受新的时间'],
    ['km', 'ជើងហោះហើរ WA101 ថ្ងៃទី 12 ធ្នូ 2026 ត្រូវបានប្ដូរម៉ោងពី 08:30 ទៅ 11:30', 'ទទួលយកម៉ោងថ្មី'],
  ] as const)('in %s', async (lang, title, accept) => {
    await setLanguage(lang);
    signIn();
    api(paid, { disruptions: () => ok(disruptionsReply(retimed())) });
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('disruption-0-title')).textContent).toBe(title);
    expect(screen.getByTestId('disruption-0-accept').textContent).toBe(accept);
  });
});
