import { fireEvent, screen, within } from '@testing-library/react';
import type { ChangeServiceCarry } from '@wings/contracts';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { useChangeSession } from '../../../features/changes/change-session';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { DEP_DATE } from '../../../test/booking';
import { CB, CHANGE_NO, changeHandler, changeView, ok } from '../../../test/change-flow';
import { installFakeApi } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import ChangeDateAddedServicesPage from './change-date-added-services-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.changeDateAddedServices, element: <ChangeDateAddedServicesPage /> },
  { path: paths.changeDateCost, element: <Where /> },
];
const AT = `${paths.changeDateAddedServices}?orderNo=${ORDER_NO}&changeNo=${CHANGE_NO}`;
const COST = `${paths.changeDateCost}?orderNo=${ORDER_NO}&changeNo=${CHANGE_NO}`;

const carry = (
  code: string,
  passengerSeq: number,
  outcome: ChangeServiceCarry['outcome'],
  note: string,
  before: string | null = null,
): ChangeServiceCarry => ({
  passengerSeq,
  passengerName: passengerSeq === 0 ? 'SOK/DARA' : 'KEO/RITH',
  segmentSeq: code === '10' ? null : 0,
  code,
  outcome,
  before,
  note,
});

const SERVICES = [
  carry('11', 0, 'carried', 'Kept on the new flight'),
  carry('13', 1, 'carried', 'Kept on the new flight'),
  carry(
    '12',
    0,
    'reseat',
    'Seat 12C is released; a seat of the same kind is chosen for you on the new flight.',
    '12C',
  ),
  carry('10', 0, 'carried', 'The insured period moves with the new dates.'),
  carry('10', 1, 'carried', 'The insured period moves with the new dates.'),
];

describe('change-date-added-services', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    useChangeSession.setState({ choice: null });
    useChangeSession
      .getState()
      .setPlan(ORDER_NO, 'voluntary', [{ segmentSeq: 0, date: DEP_DATE }], 'plans_changed', '');
  });

  test('no add-ons: straight on to the cost', async () => {
    const calls = installFakeApi(
      changeHandler({ 'changeTicketInfo/queryChangeOrderDetail': () => ok(changeView()) }),
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('where')).textContent).toBe(COST);
    const read = calls.find((c) => c.path === `${CB}/changeTicketInfo/queryChangeOrderDetail/${CHANGE_NO}`);
    expect(read?.headers.orderToken).toBe('grant-1');
  });

  test('each add-on and what becomes of it; insurance needs its agreement accepted', async () => {
    installFakeApi(
      changeHandler({
        'changeTicketInfo/queryChangeOrderDetail': () => ok(changeView({ services: SERVICES })),
      }),
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('change-services-11')).textContent).toContain('Priority boarding');
    expect(screen.getByTestId('change-services-13').textContent).toContain('KEO/RITH');
    expect(screen.getByTestId('change-old-seat-0').textContent).toBe('Seat before: 12C');
    expect(screen.getByTestId('change-insured-list').textContent).toBe('SOK/DARAKEO/RITH');
    fireEvent.click(screen.getByTestId('change-services-next'));
    expect(screen.getByTestId('change-insurance-error').textContent).toBe(
      'Please read and accept the insurance agreement.',
    );
    expect(screen.queryByTestId('where')).toBeNull();
    fireEvent.click(screen.getByTestId('change-read-agreement'));
    expect((await screen.findByTestId('change-agreement-text')).textContent).toContain('policy moves');
    fireEvent.click(screen.getByTestId('change-agreement-accept'));
    expect(within(screen.getByTestId('change-insurance-accept')).getByRole('checkbox')).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(screen.getByTestId('change-services-next'));
    expect((await screen.findByTestId('where')).textContent).toBe(COST);
    expect(useChangeSession.getState().choice?.insuranceAccepted).toBe(true);
  });

  test('a lapsed quote (728): choose the flights again', async () => {
    installFakeApi(
      changeHandler({
        'changeTicketInfo/queryChangeOrderDetail': () => ({
          body: {
            code: '728',
            message:
              'This change was not confirmed in time and its seats went back. Please choose your flights again.',
            data: null,
          },
        }),
      }),
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('change-expired')).textContent).toContain('not confirmed in time');
  });
});
