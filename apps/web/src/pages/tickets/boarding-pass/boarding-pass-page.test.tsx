import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { saveBoardingPasses, savedBoardingPasses } from '../../../features/check-in/boarding-pass-store';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { boardingPass, boardingPasses, CHECK_IN } from '../../../test/check-in';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import BoardingPassPage from './boarding-pass-page';

const routes = [{ path: paths.boardingPass, element: <BoardingPassPage /> }];
const AT = `${paths.boardingPass}?orderNo=${ORDER_NO}`;

function setOnline(on: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => on });
}

describe('boarding-pass', () => {
  beforeEach(() => {
    localStorage.clear();
    setOnline(true);
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
  });
  afterEach(() => setOnline(true));

  test("every checked-in passenger's pass with its QR code (the BCBP), seat, number and gate time; kept on the phone", async () => {
    const bundle = boardingPasses();
    installFakeApi((call: FakeCall) =>
      call.path === `${CHECK_IN}/getBoardingPasses` ? ok(bundle) : undefined,
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('bp-0-0-name')).textContent).toBe('SOK/DARA');
    expect(screen.getByTestId('bp-0-0-seat').textContent).toBe('12C');
    expect(screen.getByTestId('bp-0-0-gate').textContent).toBe('08:20');
    expect(screen.getByTestId('bp-0-0-departs').textContent).toBe('01 Dec 2026 08:30');
    expect(screen.getByTestId('bp-0-0-seq').textContent).toBe('007');
    expect(screen.getByTestId('bp-1-0-seat').textContent).toBe('12D');
    const qr = await screen.findByTestId('bp-0-0-qr');
    expect(qr.getAttribute('data-bcbp')).toBe(bundle.passes[0]!.bcbp);
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(qr.getAttribute('alt')).toBe('Boarding pass barcode of SOK/DARA, flight WA101');
    expect(screen.getByTestId('bp-saved')).toBeTruthy();
    expect(savedBoardingPasses(ORDER_NO)).toEqual(bundle);
  });

  test('offline: the passes kept on the phone open, saying when they were saved, without asking the server', async () => {
    saveBoardingPasses(boardingPasses([boardingPass(0)]));
    setOnline(false);
    const calls = installFakeApi(() => undefined);
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('bp-offline')).textContent).toContain(
      'Offline: showing the boarding passes saved on this phone at 01 Dec 2026',
    );
    expect(screen.getByTestId('bp-0-0-seat').textContent).toBe('12C');
    await screen.findByTestId('bp-0-0-qr');
    expect(calls.some((c) => c.path.startsWith(CHECK_IN))).toBe(false);
  });

  test('the server unreachable: the kept passes are shown', async () => {
    saveBoardingPasses(boardingPasses([boardingPass(0)]));
    installFakeApi((call: FakeCall) =>
      call.path === `${CHECK_IN}/getBoardingPasses` ? { status: 503, body: 'down' } : undefined,
    );
    renderRoutes(routes, AT);
    expect(await screen.findByTestId('bp-offline')).toBeTruthy();
  });

  test('nobody checked in (704): says so, offers check-in, and forgets passes kept for the order', async () => {
    saveBoardingPasses(boardingPasses([boardingPass(0)]));
    installFakeApi((call: FakeCall) =>
      call.path === `${CHECK_IN}/getBoardingPasses`
        ? {
            body: {
              code: '704',
              message: 'No passenger of this order is checked in yet, so there is no boarding pass.',
              data: null,
            },
          }
        : undefined,
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('bp-none')).textContent).toContain(
      'No boarding pass yet: check in first.',
    );
    await waitFor(() => expect(savedBoardingPasses(ORDER_NO)).toBeNull());
  });
});
