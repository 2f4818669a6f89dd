import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { signIn } from '../../../test/accounts';
import { usd } from '../../../test/booking';
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

  test('fares by type, each tax as "label (code)", add-ons, the promo discount; the lines add up to the total', async () => {
    signIn();
    installFakeApi(orderDetailHandler(() => makeOrderDetail()));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('amount-fare-1')).textContent).toBe('Adult × 1$800.00');
    expect(screen.getByTestId('amount-fare-2').textContent).toBe('Child × 1$600.00');
    expect(screen.getByTestId('amount-fare-total').textContent).toBe('Fares$1,400.00');
    // Issue 10 item 12: the label, then the code once (was "Tax KH · KH").
    expect(screen.getByTestId('amount-tax-KH').textContent).toBe(
      'Cambodia passenger service charge (KH)$50.00',
    );
    expect(screen.getByTestId('amount-tax-TS').textContent).toBe(
      'Thailand passenger service charge (TS)$30.56',
    );
    expect(screen.getByTestId('amount-tax-YQ').textContent).toBe('Fuel surcharge (YQ)$20.00');
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

  test.each([
    ['zh', '柬埔寨旅客服务费（KH）', '航空安全费（E7）', '税费 ZZ'],
    ['km', 'ថ្លៃសេវាអ្នកដំណើរកម្ពុជា (KH)', 'ថ្លៃសុវត្ថិភាព និងសន្តិសុខអាកាសចរណ៍ (E7)', 'ពន្ធ ZZ'],
    ['en', 'Cambodia passenger service charge (KH)', 'Aviation safety and security fee (E7)', 'Tax ZZ'],
  ] as const)(
    'names each tax in %s once, with its code; a code without a label reads as a tax',
    async (lang, kh, e7, unknown) => {
      await setLanguage(lang);
      signIn();
      const base = makeOrderDetail();
      installFakeApi(
        orderDetailHandler(() => ({
          ...base,
          price: {
            ...base.price,
            taxes: [
              { code: 'KH', amount: usd(5000) },
              { code: 'E7', amount: usd(3056) },
              { code: 'ZZ', amount: usd(2000) },
            ],
          },
        })),
      );
      renderRoutes(routes, AT);
      const label = async (code: string) =>
        (await screen.findByTestId(`amount-tax-${code}`)).firstElementChild?.textContent;
      expect(await label('KH')).toBe(kh);
      expect(await label('E7')).toBe(e7);
      expect(await label('ZZ')).toBe(unknown);
      for (const code of ['KH', 'E7', 'ZZ']) {
        const text = screen.getByTestId(`amount-tax-${code}`).textContent ?? '';
        expect(text.split(code).length - 1, `${code} printed once`).toBe(1);
      }
    },
  );

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

  test('each add-on of the order with its passenger and leg (issue 14 addonLines)', async () => {
    signIn();
    const base = makeOrderDetail();
    const [first, second] = base.passengers;
    installFakeApi(
      orderDetailHandler(() => ({
        ...base,
        price: {
          ...base.price,
          addons: [
            { code: '12', amount: usd(1000) },
            { code: '13', amount: usd(2200) },
          ],
          addonTotal: usd(5200),
          addonLines: [
            { code: '12', passengerSeq: first!.seq, leg: 0, seat: '12C', amount: usd(1000) },
            { code: '13', passengerSeq: second!.seq, leg: 1, weightKg: 10, amount: usd(2200) },
            { code: 'ERT', passengerSeq: first!.seq, leg: 0, amount: usd(1000) },
            { code: 'ERT', passengerSeq: first!.seq, leg: 1, amount: usd(1000) },
          ],
          total: usd(150056 - 29100 + 5200),
        },
      })),
    );
    renderRoutes(routes, AT);
    const name = (p: typeof first) => [p!.surname, p!.middleName, p!.givenName].filter(Boolean).join(' ');
    expect((await screen.findByTestId('amount-addon-line-0')).textContent).toBe(
      `Seat 12C · ${name(first)} · Outbound$10.00`,
    );
    expect(screen.getByTestId('amount-addon-line-1').textContent).toBe(
      `+10 kg baggage · ${name(second)} · Return$22.00`,
    );
    expect(screen.getByTestId('amount-addon-line-3').textContent).toBe(
      `Enhanced Refundable Ticket · ${name(first)} · Return$10.00`,
    );
    // The lines replace the sums per kind.
    expect(screen.queryByTestId('amount-addon-13')).toBeNull();
    expect(screen.getByTestId('amount-addon-total').textContent).toBe('Add-on services$52.00');
  });
});
