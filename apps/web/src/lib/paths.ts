/**
 * Page paths of the hash router (docs/architecture.md §8 follows the spec's `/pages/<area>/<page>/<page>`
 * pattern). `order` drives the slide direction: a higher order slides in from the right.
 */
export const paths = {
  home: '/pages/tab-bar/home/home',
  book: '/pages/book/book-ticket/book-ticket',
  tickets: '/pages/tab-bar/ticket/ticket',
  more: '/pages/tab-bar/more/more',
  flightList: '/pages/book/flight-list/flight-list',
  returnTicket: '/pages/book/return-ticket/return-ticket',
  tripSummary: '/pages/book/trip-summary/trip-summary',
  /** Passenger slots and the contact (spec §2 booking pages, issue 4). */
  passengersInfo: '/pages/book/passengers-info/passengers-info',
  /** Pick a saved passenger for a slot (`?slot=adult-0`); logged-in users only. */
  selectPassenger: '/pages/book/select-passenger/select-passenger',
  /** Every field of one passenger (`?slot=adult-0`). */
  passengerDetail: '/pages/book/passenger-detail/passenger-detail',
  /** Flights, passengers, price, promo code, terms; then the unpaid order with its countdown. */
  reviewBooking: '/pages/book/review-Booking/review-Booking',
  /** Pay an unpaid order (`?orderNo=`): amount, countdown, method, terms; then the gateway. */
  paySelect: '/pages/book/pay-select/pay-select',
  /** An order and its tickets (`?orderNo=`, `&payResult=fail` back from a declined payment); spec §2. */
  ticketDetail: '/pages/ticket/ticket-detail/ticket-detail',
  /** One passenger of an order (`?orderNo=&seq=`): every field, the e-ticket and its coupons. */
  ticketPassengerDetail: '/pages/ticket/passenger-detail/passenger-detail',
  /** The money of an order (`?orderNo=`): fares, each tax by code, add-ons, discount, total. */
  amountDetail: '/pages/ticket/amount-detail/amount-detail',
  /** Find an order: order number + document number, or PNR + surname. */
  searchTicket: '/pages/ticket/search-ticket/search-ticket',
  searchTicketResult: '/pages/ticket/search-ticket-result/search-ticket-result',
  /** The return-from-payment deep link (after-sales §2: abaPayReturn with orderNo) opens ticket detail. */
  abaPayReturn: '/abaPayReturn',
  /** Traveller account login (spec §2 More / account area); accepts `redirect` and `isReLogin=1`. */
  login: '/pages/more/login/login',
  register: '/pages/more/register/register',
  forgetPassword: '/pages/more/forget-password/forget-password',
  newPassword: '/pages/more/new-password/new-password',
  changePassword: '/pages/more/change-password/change-password',
  userInfo: '/pages/more/user-info/user-info',
  editUserInfo: '/pages/more/edit-user-info/edit-user-info',
  verifyPassword: '/pages/more/verify-password/verify-password',
  verifyEmail: '/pages/more/verify-email/verify-email',
  associateEmail: '/pages/more/associate-email/associate-email',
  passengerList: '/pages/more/passenger-list/passenger-list',
  editPassenger: '/pages/more/edit-passenger/edit-passenger',
  oauthCallback: '/pages/more/oauth-callback/oauth-callback',
  /** Loyalty member login (spec §2). The member programme comes later; it opens the account login. */
  vipLogin: '/pages/tab-bar/vip/login/login',
} as const;

export const TAB_PATHS: readonly string[] = [paths.home, paths.book, paths.tickets, paths.more];

const ORDER: Record<string, number> = {
  [paths.home]: 0,
  [paths.book]: 1,
  [paths.tickets]: 2,
  [paths.more]: 3,
  [paths.login]: 4,
  [paths.vipLogin]: 4,
  [paths.oauthCallback]: 4,
  [paths.register]: 5,
  [paths.forgetPassword]: 5,
  [paths.newPassword]: 6,
  [paths.associateEmail]: 6,
  [paths.userInfo]: 5,
  [paths.changePassword]: 5,
  [paths.passengerList]: 5,
  [paths.editPassenger]: 6,
  [paths.editUserInfo]: 6,
  [paths.verifyPassword]: 7,
  [paths.verifyEmail]: 8,
  [paths.flightList]: 10,
  [paths.returnTicket]: 11,
  [paths.tripSummary]: 12,
  [paths.passengersInfo]: 13,
  [paths.selectPassenger]: 14,
  [paths.passengerDetail]: 14,
  [paths.reviewBooking]: 15,
  [paths.searchTicket]: 20,
  [paths.searchTicketResult]: 21,
  [paths.ticketDetail]: 22,
  [paths.ticketPassengerDetail]: 23,
  [paths.amountDetail]: 23,
  [paths.paySelect]: 24,
};

export function pageOrder(pathname: string): number {
  return ORDER[pathname] ?? 5;
}

export function isTabPath(pathname: string): boolean {
  return TAB_PATHS.includes(pathname);
}

/** Pages drawn with the navy booking theme (spec §2). */
export function isBookingPath(pathname: string): boolean {
  return pathname.startsWith('/pages/book/');
}

/**
 * Targets the login guard never redirects away from (spec §2: the redirect list names the
 * login page and the ticket tab), so a visitor already there is not sent to login again.
 */
export const GUARD_REDIRECT_LIST: readonly string[] = [paths.login, paths.tickets];

/** An order page with its order number (and more query values), e.g. ticket detail. */
export function orderHref(path: string, orderNo: string, extra: Record<string, string> = {}): string {
  return `${path}?${new URLSearchParams({ orderNo, ...extra }).toString()}`;
}

/** The login page, coming back to `redirect` (a path with its query) afterwards. */
export function loginHref(redirect?: string, reLogin = false): string {
  const query = new URLSearchParams();
  if (reLogin) query.set('isReLogin', '1');
  if (redirect && isSafeRedirect(redirect)) query.set('redirect', redirect);
  const qs = query.toString();
  return qs ? `${paths.login}?${qs}` : paths.login;
}

/** Only the app's own pages are redirect targets, and never the login page itself. */
export function isSafeRedirect(target: string | null | undefined): target is string {
  return (
    typeof target === 'string' &&
    target.startsWith('/pages/') &&
    !target.startsWith(paths.login) &&
    !target.startsWith(paths.oauthCallback)
  );
}
