import { afterEach, describe, expect, test, vi } from 'vitest';
import { airportsQueryOptions } from '../features/booking/api/get-airports';
import { destinationsQueryOptions } from '../features/booking/api/get-destinations';
import { installFakeApi } from '../test/fake-api';
import { paths } from './paths';
import { createQueryClient } from './providers';
import { prefetchRouteData } from './route-data';

describe("a page's data from the start", () => {
  afterEach(() => vi.unstubAllGlobals());

  test('opening on Home asks for the airports and the destinations with the access token, before any render', async () => {
    const calls = installFakeApi();
    const client = createQueryClient();
    prefetchRouteData(client, '');
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(calls.map((c) => c.path)).toEqual([
      '/api/travelsky/common/getAccessToken',
      '/api/travelsky/ibe/getAirport',
      '/api/travelsky/ibe/getFlightByDepartCity/KTI',
    ]);
    // Home's own queries find them done.
    expect(client.getQueryState(airportsQueryOptions().queryKey)?.status).toBe('success');
    expect(client.getQueryState(destinationsQueryOptions('KTI').queryKey)?.status).toBe('success');
  });

  test('another page asks for nothing; Home by its path, with a query, does', async () => {
    installFakeApi();
    const more = createQueryClient();
    prefetchRouteData(more, paths.more);
    expect(more.isFetching()).toBe(0);
    const home = createQueryClient();
    prefetchRouteData(home, `${paths.home}?lang=km-KH`);
    expect(home.isFetching()).toBe(2);
    // Answered by the fake API before it goes away.
    await vi.waitFor(() => expect(home.isFetching()).toBe(0));
  });
});
