import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../api/access-token';
import { paths } from '../../../app/paths';
import { routeMetaOf } from '../../../app/route-meta';
import { useSessionStore } from '../../../features/account/session-store';
import { MEMBER_OPEN_PATHS } from '../../../features/members/member-paths';
import { useMemberStore } from '../../../features/members/member-store';
import { signIn } from '../../../test/accounts';
import { installFakeApi } from '../../../test/fake-api';
import {
  makeBaseInfo,
  makeMemberSession,
  memberExpired,
  memberOk,
  resetMemberStore,
  signInMember,
} from '../../../test/members';
import { renderApp } from '../../../test/render';

// The member programme's session in the whole app (issue 17): the member guard, the member
// layer's login expiry (CAF9999) and the More tab's entry.

const LOGIN = '/api/fqt/consumer/login';
const BASE = '/api/fqt/consumer/user/queryUserBaseInfo';

describe('member guard', () => {
  beforeEach(() => resetMemberStore());
  afterEach(() => vi.unstubAllGlobals());

  test('every member page but the open ones (login, code login, registration, reset) needs a member session', () => {
    const vipPaths = Object.entries(paths).filter(([name]) => name.startsWith('vip'));
    expect(vipPaths.length).toBeGreaterThan(10);
    for (const [name, path] of vipPaths) {
      // The mileage calculator is open to everyone (issue 18), like the member login pages.
      const open = MEMBER_OPEN_PATHS.includes(path) || path === paths.vipCalculator;
      expect({ name, requiresMember: routeMetaOf(path).requiresMember === true }).toEqual({
        name,
        requiresMember: !open,
      });
    }
    expect(MEMBER_OPEN_PATHS).toEqual([
      paths.vipLogin,
      paths.vipCodeLogin,
      paths.vipRegister,
      paths.vipForgetPassword,
    ]);
  });

  test('sends a visitor without a member session to the member login and back afterwards', async () => {
    const calls = installFakeApi((call) => {
      if (call.path === LOGIN) return memberOk(makeMemberSession());
      if (call.path === BASE) return memberOk(makeBaseInfo());
      return undefined;
    });
    const { router } = await renderApp(paths.vipProfile);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.vipLogin));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(paths.vipProfile);
    expect(calls.some((c) => c.path === BASE)).toBe(false);

    fireEvent.change(await screen.findByTestId('vip-login-account'), {
      target: { value: 'dara@example.com' },
    });
    fireEvent.change(screen.getByTestId('vip-login-password'), { target: { value: '204816' } });
    fireEvent.click(screen.getByTestId('vip-login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.vipProfile));
    expect((await screen.findByTestId('vip-profile-surname')).textContent).toBe('SOK');
    expect(calls.find((c) => c.path === BASE)?.headers).toMatchObject({
      vipToken: 'vip-1',
      clientSource: 'CA-H5',
    });
  });

  test('the app account’s login is not a member session: a signed-in traveller still meets the member login', async () => {
    signIn();
    installFakeApi();
    const { router } = await renderApp(paths.vipHome);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.vipLogin));
  });

  test('the member login, registration and password reset are open to anyone', async () => {
    installFakeApi();
    const { router } = await renderApp(paths.vipRegister);
    expect(await screen.findByTestId('mb-register-surname')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.vipRegister);
  });
});

describe('member login expiry (CAF9999)', () => {
  beforeEach(() => resetMemberStore());
  afterEach(() => vi.unstubAllGlobals());

  test('clears the member store, not the app account, says so, and opens the member login to come back', async () => {
    signIn();
    signInMember();
    localStorage.setItem(
      ACCESS_TOKEN_KEY,
      JSON.stringify({ token: 'token-1', expiresAt: Date.now() + 3_600_000 }),
    );
    installFakeApi((call) => (call.path === BASE ? memberExpired() : undefined));
    const { router } = await renderApp(paths.vipProfile);

    expect(await screen.findByText('Your member session has ended. Please sign in again.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.vipLogin));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('isReLogin')).toBe('1');
    expect(query.get('redirect')).toBe(paths.vipProfile);
    expect(await screen.findByTestId('vip-login-relogin')).toBeTruthy();
    expect(useMemberStore.getState()).toMatchObject({ vipToken: null, member: null });
    expect(localStorage.getItem('vip_token')).toBeNull();
    // The app account and its access token stay.
    expect(useSessionStore.getState()).toMatchObject({ loggedIn: true, token: 'session-1' });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull();
  });
});

describe('More tab: the member programme entry', () => {
  beforeEach(() => resetMemberStore());
  afterEach(() => vi.unstubAllGlobals());

  test('opens the member login without a member session', async () => {
    installFakeApi();
    const { router } = await renderApp(paths.more);
    fireEvent.click(await screen.findByTestId('more-member'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.vipLogin));
  });

  test('opens the member home with one', async () => {
    signInMember();
    installFakeApi((call) =>
      call.path === '/api/fqt/consumer/home/queryUserInfo'
        ? memberOk({
            member: makeMemberSession().member,
            mileage: null,
            memberSince: null,
          })
        : undefined,
    );
    const { router } = await renderApp(paths.more);
    expect((await screen.findByTestId('more-member')).textContent).toContain('Member programme');
    fireEvent.click(screen.getByTestId('more-member'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.vipHome));
    expect(await screen.findByTestId('vip-card')).toBeTruthy();
  });
});
