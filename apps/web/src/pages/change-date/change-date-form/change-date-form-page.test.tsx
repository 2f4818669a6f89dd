import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays } from '@wings/rules';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { useChangeSession } from '../../../features/changes/change-session';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { DEP_DATE, RET_DATE, usd } from '../../../test/booking';
import {
  CB,
  CHANGE_NO,
  CHANGE_PHONE,
  changeHandler,
  checkChangeBlocked,
  checkChangeOk,
  ok,
} from '../../../test/change-flow';
import { installFakeApi } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import ChangeDateFormPage from './change-date-form-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.changeDateForm, element: <ChangeDateFormPage /> },
  { path: paths.changeDateFlight, element: <Where /> },
  { path: paths.paySelect, element: <Where /> },
  { path: paths.ticketDetail, element: <Where /> },
];
const AT = `${paths.changeDateForm}?orderNo=${ORDER_NO}`;

/** Opens the leg's calendar and taps `date` (turning to the next month when it is there). */
async function pickDate(segmentSeq: number, date: string) {
  fireEvent.click(screen.getByTestId(`change-date-${segmentSeq}`));
  const calendar = await screen.findByTestId(`change-day-${segmentSeq}-calendar`);
  if (!within(calendar).queryByTestId(`change-day-${segmentSeq}-${date}`)) {
    const next = calendar.querySelector(
      '.adm-calendar-arrow-button-right-month, .adm-calendar-arrow-button-right',
    );
    if (next) fireEvent.click(next);
  }
  fireEvent.click(await within(calendar).findByTestId(`change-day-${segmentSeq}-${date}`));
}

describe('change-date-form', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    useChangeSession.setState({ choice: null });
  });

  test("blocked: the block's message with customer service's phone as a call link", async () => {
    const calls = installFakeApi(
      changeHandler({ 'changeTicket/checkChange': () => ok(checkChangeBlocked()) }),
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('change-block-message')).textContent).toContain(
      'Online changes close 4 hours before departure',
    );
    expect(screen.getByTestId('change-call').getAttribute('href')).toBe('tel:+85523999888');
    expect(screen.getByTestId('change-call').textContent).toContain(CHANGE_PHONE);
    expect(screen.queryByTestId('change-form')).toBeNull();
    const call = calls.find((c) => c.path === `${CB}/changeTicket/checkChange`);
    expect(call?.body).toEqual({ orderNo: ORDER_NO });
    expect(call?.headers.orderToken).toBe('grant-1');
  });

  test('a confirmed change waiting for payment: continue paying it on pay-select', async () => {
    const pending = {
      changeNo: CHANGE_NO,
      amount: usd(12000),
      payDeadline: new Date(Date.now() + 600_000).toISOString(),
    };
    installFakeApi(
      changeHandler({
        'changeTicket/checkChange': () => ok(checkChangeOk({ changeable: false, pending })),
      }),
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('change-pending')).textContent).toContain('$120.00');
    fireEvent.click(screen.getByTestId('change-continue-pay'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.paySelect}?orderNo=${ORDER_NO}&changeNo=${CHANGE_NO}`,
    );
  });

  test('the legs, the fee per passenger per flight; the reason is required', async () => {
    installFakeApi(changeHandler({ 'changeTicket/checkChange': () => ok(checkChangeOk()) }));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('change-fee')).textContent).toBe(
      'Change fee: $50.00 per passenger per flight',
    );
    expect(screen.getByTestId('change-form-leg-0').textContent).toContain('WA101');
    expect(screen.getByTestId('change-form-leg-1').textContent).toContain('WA102');
    fireEvent.click(screen.getByTestId('change-next'));
    expect(screen.getByTestId('change-legs-error').textContent).toBe('Choose at least one flight to change.');
    fireEvent.click(within(screen.getByTestId('change-leg-check-0')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('change-next'));
    expect((await screen.findByTestId('change-reason-error')).textContent).toBe(
      'Choose a reason for the change.',
    );
    expect(screen.queryByTestId('where')).toBeNull();
  });

  test('a new outbound after the original return: the message next to the date, the date kept; a good one goes on', async () => {
    installFakeApi(changeHandler({ 'changeTicket/checkChange': () => ok(checkChangeOk()) }));
    renderRoutes(routes, AT);
    fireEvent.click(within(await screen.findByTestId('change-leg-check-0')).getByRole('checkbox'));
    const late = addDays(RET_DATE, 1);
    await pickDate(0, late);
    const error = await screen.findByTestId('change-date-error-0');
    expect(error.textContent).toMatch(
      /^The new outbound date cannot be later than the original return departure \(/,
    );
    expect(screen.getByTestId('change-date-0').textContent).toContain(late.slice(8, 10));
    fireEvent.click(screen.getByTestId('change-reason-plans_changed'));
    fireEvent.click(screen.getByTestId('change-next'));
    expect(screen.queryByTestId('where')).toBeNull();
    const good = addDays(DEP_DATE, 1);
    await pickDate(0, good);
    await waitFor(() => expect(screen.queryByTestId('change-date-error-0')).toBeNull());
    fireEvent.click(screen.getByTestId('change-next'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.changeDateFlight}?orderNo=${ORDER_NO}`,
    );
    const choice = useChangeSession.getState().choice;
    expect(choice?.legs).toEqual([{ segmentSeq: 0, date: good }]);
    expect(choice?.reasonCode).toBe('plans_changed');
    expect(choice?.kind).toBe('voluntary');
  });

  test('a return date before the new outbound is refused next to the return', async () => {
    useChangeSession.getState().setPlan(
      ORDER_NO,
      'voluntary',
      [
        { segmentSeq: 0, date: RET_DATE },
        { segmentSeq: 1, date: addDays(RET_DATE, -1) },
      ],
      'work',
      '',
    );
    installFakeApi(changeHandler({ 'changeTicket/checkChange': () => ok(checkChangeOk()) }));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('change-date-error-1')).textContent).toMatch(
      /^The new return date cannot be before the original departure/,
    );
    expect(screen.queryByTestId('change-date-error-0')).toBeNull();
  });

  test.each([
    ['zh', '改期费：每位旅客每航段 $50.00'],
    ['km', 'ថ្លៃប្តូរ៖ $50.00 ក្នុងម្នាក់ ក្នុងមួយជើងហោះហើរ'],
  ] as const)('in %s', async (lang, fee) => {
    await setLanguage(lang);
    installFakeApi(changeHandler({ 'changeTicket/checkChange': () => ok(checkChangeOk()) }));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('change-fee')).textContent).toBe(fee);
    await setLanguage('en');
  });
});
