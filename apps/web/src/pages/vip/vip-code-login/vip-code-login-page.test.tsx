import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { useMemberStore } from '../../../features/members/member-store';
import { installFakeApi } from '../../../test/fake-api';
import { makeMemberSession, memberFail, memberOk, resetMemberStore } from '../../../test/members';
import { renderRoutes } from '../../../test/render';
import VipCodeLoginPage from './vip-code-login-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.vipCodeLogin, element: <VipCodeLoginPage /> },
  { path: paths.vipHome, element: <Where /> },
  { path: paths.vipLogin, element: <Where /> },
];
const LOGIN = '/api/fqt/consumer/login';
const GET_TOKEN = '/api/fqt/consumer/getToken';
const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });

describe('vip-code-login (member sign-in with a code)', () => {
  beforeEach(() => resetMemberStore());

  test('by e-mail: sends a login code, counts down from resendAfterSeconds, and signs in with the code', async () => {
    const calls = installFakeApi((call) => {
      if (call.path === GET_TOKEN) return memberOk({ resendAfterSeconds: 45, validMinutes: 10 });
      if (call.path === LOGIN) return memberOk(makeMemberSession());
      return undefined;
    });
    renderRoutes(routes, paths.vipCodeLogin);
    type('vip-code-login-email', 'Dara@Example.com');
    fireEvent.click(screen.getByTestId('vip-code-login-send-code'));
    await waitFor(() =>
      expect(screen.getByTestId('vip-code-login-send-code').textContent).toBe('Resend in 45 s'),
    );
    expect(calls.find((c) => c.path === GET_TOKEN)?.body).toEqual({
      channel: 'email',
      email: 'dara@example.com',
      purpose: 'login',
    });
    type('vip-code-login-code', '123456');
    fireEvent.click(screen.getByTestId('vip-code-login-submit'));
    expect((await screen.findByTestId('where')).textContent).toBe(paths.vipHome);
    expect(calls.find((c) => c.path === LOGIN)?.body).toEqual({
      account: 'dara@example.com',
      code: '123456',
    });
    expect(useMemberStore.getState().vipToken).toBe('vip-1');
  });

  test('by SMS: the code goes to the phone with its country code, and the phone is the account', async () => {
    const calls = installFakeApi((call) => {
      if (call.path === GET_TOKEN) return memberOk({ resendAfterSeconds: 60, validMinutes: 10 });
      if (call.path === LOGIN) return memberOk(makeMemberSession());
      return undefined;
    });
    renderRoutes(routes, paths.vipCodeLogin);
    fireEvent.click(screen.getByTestId('vip-code-login-channel-sms'));
    type('vip-code-login-phone', '12345678');
    fireEvent.click(screen.getByTestId('vip-code-login-send-code'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === GET_TOKEN)?.body).toEqual({
        channel: 'sms',
        countryCode: '+855',
        phone: '12345678',
        purpose: 'login',
      }),
    );
    type('vip-code-login-code', '654321');
    fireEvent.click(screen.getByTestId('vip-code-login-submit'));
    await screen.findByTestId('where');
    expect(calls.find((c) => c.path === LOGIN)?.body).toEqual({ account: '+855 12345678', code: '654321' });
  });

  test('no code is asked for a malformed e-mail, and a wrong code shows the refusal', async () => {
    const calls = installFakeApi((call) =>
      call.path === LOGIN ? memberFail('800', 'The member account, password or code is wrong.') : undefined,
    );
    renderRoutes(routes, paths.vipCodeLogin);
    type('vip-code-login-email', 'dara@');
    fireEvent.click(screen.getByTestId('vip-code-login-send-code'));
    expect(await screen.findByTestId('field-error-email')).toBeTruthy();
    expect(calls.some((c) => c.path === GET_TOKEN)).toBe(false);

    type('vip-code-login-email', 'dara@example.com');
    type('vip-code-login-code', '000000');
    fireEvent.click(screen.getByTestId('vip-code-login-submit'));
    expect((await screen.findByTestId('vip-code-login-failure')).textContent).toBe(
      'The member account, password or code is wrong.',
    );
    expect(useMemberStore.getState().vipToken).toBeNull();
  });
});
