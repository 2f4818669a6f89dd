import type { QueryClient } from '@tanstack/react-query';
import { airportsQueryOptions } from '../features/booking/api/get-airports';
import { destinationsQueryOptions } from '../features/booking/api/get-destinations';
import { paths } from './paths';

/** The hub Home lists destinations from while the airports are not in (home-page.tsx). */
const HOME_HUB = 'KTI';

/**
 * What a page asks for as soon as it shows, asked for as the app starts when it opens on that
 * page: the calls then leave as soon as the access token is there, beside the translations,
 * instead of after the app has rendered the page. The page's own queries find them in flight.
 */
const ROUTE_DATA: Readonly<Record<string, (client: QueryClient) => void>> = {
  [paths.home.toLowerCase()]: (client) => {
    void client.prefetchQuery(airportsQueryOptions());
    void client.prefetchQuery(destinationsQueryOptions(HOME_HUB));
  },
};

/** Starts the data of the page at `appPath` (a hash route with its query), if it has any. */
export function prefetchRouteData(client: QueryClient, appPath: string): void {
  const route = appPath.split('?')[0]?.toLowerCase().replace(/\/+$/, '') || paths.home.toLowerCase();
  ROUTE_DATA[route]?.(client);
}
