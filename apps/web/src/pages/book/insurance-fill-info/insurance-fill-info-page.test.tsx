import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { useBookingStore } from '../../../features/booking/booking-store';
import { useInsuranceDraft } from '../../../features/insurance/insurance-draft-store';
import { draftFor, fullParty, startBooking } from '../../../test/booking';
import { installFakeApi } from '../../../test/fake-api';
import { goodEntry, goodInfo, insuranceHandler, resetInsuranceDraft } from '../../../test/insurance';
import { renderRoutes } from '../../../test/render';
import InsuranceFillInfoPage from './insurance-fill-info-page';

const routes = [
  { path: paths.insuranceFillInfo, element: <InsuranceFillInfoPage /> },
  { path: paths.insurancePassengerList, element: <p data-testid="insurance-list">list</p> },
];
const type = (id: string, value: string) =>
  fireEvent.change(screen.getByTestId<HTMLInputElement>(id), { target: { value } });
const errorOf = (field: string) => screen.queryByTestId(`field-error-${field}`)?.textContent ?? null;

beforeEach(() => resetInsuranceDraft());
afterEach(() => vi.unstubAllGlobals());

describe('insurance fill-passenger-info', () => {
  test('saving an empty form puts the shared rules’ messages under their fields, and saves nothing', async () => {
    installFakeApi(insuranceHandler());
    startBooking([2, 1, 1], fullParty());
    renderRoutes(routes, `${paths.insuranceFillInfo}?slot=adult-0`);
    fireEvent.click(await screen.findByTestId('insurance-info-save'));
    const required = 'Fill this in: the insurance details must be complete.';
    expect(errorOf('region')).toBe(required);
    expect(errorOf('city')).toBe(required);
    expect(errorOf('address')).toBe(required);
    expect(errorOf('postalCode')).toBe(required);
    expect(errorOf('name')).toBe('Enter the beneficiary’s full name.');
    expect(errorOf('relationship')).toBe('Choose the beneficiary’s relationship to the insured.');
    expect(errorOf('credentialsId')).toBe('Enter the document number.');
    expect(errorOf('contactNumber')).not.toBeNull();
    // The e-mail is optional, and the nationality came from the passenger's own.
    expect(errorOf('mailbox')).toBeNull();
    expect(errorOf('nationality')).toBeNull();
    expect(screen.getByTestId('insurance-info-nationality').textContent).toContain('Cambodia');
    // The first field in error has the focus.
    expect(document.activeElement).toBe(screen.getByTestId('insurance-info-region'));
    expect(screen.queryByTestId('insurance-list')).toBeNull();
    expect(useInsuranceDraft.getState().insured).toEqual([]);
  });

  test('a name not in English letters, a bad postal code and e-mail each say what is wrong', async () => {
    installFakeApi(insuranceHandler());
    startBooking([1, 0, 0], fullParty());
    renderRoutes(routes, `${paths.insuranceFillInfo}?slot=adult-0`);
    await screen.findByTestId('insurance-info-form');
    type('insurance-info-name', 'សុខ ចន្ទា');
    fireEvent.blur(screen.getByTestId('insurance-info-name'));
    expect(errorOf('name')).toBe(
      'The beneficiary’s full name must be in English letters, surname and given name separated by a space, e.g. SOK DARA.',
    );
    type('insurance-info-postalCode', '1');
    fireEvent.blur(screen.getByTestId('insurance-info-postalCode'));
    expect(errorOf('postalCode')).toBe('A postal code has 3 to 12 letters or digits.');
    type('insurance-info-mailbox', 'chanda@');
    fireEvent.blur(screen.getByTestId('insurance-info-mailbox'));
    expect(errorOf('mailbox')).toBe('Enter a valid e-mail address.');
    type('insurance-info-name', 'Sok Chanda');
    expect(errorOf('name')).toBeNull();
  });

  test('valid details are saved as the passenger’s draft, the passenger is ticked, and the list comes back', async () => {
    installFakeApi(insuranceHandler());
    startBooking([1, 0, 0], fullParty());
    renderRoutes(routes, `${paths.insuranceFillInfo}?slot=adult-0`);
    await screen.findByTestId('insurance-info-form');
    type('insurance-info-region', 'Phnom Penh');
    type('insurance-info-city', 'Phnom Penh');
    type('insurance-info-address', '12 Street 240, Daun Penh');
    type('insurance-info-postalCode', '12207');
    type('insurance-info-name', 'SOK CHANDA');
    fireEvent.click(screen.getByTestId('insurance-info-relationship-spouse'));
    fireEvent.click(screen.getByTestId('insurance-info-credentialsType-1'));
    type('insurance-info-credentialsId', 'N1234567');
    type('insurance-info-contactNumber', '12345678');
    fireEvent.click(screen.getByTestId('insurance-info-save'));
    await screen.findByTestId('insurance-list');
    expect(useInsuranceDraft.getState().info['adult-0']).toEqual(
      goodInfo({ credentialsType: 1, credentialsId: 'N1234567' }),
    );
    expect(useInsuranceDraft.getState().insured).toEqual(['adult-0']);
  });

  test('nothing typed is lost on leaving and coming back; what is still wrong shows at once', async () => {
    installFakeApi(insuranceHandler());
    startBooking([1, 0, 0], fullParty());
    const first = renderRoutes(routes, `${paths.insuranceFillInfo}?slot=adult-0`);
    await screen.findByTestId('insurance-info-form');
    type('insurance-info-city', 'Siem Reap');
    type('insurance-info-name', 'SOK');
    first.unmount();
    renderRoutes(routes, `${paths.insuranceFillInfo}?slot=adult-0`);
    expect((await screen.findByTestId<HTMLInputElement>('insurance-info-city')).value).toBe('Siem Reap');
    expect(screen.getByTestId<HTMLInputElement>('insurance-info-name').value).toBe('SOK');
    expect(errorOf('name')).toContain('English letters');
  });

  test('a passenger already insured in the booking has the booking’s entry follow the corrected details', async () => {
    installFakeApi(insuranceHandler());
    startBooking([1, 0, 0], { 'adult-0': draftFor('adult') });
    useBookingStore.getState().setInsurance('adult-0', goodEntry());
    renderRoutes(routes, `${paths.insuranceFillInfo}?slot=adult-0`);
    expect((await screen.findByTestId<HTMLInputElement>('insurance-info-name')).value).toBe('SOK CHANDA');
    type('insurance-info-city', 'Siem Reap');
    fireEvent.click(screen.getByTestId('insurance-info-save'));
    await screen.findByTestId('insurance-list');
    expect(useBookingStore.getState().services['adult-0']?.insurance).toEqual(
      goodEntry({ city: 'Siem Reap' }),
    );
  });

  test.each([
    ['zh', '受益人', '请填写此项，投保信息须完整'],
    ['km', 'អ្នកទទួលផល', 'សូមបំពេញចំណុចនេះ៖ ព័ត៌មានធានារ៉ាប់រងត្រូវតែពេញលេញ។'],
  ] as const)(
    'in %s the labels and messages are the traveller’s language',
    async (lang, section, required) => {
      await setLanguage(lang);
      installFakeApi(insuranceHandler());
      startBooking([1, 0, 0], fullParty());
      renderRoutes(routes, `${paths.insuranceFillInfo}?slot=adult-0`);
      fireEvent.click(await screen.findByTestId('insurance-info-save'));
      expect(screen.getAllByRole('heading').map((h) => h.textContent)).toContain(section);
      expect(errorOf('region')).toBe(required);
    },
  );

  test('a slot that is not in the booking says so', async () => {
    installFakeApi(insuranceHandler());
    startBooking([1, 0, 0], fullParty());
    renderRoutes(routes, `${paths.insuranceFillInfo}?slot=child-3`);
    expect(await screen.findByTestId('slot-unknown')).toBeTruthy();
  });
});
