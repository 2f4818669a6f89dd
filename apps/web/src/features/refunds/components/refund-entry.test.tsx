import { fireEvent, screen } from '@testing-library/react';
import { OrderPayStatus } from '@wings/contracts';
import { useLocation } from 'react-router';
import { describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import TicketDetailPage from '../../../pages/tickets/ticket-detail/ticket-detail-page';
import { signIn } from '../../../test/accounts';
import { installFakeApi } from '../../../test/fake-api';
import {
  limitedOrderDetail,
  makeOrderDetail,
  ORDER_NO,
  orderDetailHandler,
  ticketsIssued,
} from '../../../test/orders';
import { renderRoutes } from '../../../test/render';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.ticketDetail, element: <TicketDetailPage /> },
  { path: paths.requestNoTips, element: <Where /> },
  { path: paths.refundOrderList, element: <Where /> },
];
const AT = `${paths.ticketDetail}?orderNo=${ORDER_NO}`;

describe("ticket detail's refund entry", () => {
  test('a paid, ticketed order its owner manages: Refund leads to the order-level check; the records too', async () => {
    signIn();
    installFakeApi(orderDetailHandler(() => ticketsIssued(makeOrderDetail())));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('refund-entry')).textContent).toContain('Request a refund');
    fireEvent.click(screen.getByTestId('refund-entry-start'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.requestNoTips}?orderNo=${ORDER_NO}`,
    );
  });

  test('a member who linked the order reads the limited view and may still refund it', async () => {
    signIn();
    installFakeApi(orderDetailHandler(() => ({ ...limitedOrderDetail(), mayManage: true })));
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('refund-entry-start'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.requestNoTips}?orderNo=${ORDER_NO}`,
    );
  });

  test.each([
    ['unpaid', () => makeOrderDetail()],
    ['paid, tickets still being issued', () => makeOrderDetail({ status: OrderPayStatus.paid })],
    ['read through PNR + surname (the limited view)', () => limitedOrderDetail()],
  ])('not offered: %s', async (_case, detail) => {
    signIn();
    installFakeApi(orderDetailHandler(detail));
    renderRoutes(routes, AT);
    await screen.findByTestId('order-head');
    expect(screen.queryByTestId('refund-entry')).toBeNull();
  });
});
