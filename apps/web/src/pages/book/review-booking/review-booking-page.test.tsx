import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { useBookingStore } from '../../../features/booking/booking-store';
import { formatCountdown } from '../../../features/orders/countdown';
import { orderGrantFor } from '../../../features/orders/order-session';
import { signIn } from '../../../test/accounts';
import { addonReplies } from '../../../test/addons';
import {
  fullParty,
  GOOD_CONTACT,
  makeOrder,
  makePrice,
  RET_DATE,
  startBooking,
  usd,
} from '../../../test/booking';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import ReviewBookingPage from './review-booking-page';

const routes = [
  { path: paths.reviewBooking, element: <ReviewBookingPage /> },
  { path: paths.flightList, element: <div data-testid="results-page" /> },
  { path: paths.login, element: <div data-testid="login-page" /> },
];

const PROMOS = [
  {
    code: 'WINGS10',
    title: { zh: '九五折', en: '10% off', km: 'បញ្ចុះ 10%' },
    kind: 'percent',
    value: 10,
    currency: null,
    minSpend: null,
    validFrom: '2026-01-01',
    validTo: '2099-12-31',
  },
  {
    code: 'BIG50',
    title: { zh: '满减', en: '$50 off big trips', km: 'បញ្ចុះ $50' },
    kind: 'amount',
    value: 5000,
    currency: 'USD',
    minSpend: usd(100000),
    validFrom: '2026-01-01',
    validTo: '2099-12-31',
  },
];

type Reply = { status?: number; body: unknown } | undefined;

/** The review's calls: price by promo code, the promo list, the captcha, and `save` for the order. */
function api(save: (call: FakeCall) => Reply = () => ok(makeOrder())) {
  return installFakeApi((call) => {
    if (call.path === '/api/travelsky/ibe/computePrice') {
      const code = (call.body as { promoCode?: string | null }).promoCode;
      if (code === 'WINGS10')
        return ok(
          makePrice({ discount: usd(7128), total: usd(64152), promo: { code, applied: true, reason: null } }),
        );
      if (code === 'BIG50')
        return ok(makePrice({ promo: { code, applied: false, reason: 'promo.min_spend' } }));
      if (code) return ok(makePrice({ promo: { code, applied: false, reason: 'promo.unknown' } }));
      return ok(makePrice());
    }
    if (call.path === '/api/ca/caweb/backend/usePromoCode/queryCodeList') return ok({ promotions: PROMOS });
    if (call.path === '/api/getCaptcha')
      return ok({ captchaId: 'cap-1', image: 'data:image/png;base64,iVBORw0KGgo=', expiresInSeconds: 120 });
    if (call.path === '/api/travelsky/ibe/saveTicketOrder') return save(call);
    return undefined;
  });
}

const tickTerms = () => {
  fireEvent.click(screen.getByTestId('terms-legal'));
  fireEvent.click(screen.getByTestId('terms-service'));
};
const saves = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/travelsky/ibe/saveTicketOrder');

describe('review-Booking', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  test('flights at local times, passengers, and the price by type, tax code, and total', async () => {
    api();
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    renderRoutes(routes, paths.reviewBooking);
    expect((await screen.findByTestId('review-segment-0-dep')).textContent).toBe('08:30');
    expect(screen.getByTestId('review-segment-1-dep').textContent).toBe('18:00');
    expect(screen.getByTestId('review-passenger-child-0').textContent).toContain('SOK MEALEA');
    expect(screen.getByTestId('review-addons')).toBeTruthy();

    expect((await screen.findByTestId('price-line-adult')).textContent).toBe('Adult × 2 · $208.00$416.00');
    expect(screen.getByTestId('price-line-child').textContent).toBe('Child × 1 · $156.00$156.00');
    expect(screen.getByTestId('price-line-infant').textContent).toBe('Infant × 1 · $20.80$20.80');
    expect(screen.getByTestId('price-tax-KH').textContent).toBe(
      'Cambodia passenger service charge (KH)$60.00',
    );
    expect(screen.getByTestId('price-tax-TS').textContent).toContain('$40.00');
    expect(screen.getByTestId('price-tax-YQ').textContent).toContain('$20.00');
    expect(screen.getByTestId('price-tax-total').textContent).toContain('$120.00');
    expect(screen.queryByTestId('price-discount')).toBeNull();
    expect(screen.getByTestId('price-total').textContent).toContain('$712.80');
    expect(screen.getByTestId('review-total').textContent).toBe('$712.80');
  });

  test('a promo code: refused with its reason, then one from the list applied with the discount', async () => {
    const calls = api();
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    renderRoutes(routes, paths.reviewBooking);
    await screen.findByTestId('price-total');

    fireEvent.change(screen.getByTestId('promo-input'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('promo-apply'));
    expect((await screen.findByTestId('promo-status')).textContent).toBe('This promo code does not exist.');

    fireEvent.click(await screen.findByTestId('promo-option-BIG50'));
    await waitFor(() =>
      expect(screen.getByTestId('promo-status').textContent).toBe(
        'This promo code needs a spend of at least $1,000.00.',
      ),
    );

    fireEvent.click(screen.getByTestId('promo-option-WINGS10'));
    await waitFor(() =>
      expect(screen.getByTestId('promo-status').textContent).toBe('Code WINGS10 applied: you save $71.28.'),
    );
    expect(screen.getByTestId('price-discount').textContent).toBe('Discount WINGS10−$71.28');
    expect(screen.getByTestId('review-total').textContent).toBe('$641.52');
    expect(
      calls
        .filter((c) => c.path.endsWith('/computePrice'))
        .map((c) => (c.body as { promoCode: unknown }).promoCode),
    ).toEqual([null, 'NOPE', 'BIG50', 'WINGS10']);
  });

  test('both terms must be ticked before the order is sent', async () => {
    const calls = api();
    signIn();
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    renderRoutes(routes, paths.reviewBooking);
    await screen.findByTestId('price-total');
    fireEvent.click(screen.getByTestId('terms-legal'));
    fireEvent.click(screen.getByTestId('review-submit'));
    expect(screen.getByTestId('terms-error').textContent).toBe(
      'Please read and tick the legal and service terms.',
    );
    expect(saves(calls)).toHaveLength(0);
    expect(screen.queryByTestId('review-captcha')).toBeNull();
  });

  test('a double tap and a retry send one idempotency key; then the order, PNR and countdown show', async () => {
    let replies = 0;
    const calls = api(() => {
      replies += 1;
      return replies === 1
        ? { status: 500, body: { code: '500', message: 'The system is running poorly.', data: null } }
        : ok(makeOrder());
    });
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    renderRoutes(routes, paths.reviewBooking);
    await screen.findByTestId('price-total');
    await waitFor(() => expect(screen.getByTestId('captcha-image').querySelector('img')).toBeTruthy());
    tickTerms();
    fireEvent.change(screen.getByTestId('captcha-input'), { target: { value: 'ab12' } });
    fireEvent.click(screen.getByTestId('review-submit'));
    fireEvent.click(screen.getByTestId('review-submit'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('review-submit').classList).not.toContain('adm-button-loading'),
    );

    fireEvent.click(screen.getByTestId('review-submit'));
    expect((await screen.findByTestId('order-no')).textContent).toBe('W202612010001');
    const keys = saves(calls).map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(saves(calls)[0]?.body).toMatchObject({
      offerId: 'offer-1',
      captchaId: 'cap-1',
      captcha: 'ab12',
      acceptTerms: true,
      promoCode: null,
      contact: { name: 'DARA SOK', email: 'dara@example.com' },
    });
    expect(screen.getByTestId('order-pnr').textContent).toBe('KXP4TN');
    expect(screen.getByTestId('order-amount').textContent).toBe('$712.80');
    expect(screen.getByTestId('order-countdown').textContent).toMatch(/^(19|20):\d\d$/);
    expect(screen.queryByTestId('payment-note')).toBeNull();
    expect(screen.getByTestId('order-pay-now').textContent).toBe('Pay now $712.80');
  });

  test('a changed request gets a fresh idempotency key; the same request keeps its key over a reload', async () => {
    const calls = api(() => ({
      status: 500,
      body: { code: '500', message: 'The system is running poorly.', data: null },
    }));
    signIn();
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    const first = renderRoutes(routes, paths.reviewBooking);
    await screen.findByTestId('price-total');
    tickTerms();
    fireEvent.click(screen.getByTestId('review-submit'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('review-submit').classList).not.toContain('adm-button-loading'),
    );

    // The page is reloaded: the same request goes with the same key (the order may exist already).
    first.unmount();
    renderRoutes(routes, paths.reviewBooking);
    await screen.findByTestId('price-total');
    tickTerms();
    fireEvent.click(screen.getByTestId('review-submit'));
    await waitFor(() => expect(saves(calls)).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByTestId('review-submit').classList).not.toContain('adm-button-loading'),
    );

    // A promo code changes the request: the server would refuse the old key for it (615).
    fireEvent.click(await screen.findByTestId('promo-option-WINGS10'));
    await waitFor(() => expect(screen.getByTestId('price-discount')).toBeTruthy());
    fireEvent.click(screen.getByTestId('review-submit'));
    await waitFor(() => expect(saves(calls)).toHaveLength(3));
    const keys = saves(calls).map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(saves(calls)[2]?.body).toMatchObject({ promoCode: 'WINGS10' });
  });

  test('614: the limit on unpaid holds shows the server message on the page', async () => {
    const message =
      'You have 3 unpaid orders, the most allowed at once. Pay one, or let one lapse at its payment deadline, before booking another.';
    api(() => ({ body: { code: '614', message, data: { limit: 3, unpaidOrders: 3, seatsHeld: 3 } } }));
    signIn();
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    renderRoutes(routes, paths.reviewBooking);
    await screen.findByTestId('price-total');
    tickTerms();
    fireEvent.click(screen.getByTestId('review-submit'));
    expect((await screen.findByTestId('review-problem-held')).textContent).toBe(message);
    expect(screen.getByTestId('review-submit').hasAttribute('disabled')).toBe(false);
  });

  test('Pay now opens pay-select for the order, and the order grant is kept for the detail pages', async () => {
    api(() => ok(makeOrder({ orderToken: 'grant-1', orderTokenExpiresAt: '2099-01-01T00:00:00Z' })));
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    const { router } = renderRoutes(
      [...routes, { path: paths.paySelect, element: <div data-testid="pay-select-page" /> }],
      paths.reviewBooking,
    );
    await screen.findByTestId('price-total');
    tickTerms();
    fireEvent.change(screen.getByTestId('captcha-input'), { target: { value: 'ab12' } });
    fireEvent.click(screen.getByTestId('review-submit'));
    fireEvent.click(await screen.findByTestId('order-pay-now'));
    await screen.findByTestId('pay-select-page');
    expect(router.state.location.pathname).toBe(paths.paySelect);
    expect(router.state.location.search).toBe('?orderNo=W202612010001');
    expect(orderGrantFor('W202612010001')).toBe('grant-1');
  });

  test('the countdown ticks down and, at zero, says the booking expired', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api();
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    useBookingStore.setState({
      order: makeOrder({ payDeadline: new Date(Date.now() + 65_000).toISOString() }),
    });
    renderRoutes(routes, paths.reviewBooking);
    expect((await screen.findByTestId('order-countdown')).textContent).toBe('01:05');
    await act(async () => {
      vi.advanceTimersByTime(6_000);
    });
    expect(screen.getByTestId('order-countdown').textContent).toBe('00:59');
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByTestId('order-expired').textContent).toContain('this booking has expired');
    expect(screen.getByTestId('book-again')).toBeTruthy();
    expect(formatCountdown(20 * 60_000)).toBe('20:00');
  });

  test('609: the guest sees the nationality message and a login button that comes back to review', async () => {
    api(() => ({
      body: {
        code: '609',
        message: 'Without logging in, only passengers of these nationalities can be booked: KH, CN, TH.',
        data: { fields: [{ field: 'passengers.0.nationality', key: 'passenger_limit', message: 'limit' }] },
      },
    }));
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    const { router } = renderRoutes(routes, paths.reviewBooking);
    await screen.findByTestId('price-total');
    tickTerms();
    fireEvent.change(screen.getByTestId('captcha-input'), { target: { value: 'ab12' } });
    fireEvent.click(screen.getByTestId('review-submit'));
    expect((await screen.findByTestId('review-problem-limit')).textContent).toContain('KH, CN, TH');
    expect(useBookingStore.getState().passengerErrors['adult-0']?.nationality?.key).toBe('passenger_limit');
    fireEvent.click(screen.getByTestId('passenger-limit-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(paths.reviewBooking)}`);
  });

  test('602: a wrong captcha shows on the captcha and a new picture is fetched', async () => {
    const calls = api(() => ({ body: { code: '602', message: 'wrong', data: { captchaRequired: true } } }));
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    renderRoutes(routes, paths.reviewBooking);
    await screen.findByTestId('price-total');
    tickTerms();
    fireEvent.click(screen.getByTestId('review-submit'));
    expect((await screen.findByTestId('field-error-captcha')).textContent).toBe(
      'Enter the characters in the picture.',
    );
    fireEvent.change(screen.getByTestId('captcha-input'), { target: { value: 'zzzz' } });
    fireEvent.click(screen.getByTestId('review-submit'));
    expect((await screen.findByTestId('field-error-captcha')).textContent).toBe(
      'The verification code is incorrect.',
    );
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/getCaptcha')).toHaveLength(2));
  });

  test('a guest gets another captcha picture from its button, and can enlarge the picture', async () => {
    let captchas = 0;
    const calls = installFakeApi((call) => {
      if (call.path === '/api/getCaptcha') {
        captchas += 1;
        return ok({
          captchaId: `cap-${captchas}`,
          image: `data:image/png;base64,${captchas}`,
          expiresInSeconds: 120,
        });
      }
      if (call.path === '/api/travelsky/ibe/computePrice') return ok(makePrice());
      if (call.path === '/api/ca/caweb/backend/usePromoCode/queryCodeList') return ok({ promotions: PROMOS });
      if (call.path === '/api/travelsky/ibe/saveTicketOrder') return ok(makeOrder());
      return undefined;
    });
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    renderRoutes(routes, paths.reviewBooking);
    await screen.findByTestId('price-total');
    const src = () => screen.getByTestId('captcha-image').querySelector('img')?.getAttribute('src');
    await waitFor(() => expect(src()).toBe('data:image/png;base64,1'));
    const answer = screen.getByLabelText<HTMLInputElement>('Verification code');
    expect(answer).toBe(screen.getByTestId('captcha-input'));
    fireEvent.change(answer, { target: { value: 'ab' } });

    fireEvent.click(screen.getByRole('button', { name: 'Show another picture' }));
    await waitFor(() => expect(src()).toBe('data:image/png;base64,2'));
    expect(answer.value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Enlarge the picture' }));
    expect(screen.getByTestId('captcha-image').getAttribute('aria-pressed')).toBe('true');

    tickTerms();
    fireEvent.change(answer, { target: { value: 'cd34' } });
    fireEvent.click(screen.getByTestId('review-submit'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]?.body).toMatchObject({ captchaId: 'cap-2', captcha: 'cd34' });
  });

  test('301: the offer expired; the traveller goes back to the results', async () => {
    signIn();
    api(() => ({ body: { code: '301', message: 'expired', data: null } }));
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    const { router } = renderRoutes(routes, paths.reviewBooking);
    await screen.findByTestId('price-total');
    tickTerms();
    fireEvent.click(screen.getByTestId('review-submit'));
    expect((await screen.findByTestId('review-problem-restart')).textContent).toBe(
      'This booking is no longer valid or has expired. Please start again.',
    );
    fireEvent.click(screen.getByTestId('back-to-search'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.flightList));
    expect(useBookingStore.getState().offer).toBeNull();
  });

  describe('with add-ons (issue 14)', () => {
    /** Review's calls with add-ons: computePrice prices them in, addIncreaseService lists them. */
    function addonApi(save: (call: FakeCall) => Reply = () => ok(makeOrder())) {
      const replies = addonReplies();
      return installFakeApi((call) => {
        if (call.path === '/api/travelsky/ibe/computePrice') {
          const body = call.body as { services?: unknown };
          return ok(body.services ? makePrice({ addons: usd(4696), total: usd(75976) }) : makePrice());
        }
        if (call.path === '/api/travelsky/ibe/saveTicketOrder') return save(call);
        return replies(call);
      });
    }
    function chooseAddons() {
      const store = useBookingStore.getState();
      store.setLegService('adult-0', 0, { seat: '12C', baggageKg: 10 });
      store.setLegService('adult-0', 1, { seat: '14A' });
      store.setRefundUpgrade('child-0', true);
    }

    test('priced into the total, listed per passenger and leg, and sent with the order', async () => {
      const calls = addonApi();
      signIn();
      startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
      chooseAddons();
      renderRoutes(routes, paths.reviewBooking);
      expect((await screen.findByTestId('price-addons')).textContent).toBe('Add-ons$46.96');
      expect(screen.getByTestId('review-total').textContent).toBe('$759.76');
      const priced = calls.filter((c) => c.path.endsWith('/computePrice'));
      expect(priced.at(-1)?.body).toMatchObject({
        offerId: 'offer-1',
        services: [
          { legs: [{ seat: '12C', baggageKg: 10 }, { seat: '14A' }] },
          null,
          { refundUpgrade: true },
          null,
        ],
        passengers: [{ passengerType: 1 }, { passengerType: 1 }, { passengerType: 2 }, { passengerType: 3 }],
      });
      expect(screen.queryByText(/coming release/)).toBeNull();
      await waitFor(() =>
        expect(screen.getByTestId('review-addon-adult-0-12-0').textContent).toBe('Seat 12C · Outbound$10.00'),
      );
      expect(screen.getByTestId('review-addon-adult-0-13-0').textContent).toBe(
        '+10 kg baggage · Outbound$22.00',
      );
      expect(screen.getByTestId('review-addon-adult-0-12-1').textContent).toBe('Seat 14A · Return$10.00');
      // The upgrade is one line per leg at the server: the whole trip's price is their sum.
      expect(screen.getByTestId('review-addon-child-0-ERT').textContent).toBe(
        'Enhanced Refundable Ticket · Whole trip$37.44',
      );
      expect(screen.queryByTestId('review-addons-adult-1')).toBeNull();

      tickTerms();
      fireEvent.click(screen.getByTestId('review-submit'));
      expect(await screen.findByTestId('order-no')).toBeTruthy();
      expect(saves(calls)[0]?.body).toMatchObject({
        services: [
          { legs: [{ seat: '12C', baggageKg: 10 }, { seat: '14A' }] },
          null,
          { refundUpgrade: true },
          null,
        ],
      });
    });

    test('other add-ons are another request: a fresh idempotency key', async () => {
      const calls = addonApi(() => ({
        status: 500,
        body: { code: '500', message: 'The system is running poorly.', data: null },
      }));
      signIn();
      startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
      chooseAddons();
      renderRoutes(routes, paths.reviewBooking);
      await screen.findByTestId('price-addons');
      tickTerms();
      fireEvent.click(screen.getByTestId('review-submit'));
      await waitFor(() => expect(saves(calls)).toHaveLength(1));
      await waitFor(() =>
        expect(screen.getByTestId('review-submit').classList).not.toContain('adm-button-loading'),
      );
      act(() => useBookingStore.getState().setLegService('adult-0', 0, { baggageKg: 5 }));
      fireEvent.click(screen.getByTestId('review-submit'));
      await waitFor(() => expect(saves(calls)).toHaveLength(2));
      const keys = saves(calls).map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
      expect(keys[1]).not.toBe(keys[0]);
    });

    test('640: a chosen seat was taken meanwhile; back to that leg’s seat map with the message', async () => {
      addonApi(() => ({
        body: {
          code: '640',
          message: 'Seat 14A has just been taken. Please choose another seat.',
          data: { seats: [{ flightId: `WA102-${RET_DATE}`, seat: '14A' }] },
        },
      }));
      signIn();
      startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
      chooseAddons();
      const { router } = renderRoutes(
        [...routes, { path: paths.chooseSeat, element: <div data-testid="choose-seat-page" /> }],
        paths.reviewBooking,
      );
      await screen.findByTestId('price-addons');
      tickTerms();
      fireEvent.click(screen.getByTestId('review-submit'));
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.chooseSeat));
      expect(router.state.location.search).toBe('?leg=1');
      expect(
        await screen.findByText('Seat 14A has just been taken. Please choose another seat.'),
      ).toBeTruthy();
      const adult = useBookingStore.getState().services['adult-0'];
      expect(adult?.legs[1]?.seat).toBeNull();
      expect(adult?.legs[0]?.seat).toBe('12C');
    });
  });
});
