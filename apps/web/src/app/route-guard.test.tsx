import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../api/access-token';
import { useSessionStore } from '../features/account/session-store';
import { makeSavedPassenger, makeSession, signIn } from '../test/accounts';
import { installFakeApi, ok } from '../test/fake-api';
import { renderApp } from '../test/render';
import { paths } from './paths';

const LIST = '/api/travelsky/user/memberpassenger/selectByMemberId/user-1';

describe('login guard', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('sends an anonymous visitor to login and back to the page after logging in', async () => {
    const calls = installFakeApi((call) => {
      if (call.path === '/api/travelsky/user/login') return ok(makeSession());
      if (call.path === LIST) return ok({ passengers: [makeSavedPassenger()] });
      return undefined;
    });
    const { router } = await renderApp(paths.passengerList);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(paths.passengerList);
    expect(calls.some((c) => c.path === LIST)).toBe(false);

    fireEvent.change(await screen.findByTestId('login-account'), { target: { value: 'dara@example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'abcdefgh1' } });
    fireEvent.click(screen.getByTestId('login-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.passengerList));
    expect((await screen.findByTestId('passenger-item-0')).textContent).toContain('SOK');
    // Signed-in calls carry the session token beside the app's access token.
    expect(calls.find((c) => c.path === LIST)?.headers).toMatchObject({
      token: 'session-1',
      Authorization: 'Bearer token-1',
    });
  });

  test('leaves open pages and pages on the redirect list alone', async () => {
    installFakeApi();
    const { router } = await renderApp(paths.tickets);
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe(paths.tickets);
  });

  test('a 600 reply clears the session, toasts the expiry and opens login to come back', async () => {
    signIn();
    localStorage.setItem(
      ACCESS_TOKEN_KEY,
      JSON.stringify({ token: 'token-1', expiresAt: Date.now() + 3_600_000 }),
    );
    installFakeApi((call) =>
      call.path === LIST ? { body: { code: '600', message: 'expired', data: null } } : undefined,
    );
    const { router } = await renderApp(paths.passengerList);

    expect(await screen.findByText('Your login has expired. Please log in again.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('isReLogin')).toBe('1');
    expect(query.get('redirect')).toBe(paths.passengerList);
    expect(useSessionStore.getState()).toMatchObject({
      loggedIn: false,
      token: null,
      user: null,
      memberId: null,
    });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(await screen.findByTestId('login-account')).toBeTruthy();
  });
});

describe('More tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('shows the login entry to a visitor and the user, with log out behind a confirm, to a member', async () => {
    const calls = installFakeApi((call) =>
      call.path === '/api/travelsky/user/logout' ? ok(null) : undefined,
    );
    signIn();
    await renderApp(paths.more);
    expect((await screen.findByTestId('more-user')).textContent).toContain('DARA SOK');
    fireEvent.click(screen.getByTestId('more-logout'));
    fireEvent.click(
      await screen.findByText('Log out', { selector: '.adm-dialog-button *, .adm-dialog-button' }),
    );
    expect(await screen.findByTestId('more-login')).toBeTruthy();
    expect(useSessionStore.getState().loggedIn).toBe(false);
    expect(calls.find((c) => c.path === '/api/travelsky/user/logout')?.headers.token).toBe('session-1');
  });
});
