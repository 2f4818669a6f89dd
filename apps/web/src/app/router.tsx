import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './app-layout';
import { lazyPage } from './lazy-page';
import { paths } from './paths';

const HomePage = lazyPage(() => import('../pages/home/home/home-page'));
const BookTicketPage = lazyPage(() => import('../pages/book/book-ticket/book-ticket-page'));
const FlightListPage = lazyPage(() => import('../pages/book/flight-list/flight-list-page'));
const ReturnTicketPage = lazyPage(() => import('../pages/book/return-ticket/return-ticket-page'));
const TripSummaryPage = lazyPage(() => import('../pages/book/trip-summary/trip-summary-page'));
const TicketsPage = lazyPage(() => import('../pages/tickets/tickets/tickets-page'));
const MorePage = lazyPage(() => import('../pages/more/more/more-page'));

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
      { path: paths.tickets, element: <TicketsPage /> },
      { path: paths.more, element: <MorePage /> },
      // The member login page arrives in a later issue; its path shows the More tab until then.
      { path: paths.login, element: <MorePage /> },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

/** Hash router at base `/` (spec §2). */
export function createAppRouter() {
  return createHashRouter(routes);
}
