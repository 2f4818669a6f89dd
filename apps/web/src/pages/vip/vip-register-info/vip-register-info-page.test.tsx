import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_CUSTOMER_SERVICE } from '@wings/contracts';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { routeMetaOf } from '../../../app/route-meta';
import { installFakeApi, ok } from '../../../test/fake-api';
import {
  makeRegisterInfo,
  memberFail,
  memberOk,
  resetMemberStore,
  signInMember,
} from '../../../test/members';
import { renderRoutes } from '../../../test/render';
import VipRegisterInfoPage from './vip-register-info-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.vipRegisterInfo, element: <VipRegisterInfoPage /> },
  { path: paths.vipHome, element: <Where /> },
  { path: paths.more, element: <Where /> },
];
const INFO = '/api/fqt/consumer/user/queryRegisterInfo';
const UPDATE = '/api/fqt/consumer/user/updateRegisterInfo';

describe('vip-register-info (the registration and its audit)', () => {
  beforeEach(() => {
    resetMemberStore();
    signInMember({ status: 'auditing', cardNo: null });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  test('needs a member session', () => {
    expect(routeMetaOf(paths.vipRegisterInfo).requiresMember).toBe(true);
  });

  test('under audit: says the details are being checked, with no form', async () => {
    const calls = installFakeApi((call) => (call.path === INFO ? memberOk(makeRegisterInfo()) : undefined));
    renderRoutes(routes, paths.vipRegisterInfo);
    expect((await screen.findByTestId('vip-audit-auditing')).textContent).toContain(
      'Your membership details are being checked. Please wait for the result.',
    );
    expect(screen.queryByTestId('mb-register-submit')).toBeNull();
    expect(calls.find((c) => c.path === INFO)?.headers.vipToken).toBe('vip-1');
  });

  test('rejected: staff’s reason, the count of rejections, and the form prefilled to fix and send again', async () => {
    let state = makeRegisterInfo({
      status: 'rejected',
      rejectReason: 'The ID card photo is blurred',
      rejections: 1,
    });
    const calls = installFakeApi((call) => {
      if (call.path === INFO) return memberOk(state);
      if (call.path === UPDATE) {
        state = makeRegisterInfo({ status: 'auditing', rejections: 1, documentId: state.documentId });
        return memberOk(state);
      }
      return undefined;
    });
    renderRoutes(routes, paths.vipRegisterInfo);
    expect((await screen.findByTestId('vip-audit-reason')).textContent).toBe(
      'Reason: The ID card photo is blurred',
    );
    expect(screen.getByTestId('vip-audit-rejections').textContent).toBe(
      'Rejected 1 of 3 times: after 3 the account is blocked.',
    );
    const surname = screen.getByTestId<HTMLInputElement>('mb-register-surname');
    expect(surname.value).toBe('SOK');
    expect(screen.getByTestId<HTMLInputElement>('mb-register-city').value).toBe('Phnom Penh');
    // Fixing a registration asks for no password, code or terms again.
    expect(screen.queryByTestId('mb-register-password')).toBeNull();
    expect(screen.queryByTestId('mb-register-code')).toBeNull();

    fireEvent.change(screen.getByTestId('mb-register-documentNo'), { target: { value: '987654321' } });
    fireEvent.click(screen.getByTestId('mb-register-submit'));
    expect(await screen.findByTestId('vip-audit-auditing')).toBeTruthy();
    const sent = calls.find((c) => c.path === UPDATE)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      surname: 'SOK',
      document: { documentType: 0, documentNo: '987654321' },
      email: 'dara@example.com',
    });
    expect(sent).not.toHaveProperty('password');
    expect(sent).not.toHaveProperty('code');
  });

  test('rejected, resubmitted while staff already audit it: the refusal is shown and the form stays', async () => {
    installFakeApi((call) => {
      if (call.path === INFO)
        return memberOk(makeRegisterInfo({ status: 'rejected', rejectReason: 'x', rejections: 2 }));
      if (call.path === UPDATE) {
        return memberFail('803', 'Your membership details are being checked. Please wait for the result.');
      }
      return undefined;
    });
    renderRoutes(routes, paths.vipRegisterInfo);
    fireEvent.click(await screen.findByTestId('mb-register-submit'));
    expect(
      await screen.findByText('Your membership details are being checked. Please wait for the result.'),
    ).toBeTruthy();
    expect(screen.getByTestId('mb-register-submit')).toBeTruthy();
  });

  test('blocked: contact customer service with the phone the airline set', async () => {
    installFakeApi((call) => {
      if (call.path === INFO) return memberOk(makeRegisterInfo({ status: 'blocked', rejections: 3 }));
      if (call.path === '/api/settings/customer-service') {
        return ok({ ...DEFAULT_CUSTOMER_SERVICE, phone: '+855 23 999 888' });
      }
      return undefined;
    });
    renderRoutes(routes, paths.vipRegisterInfo);
    await waitFor(() =>
      expect(screen.getByTestId('vip-audit-blocked-text').textContent).toBe(
        'Please call customer service on +855 23 999 888.',
      ),
    );
    expect(screen.getByTestId('vip-audit-call').getAttribute('href')).toBe('tel:+85523999888');
    expect(screen.queryByTestId('mb-register-submit')).toBeNull();
  });

  test('approved: goes to the member home', async () => {
    installFakeApi((call) =>
      call.path === INFO ? memberOk(makeRegisterInfo({ status: 'approved' })) : undefined,
    );
    renderRoutes(routes, paths.vipRegisterInfo);
    expect((await screen.findByTestId('where')).textContent).toBe(paths.vipHome);
  });
});
