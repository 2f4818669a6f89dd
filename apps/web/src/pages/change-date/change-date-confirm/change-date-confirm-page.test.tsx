import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { useChangeSession } from '../../../features/changes/change-session';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { DEP_DATE } from '../../../test/booking';
import { CB, CHANGE_NO, changeHandler, changeView, ok, refusal } from '../../../test/change-flow';
import { type FakeCall, installFakeApi } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import ChangeDateConfirmPage from './change-date-confirm-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.changeDateConfirm, element: <ChangeDateConfirmPage /> },
  { path: paths.rescheduledDetail, element: <Where /> },
  { path: paths.paySelect, element: <Where /> },
  { path: paths.changeDateFlight, element: <Where /> },
];
const AT = `${paths.changeDateConfirm}?orderNo=${ORDER_NO}&changeNo=${CHANGE_NO}`;

function api(save: (call: FakeCall) => { status?: number; body: unknown }) {
  return installFakeApi(
    changeHandler({
      'changeTicketInfo/queryChangeOrderDetail': () => ok(changeView()),
      'changeTicket/saveChangeOrder': save,
    }),
  );
}

async function confirm() {
  fireEvent.click(within(await screen.findByTestId('change-terms')).getByRole('checkbox'));
  fireEvent.click(screen.getByTestId('change-confirm-submit'));
}

describe('change-date-confirm', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    useChangeSession.setState({ choice: null });
    useChangeSession
      .getState()
      .setPlan(ORDER_NO, 'voluntary', [{ segmentSeq: 0, date: DEP_DATE }], 'plans_changed', '');
  });

  test('old → new flights, the passengers and the amount; the terms come first', async () => {
    const calls = api(() => ok(changeView({ status: 'unpaid' })));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('change-leg-from-0')).textContent).toContain('WA101');
    expect(screen.getByTestId('change-leg-to-0').textContent).toContain('WA103');
    // 05:00 UTC is 12:00 in Phnom Penh.
    expect(screen.getByTestId('change-leg-to-0').textContent).toContain('12:00');
    expect(screen.getByTestId('change-confirm-passengers').textContent).toContain('KEO/RITH');
    expect(screen.getByTestId('change-confirm-total').textContent).toBe('$120.00');
    fireEvent.click(screen.getByTestId('change-confirm-submit'));
    expect(screen.getByTestId('change-terms-error')).toBeTruthy();
    expect(calls.some((c) => c.path === `${CB}/changeTicket/saveChangeOrder`)).toBe(false);
  });

  test('confirmed with nothing to pay: succeeded, on to its record', async () => {
    const calls = api(() => ok(changeView({ status: 'succeeded', payStatus: 1, rescheduledStatus: 1 })));
    renderRoutes(routes, AT);
    await confirm();
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.rescheduledDetail}?orderNo=${ORDER_NO}&changeNo=${CHANGE_NO}`,
    );
    expect(calls.find((c) => c.path === `${CB}/changeTicket/saveChangeOrder`)?.body).toEqual({
      changeNo: CHANGE_NO,
      insuranceAccepted: false,
    });
    expect(useChangeSession.getState().choice).toBeNull();
  });

  test('confirmed with an amount to pay: unpaid, on to pay-select with the change', async () => {
    api(() =>
      ok(changeView({ status: 'unpaid', payDeadline: new Date(Date.now() + 1_200_000).toISOString() })),
    );
    renderRoutes(routes, AT);
    await confirm();
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.paySelect}?orderNo=${ORDER_NO}&changeNo=${CHANGE_NO}`,
    );
  });

  test('the quote lapsed meanwhile (728): choose again', async () => {
    api(() =>
      refusal(
        '728',
        'This change was not confirmed in time and its seats went back. Please choose your flights again.',
      ),
    );
    renderRoutes(routes, AT);
    await confirm();
    fireEvent.click(await screen.findByTestId('change-choose-again'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.changeDateFlight}?orderNo=${ORDER_NO}`,
    );
  });
});
