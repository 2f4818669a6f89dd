import { waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { installFakeApi } from '../test/fake-api';
import { renderApp } from '../test/render';
import { paths } from './paths';

describe('the return-from-payment deep link (abaPayReturn)', () => {
  test.each([
    ['/abaPayReturn?orderNo=W261201000123', '?orderNo=W261201000123'],
    ['/abaPayReturn?orderNo=W261201000123&payResult=fail', '?orderNo=W261201000123&payResult=fail'],
  ])('%s opens ticket detail with %s', async (link, search) => {
    installFakeApi(() => undefined);
    const { router } = await renderApp(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.ticketDetail));
    expect(router.state.location.search).toBe(search);
  });

  test('without an order number it opens the Tickets tab', async () => {
    installFakeApi(() => undefined);
    const { router } = await renderApp('/abaPayReturn');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.tickets));
  });
});
