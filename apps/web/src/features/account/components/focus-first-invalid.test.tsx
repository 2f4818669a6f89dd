import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import BookPassengerDetailPage from '../../../pages/book/passenger-detail/passenger-detail-page';
import PassengersInfoPage from '../../../pages/book/passengers-info/passengers-info-page';
import EditPassengerPage from '../../../pages/more/edit-passenger/edit-passenger-page';
import EditUserInfoPage from '../../../pages/more/edit-user-info/edit-user-info-page';
import ForgetPasswordPage from '../../../pages/more/forget-password/forget-password-page';
import LoginPage from '../../../pages/more/login/login-page';
import RegisterPage from '../../../pages/more/register/register-page';
import TicketPassengerDetailPage from '../../../pages/tickets/passenger-detail/passenger-detail-page';
import SearchTicketPage from '../../../pages/tickets/search-ticket/search-ticket-page';
import { makeUser, signIn } from '../../../test/accounts';
import { draftFor, fullParty, GOOD_CONTACT, startBooking } from '../../../test/booking';
import { installFakeApi, ok } from '../../../test/fake-api';
import { DETAIL_PATH, limitedOrderDetail, ORDER_NO } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import { rememberOrderGrant } from '../../orders/order-session';

/** Every element scrollIntoView was called on, in order. */
let scrolled: Element[] = [];

beforeEach(() => {
  scrolled = [];
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
    scrolled.push(this);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The focused element is `testId`, and the screen was scrolled to the row that holds it. */
async function expectFocusedAndShown(testId: string) {
  const target = await screen.findByTestId(testId);
  await waitFor(() => expect(document.activeElement).toBe(target));
  expect(scrolled.length).toBeGreaterThan(0);
  expect(scrolled.at(-1)?.contains(target)).toBe(true);
}

interface FormCase {
  name: string;
  path: string;
  route: string;
  page: ReactElement;
  setup?: () => void;
  submit: string;
  /** The first control in error, in reading order. */
  first: string;
}

const cases: FormCase[] = [
  {
    name: 'login',
    path: paths.login,
    route: paths.login,
    page: <LoginPage />,
    submit: 'login-submit',
    first: 'login-account',
  },
  {
    name: 'register',
    path: paths.register,
    route: paths.register,
    page: <RegisterPage />,
    submit: 'register-submit',
    first: 'register-email',
  },
  {
    name: 'reset password',
    path: paths.forgetPassword,
    route: paths.forgetPassword,
    page: <ForgetPasswordPage />,
    submit: 'forget-submit',
    first: 'forget-email',
  },
  {
    name: 'profile',
    path: paths.editUserInfo,
    route: paths.editUserInfo,
    page: <EditUserInfoPage />,
    setup: () => {
      // A profile whose given name breaks the letters rule: the surname above it is fine.
      const user = makeUser({ givenName: 'DARA2' });
      signIn(user);
      installFakeApi((call) =>
        call.path.startsWith('/api/travelsky/user/getMember/') ? ok(user) : undefined,
      );
    },
    submit: 'edit-user-save',
    first: 'edit-user-givenName',
  },
  {
    name: 'saved passenger',
    path: paths.editPassenger,
    route: paths.editPassenger,
    page: <EditPassengerPage />,
    setup: () => {
      signIn();
      installFakeApi((call) =>
        call.path.includes('/memberpassenger/') ? ok({ passengers: [] }) : undefined,
      );
    },
    submit: 'passenger-save',
    first: 'passenger-edit-surname',
  },
  {
    name: 'booking passenger',
    path: `${paths.passengerDetail}?slot=adult-0`,
    route: paths.passengerDetail,
    page: <BookPassengerDetailPage />,
    setup: () => startBooking([1, 0, 0]),
    submit: 'passenger-detail-save',
    first: 'passenger-detail-surname',
  },
  {
    name: 'search-ticket',
    path: paths.searchTicket,
    route: paths.searchTicket,
    page: <SearchTicketPage />,
    submit: 'search-submit',
    first: 'search-order-no',
  },
  {
    name: 'passenger unlock',
    path: `${paths.ticketPassengerDetail}?orderNo=${ORDER_NO}&seq=0`,
    route: paths.ticketPassengerDetail,
    page: <TicketPassengerDetailPage />,
    setup: () => {
      rememberOrderGrant(ORDER_NO, 'limited-grant', new Date(Date.now() + 3_600_000).toISOString());
      installFakeApi((call) => (call.path === DETAIL_PATH ? ok(limitedOrderDetail()) : undefined));
    },
    submit: 'pax-unlock-submit',
    first: 'pax-unlock-doc',
  },
];

describe('a form sent with a problem goes to its first field in error', () => {
  test.each(cases)('$name: scrolls to and focuses the first field in error', async (c) => {
    if (c.setup) c.setup();
    else installFakeApi();
    renderRoutes([{ path: c.route, element: c.page }], c.path);
    fireEvent.click(await screen.findByTestId(c.submit));
    await expectFocusedAndShown(c.first);
  });

  test('the booking contact: an invalid e-mail below valid passengers is focused, not just toasted', async () => {
    const calls = installFakeApi();
    startBooking([2, 1, 1], fullParty(), { ...GOOD_CONTACT, email: 'dara@example' });
    renderRoutes([{ path: paths.passengersInfo, element: <PassengersInfoPage /> }], paths.passengersInfo);
    fireEvent.click(await screen.findByTestId('passengers-continue'));
    await expectFocusedAndShown('contact-email');
    expect(screen.getByTestId('field-error-contact-email').textContent).not.toBe('');
    expect(calls.some((c) => c.path.endsWith('/addPassenger'))).toBe(false);
  });

  test('the booking: a passenger slot in error above the contact comes first', async () => {
    installFakeApi();
    const party = fullParty();
    party['child-0'] = draftFor('child', { surname: 'S0K' });
    startBooking([2, 1, 1], party, { ...GOOD_CONTACT, email: 'dara@example' });
    renderRoutes([{ path: paths.passengersInfo, element: <PassengersInfoPage /> }], paths.passengersInfo);
    fireEvent.click(await screen.findByTestId('passengers-continue'));
    await expectFocusedAndShown('slot-open-child-0');
  });

  test('the booking: a problem the server finds on the contact is focused too', async () => {
    installFakeApi((call) =>
      call.path === '/api/travelsky/ibe/addPassenger'
        ? {
            status: 400,
            body: {
              code: '400',
              message: 'invalid',
              data: {
                fields: [
                  { field: 'contact.email', key: 'account.email_no_special', message: 'no underscore' },
                ],
              },
            },
          }
        : undefined,
    );
    startBooking([1, 0, 0], { 'adult-0': draftFor('adult') }, GOOD_CONTACT);
    renderRoutes([{ path: paths.passengersInfo, element: <PassengersInfoPage /> }], paths.passengersInfo);
    fireEvent.click(await screen.findByTestId('passengers-continue'));
    await expectFocusedAndShown('contact-email');
  });

  test('reopening a passenger typed before shows its problems without moving the focus', async () => {
    installFakeApi();
    startBooking([1, 0, 0], { 'adult-0': draftFor('adult', { surname: 'S0K' }) });
    renderRoutes(
      [{ path: paths.passengerDetail, element: <BookPassengerDetailPage /> }],
      `${paths.passengerDetail}?slot=adult-0`,
    );
    expect((await screen.findByTestId('field-error-surname')).textContent).not.toBe('');
    expect(document.activeElement).toBe(document.body);
    expect(scrolled).toEqual([]);
  });
});
