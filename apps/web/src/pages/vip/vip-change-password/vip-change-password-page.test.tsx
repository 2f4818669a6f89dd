import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { routeMetaOf } from '../../../app/route-meta';
import { installFakeApi } from '../../../test/fake-api';
import { memberFail, memberOk, resetMemberStore, signInMember } from '../../../test/members';
import { renderRoutes } from '../../../test/render';
import VipChangePasswordPage from './vip-change-password-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.vipChangePassword, element: <VipChangePasswordPage /> },
  { path: paths.vipHome, element: <Where /> },
];
const CHANGE = '/api/fqt/consumer/user/updateUserPassword';
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

function fill(old: string, next: string, confirm = next) {
  type('vip-password-old', old);
  type('vip-password-new', next);
  type('vip-password-confirm', confirm);
  fireEvent.click(screen.getByTestId('vip-password-submit'));
}

describe('vip-change-password', () => {
  beforeEach(() => {
    resetMemberStore();
    signInMember();
  });

  test('needs a member session', () => {
    expect(routeMetaOf(paths.vipChangePassword).requiresMember).toBe(true);
  });

  test('sends the old and the new password and goes back', async () => {
    const calls = installFakeApi((call) => (call.path === CHANGE ? memberOk(null) : undefined));
    renderRoutes(routes, paths.vipChangePassword);
    fill('204816', '739152');
    expect((await screen.findByTestId('where')).textContent).toBe(paths.vipHome);
    const call = calls.find((c) => c.path === CHANGE);
    expect(call?.body).toEqual({ oldPassword: '204816', password: '739152', confirmPassword: '739152' });
    expect(call?.headers.vipToken).toBe('vip-1');
  });

  test('refuses a run of digits, the old password again, and a mismatch before sending', async () => {
    const calls = installFakeApi();
    renderRoutes(routes, paths.vipChangePassword);
    fill('204816', '654321');
    expect((await screen.findByTestId('field-error-password')).textContent).toBe(
      'The password cannot be a run of digits (such as 123456 or 654321).',
    );
    fill('204816', '204816');
    expect(screen.getByTestId('field-error-password').textContent).toBe(
      'The new password must differ from the current one.',
    );
    fill('204816', '739152', '739153');
    expect(screen.getByTestId('field-error-confirmPassword')).toBeTruthy();
    expect(calls.some((c) => c.path === CHANGE)).toBe(false);
  });

  test('a wrong old password (812) shows on its field', async () => {
    installFakeApi((call) =>
      call.path === CHANGE ? memberFail('812', 'The old password is wrong.') : undefined,
    );
    renderRoutes(routes, paths.vipChangePassword);
    fill('111112', '739152');
    expect((await screen.findByTestId('field-error-oldPassword')).textContent).toBe(
      'The old password is wrong.',
    );
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
