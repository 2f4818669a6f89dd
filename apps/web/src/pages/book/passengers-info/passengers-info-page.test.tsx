import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, addMonths, formatDate } from '@wings/rules';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { useBookingStore } from '../../../features/booking/booking-store';
import { makeSavedPassenger, signIn } from '../../../test/accounts';
import { DEP_DATE, draftFor, fullParty, GOOD_CONTACT, RET_DATE, startBooking } from '../../../test/booking';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import PassengerDetailPage from '../passenger-detail/passenger-detail-page';
import SelectPassengerPage from '../select-passenger/select-passenger-page';
import PassengersInfoPage from './passengers-info-page';

const routes = [
  { path: paths.passengersInfo, element: <PassengersInfoPage /> },
  { path: paths.passengerDetail, element: <PassengerDetailPage /> },
  { path: paths.selectPassenger, element: <SelectPassengerPage /> },
  { path: paths.addedServices, element: <div data-testid="added-services-page" /> },
  { path: paths.login, element: <div data-testid="login-page" /> },
];
const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });

describe('passengers-info', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('one slot per passenger of the search, labelled by type and number', async () => {
    installFakeApi();
    startBooking([2, 1, 1]);
    renderRoutes(routes, paths.passengersInfo);
    const labels = (await screen.findAllByTestId(/^slot-label-/)).map((el) => el.textContent);
    expect(labels).toEqual(['Adult 1', 'Adult 2', 'Child 1', 'Infant 1']);
    expect(screen.getByTestId('slot-name-adult-0').textContent).toBe('Add passenger details');
  });

  test('a guest sees the nationality limit with a login button that comes back here', async () => {
    installFakeApi();
    startBooking([1, 0, 0], { 'adult-0': draftFor('adult', { nationality: 'VN' }) });
    const { router } = renderRoutes(routes, paths.passengersInfo);
    expect((await screen.findByTestId('guest-notice')).textContent).toContain('Cambodia, China, Thailand');
    expect(screen.getByTestId('slot-error-adult-0-nationality').textContent).toContain(
      'Without logging in, only passengers of these nationalities can be booked: Cambodia, China, Thailand.',
    );
    expect(screen.queryByTestId('slot-saved-adult-0')).toBeNull();
    fireEvent.click(screen.getByTestId('guest-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(paths.passengersInfo)}`);
  });

  test("the nationality limit is the server's list (GET booking/settings), not a copy in the app", async () => {
    const calls = installFakeApi((call) =>
      call.path === '/api/booking/settings'
        ? ok({ guestNationalities: ['VN', 'KH'], ticketAirlineCode: '881' })
        : undefined,
    );
    startBooking([2, 0, 0], {
      'adult-0': draftFor('adult', { nationality: 'VN' }),
      'adult-1': draftFor('adult', { nationality: 'TH', surname: 'CHAN', givenName: 'SOPHEA' }),
    });
    renderRoutes(routes, paths.passengersInfo);
    expect((await screen.findByTestId('guest-notice')).textContent).toContain('Vietnam, Cambodia');
    expect(screen.queryByTestId('slot-error-adult-0-nationality')).toBeNull();
    expect(screen.getByTestId('slot-error-adult-1-nationality').textContent).toContain('Vietnam, Cambodia');
    expect(calls.filter((c) => c.path === '/api/booking/settings' && c.method === 'GET')).toHaveLength(1);
  });

  test('party rules: a 13-year-old cannot escort an infant', async () => {
    installFakeApi();
    startBooking([1, 0, 1], {
      'adult-0': draftFor('adult', { birthday: addDays(DEP_DATE, -13 * 366) }),
      'infant-0': draftFor('infant'),
    });
    renderRoutes(routes, paths.passengersInfo);
    expect((await screen.findByTestId('party-issue-party.escort_required')).textContent).toBe(
      'At least one passenger must be 16 or older to accompany the others.',
    );
  });

  test('duplicate names are reported on the second passenger', async () => {
    installFakeApi();
    startBooking([2, 0, 0], {
      'adult-0': draftFor('adult'),
      'adult-1': draftFor('adult', { docNumber: 'P9999999' }),
    });
    renderRoutes(routes, paths.passengersInfo);
    expect((await screen.findByTestId('slot-error-adult-1-surname')).textContent).toBe(
      'Surname: This name is the same as passenger 1.',
    );
  });

  test('server field errors land on the right slot and field, and on the contact', async () => {
    let tries = 0;
    const calls = installFakeApi((call) => {
      if (call.path !== '/api/travelsky/ibe/addPassenger') return undefined;
      tries += 1;
      if (tries > 1) return ok({ valid: true });
      return {
        status: 400,
        body: {
          code: '400',
          message: 'invalid',
          data: {
            fields: [
              { field: 'passengers.2.docNumber', key: 'person.doc_number_format', message: 'format' },
              { field: 'contact.email', key: 'account.email_no_special', message: 'no underscore' },
            ],
          },
        },
      };
    });
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    const { router } = renderRoutes(routes, paths.passengersInfo);
    fireEvent.click(await screen.findByTestId('passengers-continue'));

    expect((await screen.findByTestId('slot-error-child-0-docNumber')).textContent).toBe(
      'Document number: The document number format is wrong.',
    );
    expect(screen.queryByTestId('slot-errors-adult-0')).toBeNull();
    expect(screen.getByTestId('field-error-contact-email').textContent).toBe(
      'The e-mail cannot contain underscores or similar special characters.',
    );
    const body = calls.find((c) => c.path.endsWith('/addPassenger'))?.body as {
      offerId: string;
      passengers: { passengerType: number; surname: string }[];
      contact: unknown;
    };
    expect(body.offerId).toBe('offer-1');
    expect(body.passengers.map((p) => p.passengerType)).toEqual([1, 1, 2, 3]);
    expect(body.contact).toEqual({
      name: 'DARA SOK',
      countryCode: '+855',
      phone: '12345678',
      email: 'dara@example.com',
    });

    // The child's page shows the server's message on the document number until it is changed.
    fireEvent.click(screen.getByTestId('slot-open-child-0'));
    expect((await screen.findByTestId('field-error-docNumber')).textContent).toBe(
      'The document number format is wrong.',
    );
    type('passenger-detail-docNumber', 'E12345678');
    expect(screen.queryByTestId('field-error-docNumber')).toBeNull();
    fireEvent.click(screen.getByTestId('passenger-detail-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.passengersInfo));

    await screen.findByTestId('contact-email');
    type('contact-email', 'dara.sok@example.com');
    fireEvent.click(await screen.findByTestId('passengers-continue'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.addedServices));
  });

  test('Continue with a slot left empty marks it and calls nothing', async () => {
    const calls = installFakeApi();
    const party = fullParty();
    delete party['infant-0'];
    startBooking([2, 1, 1], party, GOOD_CONTACT);
    renderRoutes(routes, paths.passengersInfo);
    fireEvent.click(await screen.findByTestId('passengers-continue'));
    expect((await screen.findByTestId('slot-error-infant-0-slot')).textContent).toBe(
      'Fill in this passenger.',
    );
    expect(calls.some((c) => c.path.endsWith('/addPassenger'))).toBe(false);
  });

  test('the contact is prefilled from the profile of a logged-in user', async () => {
    signIn({
      givenName: 'DARA',
      surname: 'SOK',
      email: 'dara@example.com',
      countryCode: '+855',
      phone: '12345678',
    });
    installFakeApi((call) =>
      call.path.includes('/memberpassenger/') ? ok({ passengers: [makeSavedPassenger()] }) : undefined,
    );
    startBooking([1, 0, 0]);
    renderRoutes(routes, paths.passengersInfo);
    expect((await screen.findByTestId<HTMLInputElement>('contact-name')).value).toBe('DARA SOK');
    expect(input('contact-phone').value).toBe('12345678');
    expect(input('contact-email').value).toBe('dara@example.com');
    expect(screen.queryByTestId('guest-notice')).toBeNull();
    expect(screen.getByTestId('slot-saved-adult-0')).toBeTruthy();
  });
});

describe('passenger-detail', () => {
  beforeEach(() => installFakeApi());
  afterEach(() => vi.unstubAllGlobals());

  test('the birth date must fit the slot at the first departure, not today', async () => {
    startBooking([1, 1, 0]);
    renderRoutes(routes, `${paths.passengerDetail}?slot=child-0`);
    expect((await screen.findByTestId('passenger-detail-type-rule')).textContent).toContain(
      'A child must be 2 to 11 years old on',
    );
    // 11 today, but 12 on the day of the first flight: an adult then, so not this child place.
    type('passenger-detail-birthday', addDays(DEP_DATE, -12 * 365 - 3));
    // The message says which ages would fit, and the hint stays to say it too.
    expect(screen.getByTestId('field-error-birthday').textContent).toBe(
      `A child must be 2 to 11 years old on ${formatDate(DEP_DATE, 'en')}: this date of birth does not fit.`,
    );
    expect(screen.getByTestId('passenger-detail-type-rule').textContent).toContain(
      'A child must be 2 to 11 years old on',
    );
    type('passenger-detail-birthday', addDays(DEP_DATE, -8 * 365));
    expect(screen.queryByTestId('field-error-birthday')).toBeNull();
  });

  test('the document must be valid more than six months after the last departure', async () => {
    startBooking([1, 0, 0]);
    renderRoutes(routes, `${paths.passengerDetail}?slot=adult-0`);
    const sixMonths = addMonths(RET_DATE, 6);
    await screen.findByTestId('passenger-detail-docExpiry');
    type('passenger-detail-docExpiry', sixMonths);
    expect(screen.getByTestId('field-error-docExpiry').textContent).toBe(
      'The document must be valid for more than six months after departure.',
    );
    type('passenger-detail-docExpiry', addDays(sixMonths, 1));
    expect(screen.queryByTestId('field-error-docExpiry')).toBeNull();
  });

  test('shows every rule message on Done, and a guest choosing another nationality is told login lifts it', async () => {
    startBooking([1, 0, 0]);
    renderRoutes(routes, `${paths.passengerDetail}?slot=adult-0`);
    fireEvent.click(await screen.findByTestId('passenger-detail-save'));
    expect(screen.getByTestId('field-error-surname').textContent).toBe('Enter the surname.');
    expect(screen.getByTestId('field-error-title').textContent).toBe('Choose a title.');
    expect(screen.getByTestId('field-error-nationality').textContent).toBe(
      'Choose the nationality or region.',
    );
    expect(screen.getByTestId('field-error-birthday').textContent).toBe('Choose the date of birth.');
    expect(screen.getByTestId('field-error-docExpiry').textContent).toBe('Choose the document expiry date.');

    type('passenger-detail-email', 'dara_sok@example.com');
    expect(screen.getByTestId('field-error-email').textContent).toBe(
      'The e-mail cannot contain underscores or similar special characters.',
    );
    type('passenger-detail-phone', '123456789012345678');
    expect(screen.getByTestId('field-error-phone').textContent).toBe(
      'Country code and number together can have at most 20 characters.',
    );

    fireEvent.click(screen.getByTestId('passenger-detail-nationality'));
    fireEvent.change(await screen.findByTestId('nationality-search'), { target: { value: 'Vietnam' } });
    fireEvent.click(screen.getByTestId('nationality-option-VN'));
    await waitFor(() =>
      expect(screen.getByTestId('field-error-nationality').textContent).toContain(
        'Log in to book for anyone.',
      ),
    );
    expect(screen.getByTestId('nationality-login')).toBeTruthy();
  });

  test('what was typed survives going back and a reload', async () => {
    startBooking([1, 0, 0]);
    const { router, unmount } = renderRoutes(routes, paths.passengersInfo);
    fireEvent.click(await screen.findByTestId('slot-open-adult-0'));
    await screen.findByTestId('passenger-detail-surname');
    type('passenger-detail-surname', 'Chan');
    type('passenger-detail-givenName', 'Sophea');
    type('passenger-detail-docNumber', 'n1234567');
    fireEvent.click(screen.getByTestId('nav-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.passengersInfo));
    expect((await screen.findByTestId('slot-name-adult-0')).textContent).toBe('CHAN SOPHEA');
    expect(screen.getByTestId('slot-adult-0').getAttribute('data-status')).toBe('attention');

    fireEvent.click(screen.getByTestId('slot-open-adult-0'));
    expect((await screen.findByTestId<HTMLInputElement>('passenger-detail-surname')).value).toBe('Chan');
    expect(input('passenger-detail-docNumber').value).toBe('n1234567');
    unmount();

    // A reload: the store is read back from sessionStorage.
    const saved = JSON.parse(sessionStorage.getItem('booking') ?? '{}');
    expect(saved.state.passengers['adult-0'].givenName).toBe('Sophea');
    const raw = sessionStorage.getItem('booking') ?? '';
    useBookingStore.setState({ passengers: {} });
    sessionStorage.setItem('booking', raw);
    await useBookingStore.persist.rehydrate();
    renderRoutes(routes, `${paths.passengerDetail}?slot=adult-0`);
    expect((await screen.findByTestId<HTMLInputElement>('passenger-detail-givenName')).value).toBe('Sophea');
  });
});

describe('select-passenger', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('lists saved passengers who fit the slot at departure, explains the others, and fills the slot', async () => {
    signIn();
    const adult = makeSavedPassenger({ id: 'pax-1' });
    const child = makeSavedPassenger({
      id: 'pax-2',
      givenName: 'MEALEA',
      passengerType: 2,
      birthday: addDays(DEP_DATE, -6 * 366),
    });
    installFakeApi((call) =>
      call.path === '/api/travelsky/user/memberpassenger/selectByMemberId/user-1'
        ? ok({ passengers: [adult, child] })
        : undefined,
    );
    startBooking([1, 1, 0]);
    const { router } = renderRoutes(routes, paths.passengersInfo);
    fireEvent.click(await screen.findByTestId('slot-saved-adult-0'));
    const list = await screen.findByTestId('select-list');
    expect(within(list).getByTestId('saved-passenger-pax-1')).toBeTruthy();
    expect(within(list).queryByTestId('saved-passenger-pax-2')).toBeNull();
    expect(screen.getByTestId('saved-passenger-mismatch-pax-2').textContent).toContain(
      'this passenger counts as Child; this place is for Adult.',
    );
    fireEvent.click(within(list).getByTestId('saved-passenger-pax-1'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.passengersInfo));
    expect((await screen.findByTestId('slot-name-adult-0')).textContent).toBe('SOK DARA');
    expect(screen.getByTestId('slot-adult-0').getAttribute('data-status')).toBe('complete');
    expect(useBookingStore.getState().passengers['adult-0']?.savedPassengerId).toBe('pax-1');
  });
});
