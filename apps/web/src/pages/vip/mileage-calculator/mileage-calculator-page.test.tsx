import { fireEvent, screen, within } from '@testing-library/react';
import { ErrorCodes, formatMessage } from '@wings/contracts';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { routeMetaOf } from '../../../app/route-meta';
import { installFakeApi } from '../../../test/fake-api';
import { memberFail, memberOk, resetMemberStore } from '../../../test/members';
import { renderRoutes } from '../../../test/render';
import MileageCalculatorPage from './mileage-calculator-page';

const RATES = '/api/fqt/consumer/calculator/queryEarnRates';
const EARN = '/api/fqt/consumer/calculator/earnMileage';
const AWARD = '/api/fqt/consumer/calculator/awardMileage';
const routes = [{ path: paths.vipCalculator, element: <MileageCalculatorPage /> }];

const RATE_LIST = {
  list: [
    { letter: 'Y', family: 'Flex', cabin: 'Y', earnRatePercent: 100 },
    { letter: 'Q', family: 'Saver', cabin: 'Y', earnRatePercent: 50 },
    { letter: 'C', family: 'Business', cabin: 'C', earnRatePercent: 150 },
  ],
};

async function chooseAirport(field: 'depCode' | 'arrCode', code: string) {
  fireEvent.click(screen.getByTestId(`mi-calc-${field}`));
  fireEvent.click(await screen.findByTestId(`airport-option-${code}`));
}

describe('mileage calculators', () => {
  // Anyone may use them: no member session in these tests.
  beforeEach(() => resetMemberStore());

  test('open to everyone', () => {
    expect(routeMetaOf(paths.vipCalculator).requiresMember).toBeFalsy();
  });

  test('miles earned: every field is required, the ticket types follow the cabin, the result card', async () => {
    const calls = installFakeApi((call) => {
      if (call.path === RATES) return memberOk(RATE_LIST);
      if (call.path === EARN)
        return memberOk({
          distanceMiles: 143,
          earnRatePercent: 50,
          baseMiles: 71,
          bonusMiles: 17,
          totalMiles: 88,
          eliteMiles: 71,
          eliteSegments: 1,
        });
      return undefined;
    });
    renderRoutes(routes, paths.vipCalculator);
    fireEvent.click(screen.getByTestId('mi-calc-submit'));
    expect((await screen.findByTestId('field-error-depCode')).textContent).toBe('Departure cannot be empty.');
    await chooseAirport('depCode', 'KTI');
    await chooseAirport('arrCode', 'SAI');
    fireEvent.click(screen.getByTestId('mi-calc-submit'));
    expect((await screen.findByTestId('field-error-cabin')).textContent).toBe('Cabin cannot be empty.');
    fireEvent.click(screen.getByTestId('mi-calc-cabin-Y'));
    const select = screen.getByTestId('mi-calc-fareClass');
    // Economy's ticket types only.
    await within(select).findByText('Q (Saver, 50%)');
    expect(within(select).queryByText('C (Business, 150%)')).toBeNull();
    fireEvent.click(screen.getByTestId('mi-calc-submit'));
    expect((await screen.findByTestId('field-error-fareClass')).textContent).toBe(
      'Ticket type cannot be empty.',
    );
    fireEvent.change(select, { target: { value: 'Q' } });
    fireEvent.click(screen.getByTestId('mi-calc-submit'));
    expect((await screen.findByTestId('field-error-level')).textContent).toBe('Level cannot be empty.');
    fireEvent.click(screen.getByTestId('mi-calc-level-1'));
    fireEvent.click(screen.getByTestId('mi-calc-submit'));
    expect((await screen.findByTestId('mi-calc-total')).textContent).toBe('This flight earns 88 miles');
    expect(screen.getByTestId('mi-calc-bonus').textContent).toBe('17');
    expect(calls.find((c) => c.path === EARN)?.body).toEqual({
      depCode: 'KTI',
      arrCode: 'SAI',
      cabin: 'Y',
      fareClass: 'Q',
      level: 1,
    });
  });

  test('miles needed: one way by default, return doubles; a route the server cannot price shows its 876', async () => {
    let unknown = true;
    const calls = installFakeApi((call) => {
      if (call.path === RATES) return memberOk(RATE_LIST);
      if (call.path === AWARD) {
        if (unknown)
          return memberFail(
            ErrorCodes.mileageUnknownRoute.code,
            formatMessage(ErrorCodes.mileageUnknownRoute.key, 'en'),
          );
        return memberOk({ distanceMiles: 143, zone: 1, oneWayMiles: 4_500, totalMiles: 9_000 });
      }
      return undefined;
    });
    renderRoutes(routes, `${paths.vipCalculator}?tab=award`);
    expect(screen.getByTestId('mi-calc-tab-award').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('mi-calc-fareClass')).toBeNull();
    await chooseAirport('depCode', 'KTI');
    await chooseAirport('arrCode', 'BKK');
    fireEvent.click(screen.getByTestId('mi-calc-cabin-C'));
    fireEvent.click(screen.getByTestId('mi-calc-submit'));
    expect((await screen.findByTestId('mi-calc-server-error')).textContent).toBe(
      'This cannot be worked out: there is no such route, cabin or ticket type.',
    );
    unknown = false;
    await chooseAirport('arrCode', 'SAI');
    fireEvent.click(screen.getByTestId('mi-calc-trip-1'));
    fireEvent.click(screen.getByTestId('mi-calc-submit'));
    expect((await screen.findByTestId('mi-calc-total')).textContent).toBe(
      'This award needs 9,000 miles per person',
    );
    expect(screen.getByTestId('mi-calc-one-way').textContent).toBe('4,500');
    expect(calls.filter((c) => c.path === AWARD).at(-1)?.body).toEqual({
      depCode: 'KTI',
      arrCode: 'SAI',
      cabin: 'C',
      tripType: 1,
    });
  });
});
