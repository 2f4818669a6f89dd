import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { useChangeSession } from '../../../features/changes/change-session';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { usd } from '../../../test/booking';
import { CHANGE_NO, changeHandler, changeView, ok } from '../../../test/change-flow';
import { installFakeApi } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import ChangeDateCostPage from './change-date-cost-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.changeDateCost, element: <ChangeDateCostPage /> },
  { path: paths.changeDateConfirm, element: <Where /> },
  { path: paths.changeDateFlight, element: <Where /> },
];
const AT = `${paths.changeDateCost}?orderNo=${ORDER_NO}&changeNo=${CHANGE_NO}`;
const DETAIL = 'changeTicketInfo/queryChangeOrderDetail';

describe('change-date-cost', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    useChangeSession.setState({ choice: null });
  });

  test("each passenger's line, the totals, the lower-fare note and the quote's countdown", async () => {
    installFakeApi(changeHandler({ [DETAIL]: () => ok(changeView()) }));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('change-fares-0-0')).textContent).toBe('$200.00 → $220.00');
    expect(screen.getByTestId('change-line-total-0-0').textContent).toBe('$70.00');
    expect(screen.getByTestId('change-fares-1-0').textContent).toBe('$200.00 → $190.00');
    expect(screen.getByTestId('change-line-total-1-0').textContent).toBe('$50.00');
    expect(screen.getByTestId('change-total-fee').textContent).toBe('$100.00');
    expect(screen.getByTestId('change-original').textContent).toBe('$450.00');
    expect(screen.getByTestId('change-difference').textContent).toBe('$20.00');
    expect(screen.getByTestId('change-amount').textContent).toBe('$120.00');
    expect(screen.getByTestId('change-lower-fare').textContent).toBe(
      'A lower fare on the new flight is not refunded.',
    );
    expect(screen.getByTestId('change-countdown').textContent).toMatch(/^(19|20):\d\d$/);
    fireEvent.click(screen.getByTestId('change-cost-next'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.changeDateConfirm}?orderNo=${ORDER_NO}&changeNo=${CHANGE_NO}`,
    );
  });

  test('no lower fare: no note', async () => {
    const view = changeView();
    const lines = view.lines.map((l) => ({ ...l, newFare: usd(l.oldFare.amount + 1000) }));
    installFakeApi(changeHandler({ [DETAIL]: () => ok({ ...view, lines }) }));
    renderRoutes(routes, AT);
    await screen.findByTestId('change-totals');
    expect(screen.queryByTestId('change-lower-fare')).toBeNull();
  });

  test('the quote ran out: choose again, back to the flights', async () => {
    installFakeApi(
      changeHandler({
        [DETAIL]: () => ok(changeView({ expiresAt: new Date(Date.now() - 1000).toISOString() })),
      }),
    );
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('change-choose-again'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.changeDateFlight}?orderNo=${ORDER_NO}`,
    );
  });
});
