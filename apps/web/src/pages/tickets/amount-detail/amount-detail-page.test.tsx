import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { signIn } from '../../../test/accounts';
import { installFakeApi } from '../../../test/fake-api';
import { makeOrderDetail, ORDER_NO, orderDetailHandler } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import AmountDetailPage from './amount-detail-page';

const routes = [{ path: paths.amountDetail, element: <AmountDetailPage /> }];
const AT = `${paths.amountDetail}?orderNo=${ORDER_NO}`;

/** "$1,234.56" → 123456 */
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);
const amountOf = (testId: string) => cents(screen.getByTestId(testId).lastElementChild?.textContent ?? '');

describe('amount-detail', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('fares by type, each tax by code, add-ons, the promo discount; the lines add up to the total', async () => {
    signIn();
    installFakeApi(orderDetailHandler(() => makeOrderDetail()));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('amount-fare-1')).textContent).toBe('Adult × 1$800.00');
    expect(screen.getByTestId('amount-fare-2').textContent).toBe('Child × 1$600.00');
    expect(screen.getByTestId('amount-fare-total').textContent).toBe('Fares$1,400.00');
    expect(screen.getByTestId('amount-tax-KH').textContent).toBe('Tax KH · KH$50.00');
    expect(screen.getByTestId('amount-tax-TS').textContent).toBe('Tax TS · TS$30.56');
    expect(screen.getByTestId('amount-tax-YQ').textContent).toBe('Fuel surcharge · YQ$20.00');
    expect(screen.getByTestId('amount-tax-total').textContent).toBe('Taxes and fees$100.56');
    expect(screen.getByTestId('amount-addon-13').textContent).toBe('Extra baggage$25.00');
    expect(screen.getByTestId('amount-discount').textContent).toBe('Discount WINGS10−$291.00');
    expect(screen.getByTestId('amount-promo').textContent).toBe('Promo codeWINGS10');
    expect(screen.getByTestId('amount-total').textContent).toBe('Total$1,234.56');

    const fares = amountOf('amount-fare-1') + amountOf('amount-fare-2');
    expect(fares).toBe(amountOf('amount-fare-total'));
    const taxes = ['KH', 'TS', 'YQ'].reduce((s, code) => s + amountOf(`amount-tax-${code}`), 0);
    expect(taxes).toBe(amountOf('amount-tax-total'));
    expect(
      amountOf('amount-fare-total') +
        amountOf('amount-tax-total') +
        amountOf('amount-addon-total') -
        amountOf('amount-discount'),
    ).toBe(amountOf('amount-total'));
  });

  test('no add-ons and no discount: those lines are left out', async () => {
    signIn();
    const base = makeOrderDetail();
    installFakeApi(
      orderDetailHandler(() => ({
        ...base,
        price: {
          ...base.price,
          addons: [],
          addonTotal: { amount: 0, currency: 'USD' },
          discount: { amount: 0, currency: 'USD' },
          promoCode: null,
          total: { amount: 150056, currency: 'USD' },
        },
      })),
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('amount-total')).textContent).toBe('Total$1,500.56');
    expect(screen.queryByTestId('amount-discount')).toBeNull();
    expect(screen.queryByTestId('amount-addon-total')).toBeNull();
    expect(screen.queryByTestId('amount-promo')).toBeNull();
  });
});
