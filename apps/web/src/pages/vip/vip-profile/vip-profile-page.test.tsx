import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { routeMetaOf } from '../../../app/route-meta';
import { installFakeApi } from '../../../test/fake-api';
import { CARD_NO, makeBaseInfo, memberOk, resetMemberStore, signInMember } from '../../../test/members';
import { renderRoutes } from '../../../test/render';
import VipProfilePage from './vip-profile-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.vipProfile, element: <VipProfilePage /> },
  { path: paths.vipContacts, element: <Where /> },
  { path: paths.vipAddresses, element: <Where /> },
];
const BASE = '/api/fqt/consumer/user/queryUserBaseInfo';

describe('vip-profile', () => {
  beforeEach(() => {
    resetMemberStore();
    signInMember();
  });

  test('needs a member session', () => {
    expect(routeMetaOf(paths.vipProfile).requiresMember).toBe(true);
  });

  test('shows the profile read-only, with the way to the contacts and addresses', async () => {
    const calls = installFakeApi((call) =>
      call.path === BASE ? memberOk(makeBaseInfo({ linkedUserId: 'user-1', contactLanguage: 2 })) : undefined,
    );
    renderRoutes(routes, paths.vipProfile);
    expect((await screen.findByTestId('vip-profile-card')).textContent).toBe(CARD_NO);
    expect(screen.getByTestId('vip-profile-level').textContent).toBe('Silver');
    expect(screen.getByTestId('vip-profile-surname').textContent).toBe('SOK');
    expect(screen.getByTestId('vip-profile-birthday').textContent).toBe('12 Apr 1990');
    expect(screen.getByTestId('vip-profile-nationality').textContent).toBe('Cambodia');
    expect(screen.getByTestId('vip-profile-phone').textContent).toBe('+855 12345678');
    expect(screen.getByTestId('vip-profile-language').textContent).toBe('ខ្មែរ');
    expect(screen.getByTestId('vip-profile-linked')).toBeTruthy();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(calls.find((c) => c.path === BASE)?.method).toBe('GET');
    fireEvent.click(screen.getByTestId('vip-profile-addresses'));
    expect((await screen.findByTestId('where')).textContent).toBe(paths.vipAddresses);
  });

  test('before approval the card number is still to come', async () => {
    installFakeApi((call) =>
      call.path === BASE ? memberOk(makeBaseInfo({ status: 'auditing', cardNo: null })) : undefined,
    );
    renderRoutes(routes, paths.vipProfile);
    expect((await screen.findByTestId('vip-profile-card')).textContent).toBe('Issued after review');
    expect(screen.queryByTestId('vip-profile-contacts')).toBeNull();
  });
});
