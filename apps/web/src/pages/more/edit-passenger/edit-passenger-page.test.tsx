import { fireEvent, screen, waitFor } from '@testing-library/react';
import { addDays, formatDate, HUB_TIME_ZONE, localDate } from '@wings/rules';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { makeSavedPassenger, signIn } from '../../../test/accounts';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import PassengerListPage from '../passenger-list/passenger-list-page';
import EditPassengerPage from './edit-passenger-page';

const routes = [
  { path: paths.editPassenger, element: <EditPassengerPage /> },
  { path: paths.passengerList, element: <PassengerListPage /> },
];
const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
const today = () => localDate(new Date(), HUB_TIME_ZONE);
const LIST = '/api/travelsky/user/memberpassenger/selectByMemberId/user-1';

describe('edit-passenger form', () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  test('shows the shared passenger rule messages as the user types', async () => {
    installFakeApi((call) => (call.path === LIST ? ok({ passengers: [] }) : undefined));
    renderRoutes(routes, paths.editPassenger);

    type('passenger-edit-surname', 'Li3');
    fireEvent.blur(input('passenger-edit-surname'));
    expect(screen.getByTestId('field-error-surname').textContent).toBe(
      'Use English letters (pinyin for Chinese names).',
    );
    type('passenger-edit-surname', 'Li');
    expect(screen.queryByTestId('field-error-surname')).toBeNull();

    // A five-year-old: the type follows the birth date, and an adult type no longer fits it.
    const birthday = addDays(today(), -5 * 366);
    type('passenger-edit-birthday', birthday);
    expect(screen.getByTestId('passenger-edit-passengerType-2').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('passenger-edit-passengerType-1'));
    // The message says what an adult would be, on today's date (a saved passenger's ages count today).
    expect(screen.getByTestId('field-error-passengerType').textContent).toBe(
      `An adult must be 12 or older on ${formatDate(today(), 'en')}: this date of birth does not fit.`,
    );

    type('passenger-edit-docExpiry', addDays(today(), -1));
    expect(screen.getByTestId('field-error-docExpiry').textContent).toBe('This document has expired.');

    type('passenger-edit-phone', '12ab');
    fireEvent.blur(input('passenger-edit-phone'));
    expect(screen.getByTestId('field-error-phone').textContent).toBe(
      'Enter a valid phone number (digits only).',
    );

    fireEvent.click(screen.getByTestId('passenger-save'));
    expect(screen.getByTestId('field-error-givenName').textContent).toBe('Enter the given name.');
    expect(screen.getByTestId('field-error-title').textContent).toBe('Choose a title.');
    expect(screen.getByTestId('field-error-nationality').textContent).toBe(
      'Choose the nationality or region.',
    );
    expect(screen.getByTestId('field-error-docNumber').textContent).toBe('Enter the document number.');
    expect(input('passenger-edit-surname').value).toBe('Li');

    // Nationality from the searchable sheet, by its Khmer or English name.
    fireEvent.click(screen.getByTestId('passenger-edit-nationality'));
    fireEvent.change(await screen.findByTestId('nationality-search'), { target: { value: 'ថៃ' } });
    fireEvent.click(screen.getByTestId('nationality-option-TH'));
    await waitFor(() =>
      expect(screen.getByTestId('passenger-edit-nationality').textContent).toContain('Thailand'),
    );
    expect(screen.queryByTestId('field-error-nationality')).toBeNull();
  });

  test('puts server field errors on their fields and keeps the values', async () => {
    const saved = makeSavedPassenger();
    let updates = 0;
    const calls = installFakeApi((call) => {
      if (call.path === LIST) return ok({ passengers: [saved] });
      if (call.path === '/api/travelsky/user/memberpassenger/update') {
        updates += 1;
        if (updates === 1) {
          return {
            status: 400,
            body: {
              code: '400',
              message: 'docNumber: format',
              data: { fields: [{ field: 'docNumber', key: 'person.doc_number_format', message: 'format' }] },
            },
          };
        }
        return ok({ ...saved, docNumber: 'P7654321' });
      }
      return undefined;
    });
    const { router } = renderRoutes(routes, `${paths.editPassenger}?id=pax-1`);

    expect((await screen.findByTestId<HTMLInputElement>('passenger-edit-surname')).value).toBe('SOK');
    type('passenger-edit-docNumber', 'n1234568');
    fireEvent.click(screen.getByTestId('passenger-save'));
    expect((await screen.findByTestId('field-error-docNumber')).textContent).toBe(
      'The document number format is wrong.',
    );
    expect(input('passenger-edit-docNumber').value).toBe('n1234568');
    expect(calls.find((c) => c.path.endsWith('/memberpassenger/update'))?.body).toMatchObject({
      id: 'pax-1',
      docNumber: 'N1234568',
      surname: 'SOK',
    });

    type('passenger-edit-docNumber', 'P7654321');
    expect(screen.queryByTestId('field-error-docNumber')).toBeNull();
    fireEvent.click(screen.getByTestId('passenger-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.passengerList));
  });

  test('lists saved passengers, shows an empty state, and deletes after confirming', async () => {
    let passengers = [makeSavedPassenger()];
    const calls = installFakeApi((call) => {
      if (call.path === LIST) return ok({ passengers });
      if (call.path === '/api/travelsky/user/memberpassenger/delete/pax-1') {
        passengers = [];
        return ok(null);
      }
      return undefined;
    });
    renderRoutes(routes, paths.passengerList);
    expect((await screen.findByTestId('passenger-item-0')).textContent).toContain('SOK');
    fireEvent.click(screen.getByTestId('passenger-delete-0'));
    fireEvent.click(
      await screen.findByText('Delete', { selector: '.adm-dialog-button *, .adm-dialog-button' }),
    );
    expect(await screen.findByTestId('passenger-empty')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/delete/pax-1'))).toBe(true);
  });
});
