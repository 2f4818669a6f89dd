import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { routeMetaOf } from '../../../app/route-meta';
import { useSessionStore } from '../../../features/account/session-store';
import { useMemberStore } from '../../../features/members/member-store';
import { makeMileageSummary } from '../../../features/mileage/mileage-test-data';
import { signIn } from '../../../test/accounts';
import { installFakeApi } from '../../../test/fake-api';
import { CARD_NO, makeMemberHome, memberOk, resetMemberStore, signInMember } from '../../../test/members';
import { renderRoutes } from '../../../test/render';
import VipHomePage from './vip-home-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.vipHome, element: <VipHomePage /> },
  { path: paths.more, element: <Where /> },
  { path: paths.vipRegisterInfo, element: <Where /> },
  { path: paths.vipBeneficiaries, element: <Where /> },
  { path: paths.vipFreeze, element: <Where /> },
  { path: paths.vipTransactions, element: <Where /> },
  { path: paths.vipCalculator, element: <Where /> },
];
const HOME = '/api/fqt/consumer/home/queryUserInfo';
const LOGOUT = '/api/fqt/consumer/userLogout';

describe('vip-home (the member home and digital card)', () => {
  beforeEach(() => resetMemberStore());

  test('needs a member session', () => {
    expect(routeMetaOf(paths.vipHome).requiresMember).toBe(true);
    expect(routeMetaOf(paths.vipHome).requiresLogin).toBeUndefined();
  });

  test('an approved member sees the card: name, tier, the card number as a CODE128 barcode with its digits, member since, the balance to come', async () => {
    signInMember();
    const calls = installFakeApi((call) => (call.path === HOME ? memberOk(makeMemberHome()) : undefined));
    renderRoutes(routes, paths.vipHome);
    expect((await screen.findByTestId('vip-card-name')).textContent).toBe('DARA SOK');
    expect(screen.getByTestId('vip-card-level').textContent).toBe('Silver');
    expect(screen.getByTestId('vip-card-no').textContent).toBe(CARD_NO);
    expect(screen.getByTestId('vip-card-balance').textContent).toBe('—');
    expect(screen.getByTestId('vip-card-mileage-note').textContent).toBe(
      'Your miles appear here once the programme’s mileage goes live.',
    );
    expect(screen.getByTestId('vip-card-since').textContent).toBe('02 Nov 2026');
    // The barcode library is loaded by the page and draws bars into the svg.
    await waitFor(() =>
      expect(screen.getByTestId('vip-card-barcode').getAttribute('data-drawn')).toBe('true'),
    );
    const svg = screen.getByRole('img', { name: `Barcode of card number ${CARD_NO}` });
    expect(svg.querySelectorAll('rect').length).toBeGreaterThan(10);
    expect(calls.find((c) => c.path === HOME)?.headers).toMatchObject({
      vipToken: 'vip-1',
      clientSource: 'CA-H5',
    });
    // The member's records are open to an approved member.
    fireEvent.click(screen.getByTestId('vip-menu-beneficiaries'));
    expect((await screen.findByTestId('where')).textContent).toBe(paths.vipBeneficiaries);
  });

  test('the mileage figures: balance, the next expiry, elite miles and segments, progress to the next tier, the entries', async () => {
    signInMember();
    installFakeApi((call) =>
      call.path === HOME ? memberOk(makeMemberHome({}, makeMileageSummary())) : undefined,
    );
    renderRoutes(routes, paths.vipHome);
    expect((await screen.findByTestId('vip-card-balance')).textContent).toBe('12,400');
    expect(screen.queryByTestId('vip-card-mileage-note')).toBeNull();
    // They expire at 1 Dec 00:00 in Phnom Penh (30 Nov 17:00 UTC): 30 Nov is their last day.
    expect(screen.getByTestId('vip-mileage-expiring').textContent).toBe('1,200 miles expire on 30 Nov 2029');
    expect(screen.getByTestId('vip-mileage-elite-miles').textContent).toBe('6,600');
    expect(screen.getByTestId('vip-mileage-elite-segments').textContent).toBe('8');
    expect(screen.getByTestId('vip-mileage-next').textContent).toBe(
      '3,400 elite miles or 12 segments to Gold',
    );
    // 6,600 of 10,000 miles beats 8 of 20 segments.
    expect(screen.getByTestId('vip-mileage-progress').getAttribute('aria-valuenow')).toBe('66');
    expect(screen.queryByTestId('vip-mileage-frozen')).toBeNull();
    fireEvent.click(screen.getByTestId('vip-menu-transactions'));
    expect((await screen.findByTestId('where')).textContent).toBe(paths.vipTransactions);
  });

  test('frozen miles: a banner leading to the freeze details; at the top tier no next tier', async () => {
    signInMember({ level: 2 });
    installFakeApi((call) =>
      call.path === HOME
        ? memberOk(makeMemberHome({ level: 2 }, makeMileageSummary({ frozen: true, level: 2, next: null })))
        : undefined,
    );
    renderRoutes(routes, paths.vipHome);
    expect((await screen.findByTestId('vip-mileage-next')).textContent).toBe(
      'You are at our highest tier: Platinum.',
    );
    fireEvent.click(screen.getByTestId('vip-mileage-frozen'));
    expect((await screen.findByTestId('where')).textContent).toBe(paths.vipFreeze);
  });

  test('the first sign-in shows a welcome once', async () => {
    signInMember({}, true);
    installFakeApi((call) => (call.path === HOME ? memberOk(makeMemberHome()) : undefined));
    renderRoutes(routes, paths.vipHome);
    expect(screen.getByTestId('vip-home-welcome').textContent).toContain('Welcome to the member programme!');
    fireEvent.click(screen.getByTestId('vip-home-welcome-ok'));
    expect(screen.queryByTestId('vip-home-welcome')).toBeNull();
    expect(useMemberStore.getState().firstLogin).toBe(false);
    expect(localStorage.getItem('vip_first_login')).toBeNull();
  });

  test('the calculator is open to every member, approved or not', async () => {
    signInMember({ status: 'auditing', cardNo: null });
    installFakeApi((call) =>
      call.path === HOME ? memberOk(makeMemberHome({ status: 'auditing', cardNo: null })) : undefined,
    );
    renderRoutes(routes, paths.vipHome);
    expect(await screen.findByTestId('vip-audit-auditing')).toBeTruthy();
    expect(screen.queryByTestId('vip-menu-transactions')).toBeNull();
    fireEvent.click(screen.getByTestId('vip-menu-calculator'));
    expect((await screen.findByTestId('where')).textContent).toBe(paths.vipCalculator);
  });

  test('before approval: the audit state instead of the card, and no records yet', async () => {
    signInMember({ status: 'auditing', cardNo: null });
    installFakeApi((call) =>
      call.path === HOME ? memberOk(makeMemberHome({ status: 'auditing', cardNo: null })) : undefined,
    );
    renderRoutes(routes, paths.vipHome);
    expect(await screen.findByTestId('vip-audit-auditing')).toBeTruthy();
    expect(screen.queryByTestId('vip-card')).toBeNull();
    expect(screen.queryByTestId('vip-menu-contacts')).toBeNull();
  });

  test('rejected: the reason, and the way to fix the registration', async () => {
    signInMember({ status: 'rejected', cardNo: null });
    installFakeApi((call) =>
      call.path === HOME
        ? memberOk(
            makeMemberHome({
              status: 'rejected',
              cardNo: null,
              rejectReason: 'Blurred photo',
              rejections: 2,
            }),
          )
        : undefined,
    );
    renderRoutes(routes, paths.vipHome);
    expect((await screen.findByTestId('vip-audit-reason')).textContent).toBe('Reason: Blurred photo');
    expect(screen.getByTestId('vip-audit-rejections').textContent).toContain('Rejected 2 of 3 times');
    fireEvent.click(screen.getByTestId('vip-home-fix'));
    expect((await screen.findByTestId('where')).textContent).toBe(paths.vipRegisterInfo);
  });

  test('signing out ends the member session on the server and on the device; the app account stays', async () => {
    signIn();
    signInMember();
    const calls = installFakeApi((call) => {
      if (call.path === HOME) return memberOk(makeMemberHome());
      if (call.path === LOGOUT) return memberOk(null);
      return undefined;
    });
    renderRoutes(routes, paths.vipHome);
    fireEvent.click(await screen.findByTestId('vip-home-logout'));
    fireEvent.click(
      await screen.findByText('Sign out of the membership', {
        selector: '.adm-dialog-button *, .adm-dialog-button',
      }),
    );
    expect((await screen.findByTestId('where')).textContent).toBe(paths.more);
    expect(calls.find((c) => c.path === LOGOUT)?.headers.vipToken).toBe('vip-1');
    expect(useMemberStore.getState().vipToken).toBeNull();
    expect(localStorage.getItem('vip_token')).toBeNull();
    expect(useSessionStore.getState().loggedIn).toBe(true);
  });
});
