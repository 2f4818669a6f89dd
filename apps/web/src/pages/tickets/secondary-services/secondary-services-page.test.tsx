import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { useAddonSession } from '../../../features/secondary-services/addon-session';
import { usd } from '../../../test/booking';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { BASIC, COVER, GRADE_PATH, gradesReply } from '../../../test/insurance';
import { makeOrderDetail, ORDER_NO, orderDetailHandler, ticketsIssued } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import {
  addonOrder,
  cutoffBar,
  infoLeg,
  infoPassenger,
  makeAddonInfo,
  SEC,
  SEC_ORDER_NO,
} from '../../../test/secondary-services';
import SecondaryServicesPage from './secondary-services-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.secondaryServices, element: <SecondaryServicesPage /> },
  { path: paths.paySelect, element: <Where /> },
  { path: paths.secondarySeat, element: <Where /> },
  { path: paths.ticketDetail, element: <Where /> },
];
const AT = `${paths.secondaryServices}?orderNo=${ORDER_NO}&seq=0`;

type Reply = { status?: number; body: unknown } | undefined;

function api(info = makeAddonInfo(), extra: (call: FakeCall) => Reply = () => undefined) {
  const detail = orderDetailHandler(() => ticketsIssued(makeOrderDetail()));
  return installFakeApi((call) => {
    if (call.path === `${SEC}/infoList`) return ok(info);
    const answered = extra(call);
    if (answered) return answered;
    if (call.path === GRADE_PATH) return ok(gradesReply({ insuredCount: 1 }));
    if (call.path === `${SEC}/getInsurancePrice`) {
      return ok({
        insuranceType: BASIC.insuranceType,
        insuredCount: 1,
        cover: COVER,
        unitPrice: usd(900),
        totalPrice: usd(900),
      });
    }
    return detail(call);
  });
}

/** The outbound within 24 hours; priority boarding blocked for 15 minutes after a payment given up. */
const barred = () =>
  makeAddonInfo([
    infoPassenger(0, {
      legs: [
        infoLeg(0, {
          bar: cutoffBar('01 Dec 2026 08:30'),
          offers: { seat: false, baggage: [], priority: null },
        }),
        infoLeg(1, { seat: '14C' }),
      ],
      serviceBars: [
        {
          serviceCode: 11,
          bar: {
            reason: 'blocked',
            message: 'You can buy this again at 14:35.',
            opensAt: '2026-12-01T07:35:00.000Z',
          },
        },
      ],
    }),
    infoPassenger(1),
  ]);

describe('secondary-services (add-ons after ticketing)', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    useAddonSession.setState({ keys: {}, payments: {} });
  });

  test('per leg what the passenger has and can buy with prices; the 24-hour bar and the 15-minute block where they apply', async () => {
    const calls = api(barred());
    renderRoutes(routes, AT);
    const seat = await screen.findByTestId('sec-service-12');
    // The passenger and their ticket.
    expect(screen.getByTestId('sec-passenger').textContent).toContain('SOK/DARA');
    expect(screen.getByTestId('sec-passenger').textContent).toContain('9991000000001');
    // Outbound: within 24 hours, said in the seat, baggage and priority cards; nothing to buy there.
    for (const code of [12, 13, 11]) {
      expect(screen.getByTestId(`sec-leg-bar-${code}-0`).textContent).toContain(
        'Add-ons can no longer be bought for this flight: it departs at 01 Dec 2026 08:30',
      );
    }
    expect(screen.queryByTestId('sec-choose-seat-0')).toBeNull();
    expect(screen.queryByTestId('sec-bag-0-10')).toBeNull();
    // Return: the seat they have, and a change; baggage steps with their prices.
    expect(within(seat).getByTestId('sec-seat-leg-1').textContent).toContain('Your seat: 14C');
    expect(screen.getByTestId('sec-choose-seat-1').textContent).toBe('Change seat');
    const step = screen.getByTestId('sec-bag-1-10').closest('label');
    expect(step?.textContent).toBe('+10 kg$28.00');
    // Priority: blocked after a payment given up, with when it opens again; the offer cannot be ticked.
    const priority = screen.getByTestId('sec-service-11');
    expect(within(priority).getByTestId('sec-bar-11').textContent).toBe('You can buy this again at 14:35.');
    expect((screen.getByTestId('sec-prio-1') as HTMLInputElement).disabled).toBe(true);
    expect(priority.textContent).toContain('$8.00');
    // Insurance: the cover of the rest of the trip.
    await waitFor(() =>
      expect(screen.getByTestId('sec-service-10').textContent).toContain('Covers the rest of your trip'),
    );
    // The guest's grant rides along.
    expect(calls.find((c) => c.path === `${SEC}/infoList`)?.headers.orderToken).toBe('grant-1');
  });

  test('an add-on order waiting for payment: its bar offers "Continue paying", which opens its pay-select', async () => {
    api(
      makeAddonInfo([
        infoPassenger(0, {
          serviceBars: [
            {
              serviceCode: 13,
              bar: {
                reason: 'pending',
                message: `Add-on order ${SEC_ORDER_NO} is waiting for payment: pay it or give it up first.`,
                secOrderNo: SEC_ORDER_NO,
              },
            },
          ],
          addonOrders: [addonOrder()],
        }),
      ]),
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('sec-bar-13')).textContent).toContain('is waiting for payment');
    expect(screen.getByTestId(`sec-orders-${SEC_ORDER_NO}-status`).textContent).toBe('Awaiting payment');
    fireEvent.click(screen.getByTestId('sec-bar-13-pay'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.paySelect}?secOrderNo=${SEC_ORDER_NO}&orderNo=${ORDER_NO}`,
    );
  });

  test('buying extra baggage makes an add-on order with one key per purchase, then opens pay-select for it', async () => {
    let attempts = 0;
    const calls = api(makeAddonInfo(), (call) => {
      if (call.path !== `${SEC}/createOrder`) return undefined;
      attempts++;
      // The first answer is lost on the way: the retry must not make a second order.
      if (attempts === 1) return { status: 503, body: 'busy' };
      return ok({
        orderNo: SEC_ORDER_NO,
        secOrderNo: SEC_ORDER_NO,
        totalAmt: usd(2800),
        serviceCode: 13,
        payDeadline: new Date(Date.now() + 15 * 60_000).toISOString(),
        lines: addonOrder().lines,
      });
    });
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('sec-bag-0-10'));
    fireEvent.click(screen.getByTestId('sec-buy-baggage'));
    await waitFor(() => expect(attempts).toBe(1));
    await screen.findByTestId('sec-problem-13');
    fireEvent.click(screen.getByTestId('sec-buy-baggage'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.paySelect}?secOrderNo=${SEC_ORDER_NO}&orderNo=${ORDER_NO}`,
    );
    const made = calls.filter((c) => c.path === `${SEC}/createOrder`);
    expect(made).toHaveLength(2);
    const [first, second] = made.map((c) => c.body as Record<string, unknown>);
    expect(first).toEqual({
      orderNo: ORDER_NO,
      seq: 0,
      serviceCode: 13,
      legs: [0],
      baggageKg: 10,
      idempotencyKey: expect.any(String),
    });
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(made[0]?.headers.orderToken).toBe('grant-1');
  });

  test('different steps on the two flights are one purchase each: the page says so and sends nothing', async () => {
    const calls = api();
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('sec-bag-0-10'));
    fireEvent.click(screen.getByTestId('sec-bag-1-5'));
    fireEvent.click(screen.getByTestId('sec-buy-baggage'));
    expect((await screen.findByTestId('sec-bag-mixed')).textContent).toContain('the same weight');
    expect(calls.some((c) => c.path === `${SEC}/createOrder`)).toBe(false);
  });

  test('a refusal is said in the server words (within 24 hours, code 660)', async () => {
    api(makeAddonInfo(), (call) =>
      call.path === `${SEC}/createOrder`
        ? {
            body: {
              code: '660',
              message: cutoffBar('01 Dec 2026 08:30').message,
              data: { departure: '2026-12-01T01:30:00.000Z', flightNo: 'WA101' },
            },
          }
        : undefined,
    );
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('sec-prio-0'));
    fireEvent.click(screen.getByTestId('sec-buy-priority'));
    expect((await screen.findByTestId('sec-problem-11')).textContent).toContain(
      'less than 24 hours from now',
    );
  });

  test('insurance: the plans for the rest of the trip, the chosen plan priced by getInsurancePrice, then the insured form', async () => {
    const calls = api();
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId(`sec-plan-${BASIC.insuranceType}`));
    expect((await screen.findByTestId('sec-insurance-price')).textContent).toBe(
      'Price for the rest of the trip: $9.00',
    );
    expect(calls.find((c) => c.path === GRADE_PATH)?.body).toEqual({
      startDate: COVER.coverFrom,
      endDate: COVER.coverTo,
      currency: 'USD',
      insuredCount: 1,
    });
    expect(calls.find((c) => c.path === `${SEC}/getInsurancePrice`)?.body).toEqual({
      orderNo: ORDER_NO,
      seq: 0,
      insuranceType: BASIC.insuranceType,
    });
    expect(screen.getByTestId('secondary-insured-form')).toBeTruthy();
    expect(screen.getByTestId('secondary-buy-insurance').textContent).toContain('$9.00');
  });

  test('in Chinese and Khmer the page speaks the language', async () => {
    api();
    for (const [lang, title] of [
      ['zh', '额外行李'],
      ['km', 'ឥវ៉ាន់បន្ថែម'],
    ] as const) {
      await setLanguage(lang);
      const view = renderRoutes(routes, AT);
      expect((await screen.findByTestId('sec-service-13')).textContent).toContain(title);
      view.unmount();
    }
  });
});
