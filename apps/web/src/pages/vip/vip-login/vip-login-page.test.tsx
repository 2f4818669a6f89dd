import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { useMemberStore } from '../../../features/members/member-store';
import { installFakeApi } from '../../../test/fake-api';
import { CARD_NO, makeMemberSession, memberFail, memberOk, resetMemberStore } from '../../../test/members';
import { renderRoutes } from '../../../test/render';
import VipLoginPage from './vip-login-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.vipLogin, element: <VipLoginPage /> },
  { path: paths.vipHome, element: <Where /> },
  { path: paths.vipProfile, element: <Where /> },
  { path: paths.vipCodeLogin, element: <Where /> },
  { path: paths.vipRegister, element: <Where /> },
  { path: paths.vipForgetPassword, element: <Where /> },
];
const LOGIN = '/api/fqt/consumer/login';
const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });

describe('vip-login (member sign-in)', () => {
  beforeEach(() => resetMemberStore());

  test('signs in by card number and the 6-digit password, keeps the member session, and goes to the member home', async () => {
    const calls = installFakeApi((call) =>
      call.path === LOGIN ? memberOk(makeMemberSession({}, true)) : undefined,
    );
    renderRoutes(routes, paths.vipLogin);
    expect(input('vip-login-password').getAttribute('inputmode')).toBe('numeric');
    type('vip-login-account', ` ${CARD_NO} `);
    type('vip-login-password', '204816');
    fireEvent.click(screen.getByTestId('vip-login-submit'));

    expect((await screen.findByTestId('where')).textContent).toBe(paths.vipHome);
    const call = calls.find((c) => c.path === LOGIN);
    expect(call?.body).toEqual({ account: CARD_NO, password: '204816' });
    expect(call?.headers.clientSource).toBe('CA-H5');
    expect(useMemberStore.getState()).toMatchObject({ vipToken: 'vip-1', firstLogin: true });
    expect(localStorage.getItem('vip_token')).toBe('"vip-1"');
  });

  test('comes back to the member page that sent the visitor here', async () => {
    installFakeApi((call) => (call.path === LOGIN ? memberOk(makeMemberSession()) : undefined));
    renderRoutes(routes, `${paths.vipLogin}?redirect=${encodeURIComponent(paths.vipProfile)}`);
    type('vip-login-account', 'dara@example.com');
    type('vip-login-password', '204816');
    fireEvent.click(screen.getByTestId('vip-login-submit'));
    expect((await screen.findByTestId('where')).textContent).toBe(paths.vipProfile);
  });

  test('checks the account and the password format before sending anything', async () => {
    const calls = installFakeApi();
    renderRoutes(routes, paths.vipLogin);
    type('vip-login-password', '12345');
    fireEvent.click(screen.getByTestId('vip-login-submit'));
    expect((await screen.findByTestId('field-error-account')).textContent).toBe(
      'Enter your card number, e-mail or phone.',
    );
    expect(screen.getByTestId('field-error-password').textContent).toBe(
      'The member password is exactly 6 digits.',
    );
    expect(calls.some((c) => c.path === LOGIN)).toBe(false);
  });

  test.each([
    ['800', 'The member account, password or code is wrong.'],
    ['801', 'Too many failed sign-ins: the account is locked for 15 minutes.'],
    [
      '802',
      'Your membership details were rejected several times and the account is blocked. Please call customer service on +855 23 999 888.',
    ],
    ['805', 'This membership is blocked. Please call customer service on +855 23 999 888.'],
  ])('a refusal %s shows its message under the form and keeps what was typed', async (code, message) => {
    installFakeApi((call) => (call.path === LOGIN ? memberFail(code, message) : undefined));
    renderRoutes(routes, paths.vipLogin);
    type('vip-login-account', 'dara@example.com');
    type('vip-login-password', '204816');
    fireEvent.click(screen.getByTestId('vip-login-submit'));
    expect((await screen.findByTestId('vip-login-failure')).textContent).toBe(message);
    expect(input('vip-login-account').value).toBe('dara@example.com');
    expect(useMemberStore.getState().vipToken).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  test('after an expired member session (isReLogin=1) it says the session ended', () => {
    installFakeApi();
    renderRoutes(routes, `${paths.vipLogin}?isReLogin=1`);
    expect(screen.getByTestId('vip-login-relogin').textContent).toBe(
      'Your member session has ended. Sign in again to continue.',
    );
  });

  test('links to the code login, registration and the password reset', async () => {
    installFakeApi();
    renderRoutes(routes, paths.vipLogin);
    expect(screen.queryByTestId('vip-login-relogin')).toBeNull();
    fireEvent.click(screen.getByTestId('vip-login-register'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(paths.vipRegister));
  });
});
