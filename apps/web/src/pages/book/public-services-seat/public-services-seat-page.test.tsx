import { screen } from '@testing-library/react';
import { SEAT_TYPE_VALUES } from '@wings/contracts';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { installFakeApi } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import PublicServicesSeatPage, { SEAT_TYPES } from './public-services-seat-page';

const routes = [{ path: paths.publicServicesSeat, element: <PublicServicesSeatPage /> }];

describe('online seat selection explained', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('the seat types and the rules, with the ages the seat rules apply', async () => {
    installFakeApi();
    renderRoutes(routes, paths.publicServicesSeat);
    expect((await screen.findByTestId('seat-info-type-PFST')).textContent).toContain('Business (PFST)');
    expect(screen.getByTestId('seat-info-type-UPST').textContent).toContain('Front economy (UPST)');
    expect(screen.getByTestId('seat-info-type-SEAT').textContent).toContain('Standard (SEAT)');
    const rules = screen.getByTestId('seat-info-rules').textContent ?? '';
    expect(rules).toContain('The first row of a cabin is not for passengers under 12 or over 60.');
    expect(rules).toContain('Emergency exit rows are not for passengers under 18 or over 60');
    expect(rules).toContain('neither a first-row nor an exit-row seat');
    expect(rules).toContain('take no seat');
    expect(screen.getByTestId('seat-info').textContent).toContain('freed for other travellers');
  });

  test("the page's seat types are the contracts'", () => {
    expect(SEAT_TYPES).toEqual(SEAT_TYPE_VALUES);
  });

  test('in Khmer', async () => {
    installFakeApi();
    await setLanguage('km');
    renderRoutes(routes, paths.publicServicesSeat);
    const rules = (await screen.findByTestId('seat-info-rules')).textContent ?? '';
    expect(rules).toContain('ជួរច្រកចេញបន្ទាន់ មិនសម្រាប់អ្នកដំណើរអាយុក្រោម 18 ឆ្នាំ ឬលើសពី 60 ឆ្នាំទេ');
  });
});
