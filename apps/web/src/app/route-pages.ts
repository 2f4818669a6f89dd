import { paths } from '../lib/paths';

/**
 * The page each route shows: `<area>/<page>` names `src/pages/<area>/<page>/<page>-page.tsx`.
 * The router loads its pages from this table (router.tsx), and the build reads it to preload a
 * route's own chunks with the app's shell (route-preload.ts): one list for both.
 */
export const ROUTE_PAGES = {
  [paths.home]: 'home/home',
  [paths.book]: 'book/book-ticket',
  [paths.flightList]: 'book/flight-list',
  [paths.returnTicket]: 'book/return-ticket',
  [paths.tripSummary]: 'book/trip-summary',
  [paths.passengersInfo]: 'book/passengers-info',
  [paths.selectPassenger]: 'book/select-passenger',
  [paths.passengerDetail]: 'book/passenger-detail',
  [paths.addedServices]: 'book/added-services',
  [paths.departurePassenger]: 'book/departure-passenger',
  [paths.arrivePassenger]: 'book/arrive-passenger',
  [paths.bookingReimburse]: 'book/booking-reimburse',
  [paths.reviewBooking]: 'book/review-booking',
  [paths.chooseSeat]: 'book/choose-seat',
  [paths.publicServicesSeat]: 'book/public-services-seat',
  [paths.paySelect]: 'book/pay-select',
  [paths.insurancePassengerList]: 'book/insurance-passenger-list',
  [paths.insuranceAgreement]: 'book/insurance-agreement',
  [paths.insuranceFillInfo]: 'book/insurance-fill-info',
  [paths.publicServicesInsurance]: 'book/public-services-insurance',
  [paths.tickets]: 'tickets/tickets',
  [paths.ticketDetail]: 'tickets/ticket-detail',
  [paths.ticketPassengerDetail]: 'tickets/passenger-detail',
  [paths.amountDetail]: 'tickets/amount-detail',
  [paths.insuranceDetail]: 'tickets/insurance-detail',
  [paths.insuranceDetailExternal]: 'tickets/insurance-detail-external',
  [paths.secondaryServices]: 'tickets/secondary-services',
  [paths.secondarySeat]: 'tickets/secondary-seat',
  [paths.searchTicket]: 'tickets/search-ticket',
  [paths.searchTicketResult]: 'tickets/search-ticket-result',
  // Online check-in and the boarding pass (issue 15).
  [paths.checkIn]: 'tickets/check-in',
  [paths.boardingPass]: 'tickets/boarding-pass',
  [paths.more]: 'more/more',
  [paths.login]: 'more/login',
  [paths.register]: 'more/register',
  [paths.forgetPassword]: 'more/forget-password',
  [paths.newPassword]: 'more/new-password',
  [paths.oauthCallback]: 'more/oauth-callback',
  [paths.changePassword]: 'more/change-password',
  [paths.userInfo]: 'more/user-info',
  [paths.editUserInfo]: 'more/edit-user-info',
  [paths.verifyPassword]: 'more/verify-password',
  [paths.verifyEmail]: 'more/verify-email',
  [paths.associateEmail]: 'more/associate-email',
  [paths.passengerList]: 'more/passenger-list',
  [paths.editPassenger]: 'more/edit-passenger',
  // Linked orders and tickets (issue 15).
  [paths.associateOrderList]: 'associate/associate-order-list',
  [paths.associateOrderAdd]: 'associate/associate-order-add',
  [paths.associateOrderDetail]: 'associate/associate-order-detail',
  [paths.associateTicketList]: 'associate/associate-ticket-list',
  [paths.associateTicketAdd]: 'associate/associate-ticket-add',
  [paths.associateTicketDetail]: 'associate/associate-ticket-detail',
  [paths.relevanceQuery]: 'associate/relevance-query',
  [paths.relevanceList]: 'associate/relevance-list',
  [paths.relevanceDetail]: 'associate/relevance-detail',
  // Online refunds (issue 15).
  [paths.refundOrderList]: 'refund/refund-order-list',
  [paths.refundOrderDetail]: 'refund/refund-order-detail',
  [paths.requestNoTips]: 'refund/request-no-tips',
  [paths.requestRefundPassenger]: 'refund/request-refund-passenger',
  [paths.requestRefundReason]: 'refund/request-refund-reason',
  [paths.requestRefundConfirm]: 'refund/request-refund-confirm',
  [paths.refundAmountDetail]: 'refund/refund-amount-detail',
  [paths.requestRefundResult]: 'refund/request-refund-result',
} as const satisfies Readonly<Record<string, `${string}/${string}`>>;

/** The source file of a page named `<area>/<page>`, relative to src/. */
export function pageSource(page: string): string {
  const name = page.split('/')[1];
  return `pages/${page}/${name}-page.tsx`;
}
