import { createHashRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { AppLayout } from './app-layout';
import { lazyPage } from './lazy-page';
import { orderHref, paths } from './paths';
import type { RouteMeta } from './route-guard';

const HomePage = lazyPage(() => import('../pages/home/home/home-page'));
const BookTicketPage = lazyPage(() => import('../pages/book/book-ticket/book-ticket-page'));
const FlightListPage = lazyPage(() => import('../pages/book/flight-list/flight-list-page'));
const ReturnTicketPage = lazyPage(() => import('../pages/book/return-ticket/return-ticket-page'));
const TripSummaryPage = lazyPage(() => import('../pages/book/trip-summary/trip-summary-page'));
const PassengersInfoPage = lazyPage(() => import('../pages/book/passengers-info/passengers-info-page'));
const SelectPassengerPage = lazyPage(() => import('../pages/book/select-passenger/select-passenger-page'));
const PassengerDetailPage = lazyPage(() => import('../pages/book/passenger-detail/passenger-detail-page'));
const ReviewBookingPage = lazyPage(() => import('../pages/book/review-booking/review-booking-page'));
const PaySelectPage = lazyPage(() => import('../pages/book/pay-select/pay-select-page'));
const TicketsPage = lazyPage(() => import('../pages/tickets/tickets/tickets-page'));
const TicketDetailPage = lazyPage(() => import('../pages/tickets/ticket-detail/ticket-detail-page'));
const TicketPassengerDetailPage = lazyPage(
  () => import('../pages/tickets/passenger-detail/passenger-detail-page'),
);
const AmountDetailPage = lazyPage(() => import('../pages/tickets/amount-detail/amount-detail-page'));
const SearchTicketPage = lazyPage(() => import('../pages/tickets/search-ticket/search-ticket-page'));
const SearchTicketResultPage = lazyPage(
  () => import('../pages/tickets/search-ticket-result/search-ticket-result-page'),
);
const MorePage = lazyPage(() => import('../pages/more/more/more-page'));
const LoginPage = lazyPage(() => import('../pages/more/login/login-page'));
const RegisterPage = lazyPage(() => import('../pages/more/register/register-page'));
const ForgetPasswordPage = lazyPage(() => import('../pages/more/forget-password/forget-password-page'));
const NewPasswordPage = lazyPage(() => import('../pages/more/new-password/new-password-page'));
const ChangePasswordPage = lazyPage(() => import('../pages/more/change-password/change-password-page'));
const UserInfoPage = lazyPage(() => import('../pages/more/user-info/user-info-page'));
const EditUserInfoPage = lazyPage(() => import('../pages/more/edit-user-info/edit-user-info-page'));
const VerifyPasswordPage = lazyPage(() => import('../pages/more/verify-password/verify-password-page'));
const VerifyEmailPage = lazyPage(() => import('../pages/more/verify-email/verify-email-page'));
const AssociateEmailPage = lazyPage(() => import('../pages/more/associate-email/associate-email-page'));
const PassengerListPage = lazyPage(() => import('../pages/more/passenger-list/passenger-list-page'));
const EditPassengerPage = lazyPage(() => import('../pages/more/edit-passenger/edit-passenger-page'));
const OauthCallbackPage = lazyPage(() => import('../pages/more/oauth-callback/oauth-callback-page'));

const loginOnly: RouteMeta = { requiresLogin: true };

/** The loyalty member login is not built yet: its path opens the account login with its query. */
function VipLoginRedirect() {
  const { search } = useLocation();
  return <Navigate to={`${paths.login}${search}`} replace />;
}

/**
 * The return-from-payment deep link (`abaPayReturn?orderNo=`, with `payResult=fail` after a
 * decline or cancel) opens the order's ticket detail, which confirms the payment or offers a retry.
 */
function PayReturnRedirect() {
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const orderNo = query.get('orderNo') ?? '';
  const failed = query.get('payResult') === 'fail' ? { payResult: 'fail' } : undefined;
  return <Navigate to={orderNo ? orderHref(paths.ticketDetail, orderNo, failed) : paths.tickets} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to={paths.home} replace /> },
      { path: paths.home, element: <HomePage /> },
      { path: paths.book, element: <BookTicketPage /> },
      { path: paths.flightList, element: <FlightListPage /> },
      { path: paths.returnTicket, element: <ReturnTicketPage /> },
      { path: paths.tripSummary, element: <TripSummaryPage /> },
      { path: paths.passengersInfo, element: <PassengersInfoPage /> },
      { path: paths.selectPassenger, element: <SelectPassengerPage />, handle: loginOnly },
      { path: paths.passengerDetail, element: <PassengerDetailPage /> },
      { path: paths.reviewBooking, element: <ReviewBookingPage /> },
      { path: paths.paySelect, element: <PaySelectPage /> },
      { path: paths.tickets, element: <TicketsPage /> },
      { path: paths.ticketDetail, element: <TicketDetailPage /> },
      { path: paths.ticketPassengerDetail, element: <TicketPassengerDetailPage /> },
      { path: paths.amountDetail, element: <AmountDetailPage /> },
      { path: paths.searchTicket, element: <SearchTicketPage /> },
      { path: paths.searchTicketResult, element: <SearchTicketResultPage /> },
      { path: paths.abaPayReturn, element: <PayReturnRedirect /> },
      { path: paths.more, element: <MorePage /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.vipLogin, element: <VipLoginRedirect /> },
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.forgetPassword, element: <ForgetPasswordPage /> },
      { path: paths.newPassword, element: <NewPasswordPage /> },
      { path: paths.oauthCallback, element: <OauthCallbackPage /> },
      { path: paths.changePassword, element: <ChangePasswordPage />, handle: loginOnly },
      { path: paths.userInfo, element: <UserInfoPage />, handle: loginOnly },
      { path: paths.editUserInfo, element: <EditUserInfoPage />, handle: loginOnly },
      { path: paths.verifyPassword, element: <VerifyPasswordPage />, handle: loginOnly },
      { path: paths.verifyEmail, element: <VerifyEmailPage />, handle: loginOnly },
      { path: paths.associateEmail, element: <AssociateEmailPage />, handle: loginOnly },
      { path: paths.passengerList, element: <PassengerListPage />, handle: loginOnly },
      { path: paths.editPassenger, element: <EditPassengerPage />, handle: loginOnly },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

/** Hash router at base `/` (spec §2). */
export function createAppRouter() {
  return createHashRouter(routes);
}
