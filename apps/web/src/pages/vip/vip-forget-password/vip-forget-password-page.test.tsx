import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { routeMetaOf } from '../../../app/route-meta';
import { useMemberStore } from '../../../features/members/member-store';
import { installFakeApi } from '../../../test/fake-api';
import { memberFail, memberOk, resetMemberStore, signInMember } from '../../../test/members';
import { renderRoutes } from '../../../test/render';
import VipForgetPasswordPage from './vip-forget-password-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.vipForgetPassword, element: <VipForgetPasswordPage /> },
  { path: paths.vipLogin, element: <Where /> },
];
const RESET = '/api/fqt/consumer/resetPwd';
const GET_TOKEN = '/api/fqt/consumer/getToken';
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

describe('vip-forget-password (member password reset)', () => {
  beforeEach(() => resetMemberStore());

  test('open without a member session', () => {
    expect(routeMetaOf(paths.vipForgetPassword).requiresMember).toBeUndefined();
  });

  test('by SMS: a reset code to the phone, a new password twice, then the login (every session ended)', async () => {
    signInMember();
    const calls = installFakeApi((call) => {
      if (call.path === GET_TOKEN) return memberOk({ resendAfterSeconds: 60, validMinutes: 10 });
      if (call.path === RESET) return memberOk(null);
      return undefined;
    });
    renderRoutes(routes, paths.vipForgetPassword);
    fireEvent.click(screen.getByTestId('vip-reset-channel-sms'));
    type('vip-reset-phone', '12345678');
    fireEvent.click(screen.getByTestId('vip-reset-send-code'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === GET_TOKEN)?.body).toEqual({
        channel: 'sms',
        countryCode: '+855',
        phone: '12345678',
        purpose: 'reset',
      }),
    );
    type('vip-reset-code', '123456');
    type('vip-reset-password', '204816');
    type('vip-reset-confirm', '204816');
    fireEvent.click(screen.getByTestId('vip-reset-submit'));
    expect((await screen.findByTestId('where')).textContent).toBe(paths.vipLogin);
    expect(calls.find((c) => c.path === RESET)?.body).toEqual({
      channel: 'sms',
      countryCode: '+855',
      phone: '12345678',
      code: '123456',
      password: '204816',
      confirmPassword: '204816',
    });
    expect(useMemberStore.getState().vipToken).toBeNull();
  });

  test('refuses a password of one digit six times and entries that differ, before sending', async () => {
    const calls = installFakeApi();
    renderRoutes(routes, paths.vipForgetPassword);
    type('vip-reset-email', 'dara@example.com');
    type('vip-reset-code', '123456');
    type('vip-reset-password', '888888');
    type('vip-reset-confirm', '888889');
    fireEvent.click(screen.getByTestId('vip-reset-submit'));
    expect((await screen.findByTestId('field-error-password')).textContent).toBe(
      'The password cannot be one digit six times (such as 888888).',
    );
    expect(screen.getByTestId('field-error-confirmPassword')).toBeTruthy();
    expect(calls.some((c) => c.path === RESET)).toBe(false);
  });

  test('a wrong code is refused by the server and nothing changes', async () => {
    installFakeApi((call) =>
      call.path === RESET ? memberFail('806', 'The code is wrong or has expired.') : undefined,
    );
    renderRoutes(routes, paths.vipForgetPassword);
    type('vip-reset-email', 'dara@example.com');
    type('vip-reset-code', '123456');
    type('vip-reset-password', '204816');
    type('vip-reset-confirm', '204816');
    fireEvent.click(screen.getByTestId('vip-reset-submit'));
    expect(await screen.findByText('The code is wrong or has expired.')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
