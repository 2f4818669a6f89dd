import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { useBookingStore } from '../../../features/booking/booking-store';
import { useInsuranceDraft } from '../../../features/insurance/insurance-draft-store';
import { formatDate, money } from '../../../lib/format';
import { fullParty, startBooking, usd } from '../../../test/booking';
import { installFakeApi } from '../../../test/fake-api';
import {
  BASIC,
  COVER,
  GRADE_PATH,
  goodEntry,
  goodInfo,
  gradesReply,
  insuranceHandler,
  PRICE_PATH,
  resetInsuranceDraft,
} from '../../../test/insurance';
import { renderRoutes } from '../../../test/render';
import InsuranceAgreementPage from '../insurance-agreement/insurance-agreement-page';
import InsuranceFillInfoPage from '../insurance-fill-info/insurance-fill-info-page';
import InsurancePassengerListPage from './insurance-passenger-list-page';

const routes = [
  { path: paths.insurancePassengerList, element: <InsurancePassengerListPage /> },
  { path: paths.insuranceFillInfo, element: <InsuranceFillInfoPage /> },
  { path: paths.insuranceAgreement, element: <InsuranceAgreementPage /> },
  { path: paths.addedServices, element: <p data-testid="added-services-hub">hub</p> },
];
const type = (id: string, value: string) =>
  fireEvent.change(screen.getByTestId<HTMLInputElement>(id), { target: { value } });
const insuranceOf = (slot: 'adult-0' | 'adult-1' | 'child-0' | 'infant-0') =>
  useBookingStore.getState().services[slot]?.insurance ?? null;

beforeEach(() => resetInsuranceDraft());
afterEach(() => vi.unstubAllGlobals());

describe('insurance passenger-list: plans, passengers, total and agreement', () => {
  test('each plan shows its cover with limits and its price per insured; the cover dates and the 7-day extension', async () => {
    const calls = installFakeApi(insuranceHandler());
    startBooking([2, 1, 1], fullParty());
    renderRoutes(routes, paths.insurancePassengerList);
    const basic = await screen.findByTestId('insurance-plan-TRAVEL_BASIC');
    expect(basic.textContent).toContain('Basic cover');
    expect(screen.getByTestId('insurance-plan-price-TRAVEL_BASIC').textContent).toContain(money(usd(900)));
    expect(screen.getByTestId('insurance-plan-price-TRAVEL_PLUS').textContent).toContain(money(usd(1500)));
    expect(screen.getByTestId('insurance-plan-cover-TRAVEL_BASIC-medical').textContent).toBe(
      `Medical expenses abroad up to ${money(usd(5_000_000))}`,
    );
    const cover = screen.getByTestId('insurance-cover').textContent ?? '';
    expect(cover).toContain(formatDate(COVER.coverFrom, 'en'));
    expect(cover).toContain(formatDate(COVER.coverTo, 'en'));
    expect(screen.getByTestId('insurance-cover-days').textContent).toBe('6 day(s)');
    expect(screen.getByTestId('insurance-cover-extension').textContent).toBe(
      `If your flight is delayed, the cover is extended automatically by up to 7 days (until ${formatDate(COVER.latestCoverTo, 'en')} at the latest).`,
    );
    // The plans were asked for this booking's offer (the server prices the trip).
    expect(calls.find((c) => c.path === GRADE_PATH)?.body).toEqual({ offerId: 'offer-1' });
  });

  test('Confirm needs a plan, a passenger, complete details and the agreement; then writes each ticked passenger’s entry', async () => {
    const calls = installFakeApi(insuranceHandler());
    startBooking([2, 1, 1], fullParty());
    renderRoutes(routes, paths.insurancePassengerList);
    await screen.findByTestId('insurance-plans');

    fireEvent.click(screen.getByTestId('insurance-confirm'));
    expect(screen.getByTestId('insurance-plan-error').textContent).toBe('Choose an insurance plan.');
    expect(screen.getByTestId('insurance-passengers-error').textContent).toBe(
      'Tick at least one passenger to insure.',
    );
    expect(screen.getByTestId('insurance-agree-error').textContent).toBe(
      'Read and agree to the insurance agreement to add insurance.',
    );

    fireEvent.click(screen.getByTestId('insurance-plan-radio-TRAVEL_BASIC'));
    fireEvent.click(screen.getByTestId('insured-check-adult-0'));
    fireEvent.click(screen.getByTestId('insured-check-child-0'));
    expect(screen.queryByTestId('insurance-plan-error')).toBeNull();
    expect(screen.queryByTestId('insurance-passengers-error')).toBeNull();
    // The total is the server's, for the two ticked.
    await waitFor(() =>
      expect(screen.getByTestId('insurance-total-amount').textContent).toBe(money(usd(1800))),
    );
    const priceCall = calls.filter((c) => c.path === PRICE_PATH).at(-1);
    expect(priceCall?.body).toEqual({ offerId: 'offer-1', insuranceType: 'TRAVEL_BASIC', insuredCount: 2 });

    // Nobody's details are in yet: each ticked passenger says so, and nothing is written.
    fireEvent.click(screen.getByTestId('insurance-agree'));
    fireEvent.click(screen.getByTestId('insurance-confirm'));
    expect(screen.getByTestId('insured-error-adult-0').textContent).toBe(
      'Add this passenger’s address and beneficiary before confirming.',
    );
    expect(screen.getByTestId('insured-error-child-0')).toBeTruthy();
    expect(insuranceOf('adult-0')).toBeNull();

    // Details given (as fill-passenger-info keeps them): Confirm writes the two entries and returns.
    useInsuranceDraft.getState().setInfo('adult-0', goodInfo());
    useInsuranceDraft.getState().setInfo('child-0', goodInfo({ name: 'SOK DARA', relationship: 'parent' }));
    await waitFor(() => expect(screen.queryByTestId('insured-error-adult-0')).toBeNull());
    expect(screen.getByTestId('insured-details-adult-0').textContent).toContain('Details complete');
    fireEvent.click(screen.getByTestId('insurance-confirm'));
    await screen.findByTestId('added-services-hub');
    expect(insuranceOf('adult-0')).toEqual(goodEntry());
    expect(insuranceOf('child-0')).toEqual(goodEntry({ name: 'SOK DARA', relationship: 'parent' }));
    expect(insuranceOf('adult-1')).toBeNull();
    expect(insuranceOf('infant-0')).toBeNull();
  });

  test('details typed on fill-passenger-info come back ticked and complete; the agreement’s “I agree” ticks the box', async () => {
    installFakeApi(insuranceHandler());
    startBooking([1, 0, 0], fullParty());
    renderRoutes(routes, paths.insurancePassengerList);
    fireEvent.click(await screen.findByTestId('insured-details-adult-0'));
    await screen.findByTestId('insurance-info-form');
    type('insurance-info-region', 'Phnom Penh');
    type('insurance-info-city', 'Phnom Penh');
    type('insurance-info-address', '12 Street 240');
    type('insurance-info-postalCode', '12207');
    type('insurance-info-name', 'Sok Chanda');
    fireEvent.click(screen.getByTestId('insurance-info-relationship-spouse'));
    type('insurance-info-credentialsId', 'N01234567');
    type('insurance-info-contactNumber', '12345678');
    fireEvent.click(screen.getByTestId('insurance-info-save'));

    await screen.findByTestId('insurance-plans');
    expect(screen.getByTestId<HTMLInputElement>('insured-check-adult-0').checked).toBe(true);
    expect(screen.getByTestId('insured-details-adult-0').textContent).toContain('Details complete');

    fireEvent.click(screen.getByTestId('insurance-plan-radio-TRAVEL_PLUS'));
    fireEvent.click(screen.getByTestId('insurance-agreement-link'));
    expect((await screen.findByTestId('agreement-text')).textContent).toContain('Plus cover');
    fireEvent.click(screen.getByTestId('agreement-accept'));
    await screen.findByTestId('insurance-plans');
    expect(screen.getByTestId<HTMLInputElement>('insurance-agree').checked).toBe(true);
    // The plan chosen before reading the agreement is still chosen.
    expect(screen.getByTestId<HTMLInputElement>('insurance-plan-radio-TRAVEL_PLUS').checked).toBe(true);

    fireEvent.click(screen.getByTestId('insurance-confirm'));
    await screen.findByTestId('added-services-hub');
    expect(insuranceOf('adult-0')).toMatchObject({
      insuranceType: 'TRAVEL_PLUS',
      insuranceLimit: 10_000_000,
      name: 'SOK CHANDA',
      relationship: 'spouse',
      credentialsType: 0,
      countryCode: '+855',
      mailbox: null,
    });
  });

  test('“No insurance” resets every passenger’s insurance selection (spec §4)', async () => {
    installFakeApi(insuranceHandler());
    startBooking([2, 1, 1], fullParty());
    useBookingStore.getState().setInsurance('adult-0', goodEntry());
    useBookingStore.getState().setInsurance('child-0', goodEntry({ name: 'SOK DARA' }));
    renderRoutes(routes, paths.insurancePassengerList);
    // What the booking holds is the starting point: its plan, its passengers, already agreed.
    await screen.findByTestId('insurance-plans');
    expect(screen.getByTestId<HTMLInputElement>(`insurance-plan-radio-${BASIC.insuranceType}`).checked).toBe(
      true,
    );
    expect(screen.getByTestId<HTMLInputElement>('insured-check-adult-0').checked).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('insured-check-child-0').checked).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('insured-check-adult-1').checked).toBe(false);
    expect(screen.getByTestId<HTMLInputElement>('insurance-agree').checked).toBe(true);

    fireEvent.click(screen.getByTestId('insurance-none'));
    await screen.findByTestId('added-services-hub');
    expect(insuranceOf('adult-0')).toBeNull();
    expect(insuranceOf('child-0')).toBeNull();
    const draft = useInsuranceDraft.getState();
    expect([draft.insuranceType, draft.insured, draft.agreed]).toEqual([null, [], false]);
  });

  test('where no insurer sells, the page says insurance is not offered', async () => {
    installFakeApi(insuranceHandler(() => gradesReply({ available: false, grades: [] })));
    startBooking([1, 0, 0], fullParty());
    renderRoutes(routes, paths.insurancePassengerList);
    expect((await screen.findByTestId('insurance-unavailable')).textContent).toContain(
      'Travel insurance is not offered for this booking.',
    );
    expect(screen.queryByTestId('insurance-confirm')).toBeNull();
  });

  test.each([
    ['en', 'Insurance covers at most 90 days; this trip is 91 days.'],
    ['km', 'ការធានារ៉ាប់រងគ្របដណ្តប់យ៉ាងច្រើន 90 ថ្ងៃ។ ដំណើរនេះមាន 91 ថ្ងៃ។'],
  ] as const)('a trip of 91 days shows the server’s message (%s)', async (lang, message) => {
    await setLanguage(lang);
    installFakeApi((call) =>
      call.path === GRADE_PATH
        ? {
            status: 400,
            body: {
              code: '400',
              message,
              data: { fields: [{ field: 'offerId', key: 'insurance.days_too_many', message }] },
            },
          }
        : undefined,
    );
    startBooking([1, 0, 0], fullParty());
    renderRoutes(routes, paths.insurancePassengerList);
    expect((await screen.findByTestId('insurance-not-for-trip')).textContent).toContain(message);
  });

  test('in Chinese and Khmer the plan and passenger texts are the traveller’s language', async () => {
    for (const [lang, plans, none] of [
      ['zh', '选择保险方案', '不购买保险'],
      ['km', 'ជ្រើសរើសគម្រោង', 'មិនទិញការធានារ៉ាប់រង'],
    ] as const) {
      await setLanguage(lang);
      installFakeApi(insuranceHandler());
      startBooking([1, 0, 0], fullParty());
      resetInsuranceDraft();
      const view = renderRoutes(routes, paths.insurancePassengerList);
      expect((await screen.findByTestId('insurance-plan-TRAVEL_BASIC')).textContent).toContain(
        BASIC.name[lang],
      );
      expect(screen.getByText(plans)).toBeTruthy();
      expect(screen.getByTestId('insurance-none').textContent).toBe(none);
      view.unmount();
    }
  });
});
