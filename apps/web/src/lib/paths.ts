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
  /**
   * Add-ons in the booking (issue 14, spec §2): the hub between passengers/contact and review;
   * each passenger's seat, extra baggage, priority boarding, insurance and the refundable upgrade.
   */
  addedServices: '/pages/book/added-services/added-services',
  /** The seat map of one leg (`?leg=0|1`), for the party; spec §2 choose-seat. */
  chooseSeat: '/pages/book/choose-seat/choose-seat',
  /** Which passengers a service applies to on the outbound (`?service=baggage|priority`). */
  departurePassenger: '/pages/book/departure-passenger/departure-passenger',
  /** The same on the return leg. */
  arrivePassenger: '/pages/book/arrive-passenger/arrive-passenger',
  /** Insurance: choose a plan and the insured passengers. */
  insurancePassengerList: '/pages/book/insurance/passenger-list/passenger-list',
  /** Insurance: the plan's terms, to be read and agreed to. */
  insuranceAgreement: '/pages/book/insurance/agreement/agreement',
  /** Insurance: one insured passenger's region, address and beneficiary (`?slot=adult-0`). */
  insuranceFillInfo: '/pages/book/insurance/fill-passenger-info/fill-passenger-info',
  /** What the online seat service is and its rules (spec §2 public-services, seat). */
  publicServicesSeat: '/pages/book/public-services/seat/seat',
  /** What travel insurance covers and its rules (spec §2 public-services, insurance). */
  publicServicesInsurance: '/pages/book/public-services/insurance/insurance',
  /** The Enhanced Refundable Ticket upgrade: what it refunds and for whom (spec §2 booking-reimburse). */
  bookingReimburse: '/pages/book/booking-reimburse/booking-reimburse',
  /** Pay an unpaid order (`?orderNo=`): amount, countdown, method, terms; then the gateway. */
  paySelect: '/pages/book/pay-select/pay-select',
  /** An order and its tickets (`?orderNo=`, `&payResult=fail` back from a declined payment); spec §2. */
  ticketDetail: '/pages/ticket/ticket-detail/ticket-detail',
  /** One passenger of an order (`?orderNo=&seq=`): every field, the e-ticket and its coupons. */
  ticketPassengerDetail: '/pages/ticket/passenger-detail/passenger-detail',
  /** The money of an order (`?orderNo=`): fares, each tax by code, add-ons, discount, total. */
  amountDetail: '/pages/ticket/amount-detail/amount-detail',
  /** An order's insurance policy (`?orderNo=&seq=`): cover, insured, beneficiary (after-sales §2). */
  insuranceDetail: '/pages/ticket/insurance-detail/insurance-detail',
  /** The insurer's own page of a policy, inside the app (`?orderNo=&seq=`). */
  insuranceDetailExternal: '/pages/ticket/insurance-detail-external/insurance-detail-external',
  /** Buy an add-on for an issued ticket (`?orderNo=&seq=`): secondaryIncrService (issue 14). */
  secondaryServices: '/pages/ticket/secondary-services/secondary-services',
  /** The seat map for an issued ticket's leg (`?orderNo=&seq=&leg=`). */
  secondarySeat: '/pages/ticket/secondary-seat/secondary-seat',
  /** Find an order: order number + document number, or PNR + surname. */
  searchTicket: '/pages/ticket/search-ticket/search-ticket',
  searchTicketResult: '/pages/ticket/search-ticket-result/search-ticket-result',
  /** Online check-in of an order's passengers and legs (`?orderNo=`): issue 15, after-sales §9. */
  checkIn: '/pages/ticket/check-in/check-in',
  /** The boarding passes of an order (`?orderNo=`), kept on the device so they open offline. */
  boardingPass: '/pages/ticket/boarding-pass/boarding-pass',
  /** Linked orders (after-sales §2: associate-order list, add, detail `?orderNo=`). */
  associateOrderList: '/pages/associate/associate-order-list/associate-order-list',
  associateOrderAdd: '/pages/associate/associate-order-add/associate-order-add',
  associateOrderDetail: '/pages/associate/associate-order-detail/associate-order-detail',
  /** Linked tickets (associate-ticket list, add, detail `?ticketNo=`). */
  associateTicketList: '/pages/associate/associate-ticket-list/associate-ticket-list',
  associateTicketAdd: '/pages/associate/associate-ticket-add/associate-ticket-add',
  associateTicketDetail: '/pages/associate/associate-ticket-detail/associate-ticket-detail',
  /** Find a ticket by its number and passenger name (relevance-ticket: query, list, detail). */
  relevanceQuery: '/pages/associate/relevance-query/relevance-query',
  relevanceList: '/pages/associate/relevance-list/relevance-list',
  relevanceDetail: '/pages/associate/relevance-detail/relevance-detail',
  /** Online refunds (after-sales §2): the records, one record, and the request's steps. */
  refundOrderList: '/pages/refund/refund-order-list/refund-order-list',
  refundOrderDetail: '/pages/refund/refund-order-detail/refund-order-detail',
  requestNoTips: '/pages/refund/request-no-tips/request-no-tips',
  requestRefundPassenger: '/pages/refund/request-refund-passenger/request-refund-passenger',
  requestRefundReason: '/pages/refund/request-refund-reason/request-refund-reason',
  requestRefundConfirm: '/pages/refund/request-refund-confirm/request-refund-confirm',
  refundAmountDetail: '/pages/refund/refund-amount-detail/refund-amount-detail',
  requestRefundResult: '/pages/refund/request-refund-result/request-refund-result',
  /**
   * Changes of date (after-sales §2, issue 16): the form (`?orderNo=`), the flights of each leg on
   * the new dates (also a free move after the airline changed a flight: `&kind=disruption`), the
   * add-ons carried over, the cost, the confirmation, and the records (`?changeNo=` for one).
   */
  changeDateForm: '/pages/change-date/change-date-form/change-date-form',
  changeDateFlight: '/pages/change-date/change-date-flight/change-date-flight',
  changeDateAddedServices: '/pages/change-date/change-date-added-services/change-date-added-services',
  changeDateCost: '/pages/change-date/change-date-cost/change-date-cost',
  changeDateConfirm: '/pages/change-date/change-date-confirm/change-date-confirm',
  rescheduledRecord: '/pages/change-date/rescheduled-record/rescheduled-record',
  rescheduledDetail: '/pages/change-date/rescheduled-detail/rescheduled-detail',
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
  /**
   * The member programme (issue 17, spec §2, §7 `/fqt`): member login by card number, main e-mail
   * or phone and the 6-digit member password (`?isReLogin=1` after CAF9999), or with a code
   * (getToken login); registration with a document and its photos, and its audit; the member home
   * with the digital card; the profile and settings, passwords, and the member's records.
   */
  vipLogin: '/pages/tab-bar/vip/login/login',
  vipCodeLogin: '/pages/tab-bar/vip/code-login/code-login',
  vipRegister: '/pages/tab-bar/vip/register/register',
  /** The submitted registration, its audit state and, when rejected, the form to fix it. */
  vipRegisterInfo: '/pages/tab-bar/vip/register-info/register-info',
  vipHome: '/pages/tab-bar/vip/vip',
  vipForgetPassword: '/pages/tab-bar/vip/forget-password/forget-password',
  vipChangePassword: '/pages/tab-bar/vip/change-password/change-password',
  vipProfile: '/pages/tab-bar/vip/profile/profile',
  vipSettings: '/pages/tab-bar/vip/settings/settings',
  vipContacts: '/pages/tab-bar/vip/contacts/contacts',
  /** A contact's form: new, or `?id=` to edit. */
  vipContactEdit: '/pages/tab-bar/vip/contact-edit/contact-edit',
  vipIdentities: '/pages/tab-bar/vip/identities/identities',
  vipIdentityEdit: '/pages/tab-bar/vip/identity-edit/identity-edit',
  vipAddresses: '/pages/tab-bar/vip/addresses/addresses',
  vipAddressEdit: '/pages/tab-bar/vip/address-edit/address-edit',
  vipBeneficiaries: '/pages/tab-bar/vip/beneficiaries/beneficiaries',
  vipBeneficiaryEdit: '/pages/tab-bar/vip/beneficiary-edit/beneficiary-edit',
  /**
   * The mileage programme (issue 18; the spec shows none of these page names): the transactions,
   * the monthly bills (`?cycle=YYYY-MM` for one), retroactive claims (list and a new one), the two
   * calculators (`?tab=award` for the award one), and the freeze details.
   */
  vipTransactions: '/pages/tab-bar/vip/mileage-transactions/mileage-transactions',
  vipBills: '/pages/tab-bar/vip/mileage-bills/mileage-bills',
  vipBillDetail: '/pages/tab-bar/vip/mileage-bill-detail/mileage-bill-detail',
  vipClaims: '/pages/tab-bar/vip/mileage-claims/mileage-claims',
  vipClaimNew: '/pages/tab-bar/vip/mileage-claim-new/mileage-claim-new',
  vipCalculator: '/pages/tab-bar/vip/mileage-calculator/mileage-calculator',
  vipFreeze: '/pages/tab-bar/vip/mileage-freeze/mileage-freeze',
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
  [paths.addedServices]: 14.5,
  [paths.chooseSeat]: 14.6,
  [paths.departurePassenger]: 14.6,
  [paths.arrivePassenger]: 14.6,
  [paths.insurancePassengerList]: 14.6,
  [paths.insuranceAgreement]: 14.7,
  [paths.insuranceFillInfo]: 14.7,
  [paths.publicServicesSeat]: 14.7,
  [paths.publicServicesInsurance]: 14.8,
  [paths.bookingReimburse]: 14.7,
  [paths.reviewBooking]: 15,
  [paths.searchTicket]: 20,
  [paths.searchTicketResult]: 21,
  [paths.ticketDetail]: 22,
  [paths.ticketPassengerDetail]: 23,
  [paths.amountDetail]: 23,
  [paths.insuranceDetail]: 23,
  [paths.insuranceDetailExternal]: 23.5,
  [paths.secondaryServices]: 23,
  [paths.secondarySeat]: 23.5,
  [paths.paySelect]: 24,
  [paths.changeDateForm]: 23,
  [paths.changeDateFlight]: 23.2,
  [paths.changeDateAddedServices]: 23.4,
  [paths.changeDateCost]: 23.6,
  [paths.changeDateConfirm]: 23.8,
  [paths.rescheduledRecord]: 23,
  [paths.rescheduledDetail]: 23.5,
  [paths.checkIn]: 23,
  [paths.boardingPass]: 23.5,
  [paths.associateOrderList]: 5,
  [paths.associateOrderAdd]: 6,
  [paths.associateOrderDetail]: 6,
  [paths.associateTicketList]: 5,
  [paths.associateTicketAdd]: 6,
  [paths.associateTicketDetail]: 6,
  [paths.relevanceQuery]: 20,
  [paths.relevanceList]: 21,
  [paths.relevanceDetail]: 22,
  [paths.refundOrderList]: 5,
  [paths.refundOrderDetail]: 6,
  [paths.requestNoTips]: 23,
  [paths.requestRefundPassenger]: 23.1,
  [paths.requestRefundReason]: 23.2,
  [paths.requestRefundConfirm]: 23.3,
  [paths.refundAmountDetail]: 23.4,
  [paths.requestRefundResult]: 23.5,
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
