import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { routeMetaOf } from '../../../app/route-meta';
import { makeClaim } from '../../../features/mileage/mileage-test-data';
import { installFakeApi } from '../../../test/fake-api';
import { memberOk, resetMemberStore, signInMember } from '../../../test/members';
import { renderRoutes } from '../../../test/render';
import MileageClaimsPage from './mileage-claims-page';

const LIST = '/api/fqt/consumer/claim/queryClaimList';

function NewClaim() {
  return <div data-testid="new-claim" />;
}
const routes = [
  { path: paths.vipClaims, element: <MileageClaimsPage /> },
  { path: paths.vipClaimNew, element: <NewClaim /> },
];

describe('mileage claims', () => {
  beforeEach(() => {
    resetMemberStore();
    signInMember();
  });

  test('need a member session', () => {
    expect(routeMetaOf(paths.vipClaims).requiresMember).toBe(true);
    expect(routeMetaOf(paths.vipClaimNew).requiresMember).toBe(true);
  });

  test('each claim with its state: under audit, approved with the miles, not approved with the reason', async () => {
    installFakeApi((call) =>
      call.path === LIST
        ? memberOk({
            list: [
              makeClaim(),
              makeClaim({
                id: 'claim-2',
                status: 'approved',
                miles: 1_250,
                decidedAt: '2026-11-21T02:00:00.000Z',
              }),
              makeClaim({
                id: 'claim-3',
                status: 'rejected',
                rejectReason: 'No flown coupon on that date',
                decidedAt: '2026-11-21T02:00:00.000Z',
              }),
            ],
          })
        : undefined,
    );
    renderRoutes(routes, paths.vipClaims);
    expect((await screen.findByTestId('mi-claim-0-status')).textContent).toBe('Under audit');
    expect(screen.getByTestId('mi-claim-0').textContent).toContain('WC101 KTI→SAI');
    expect(screen.queryByTestId('mi-claim-0-miles')).toBeNull();
    expect(screen.getByTestId('mi-claim-1-status').textContent).toBe('Approved');
    expect(screen.getByTestId('mi-claim-1-miles').textContent).toBe('+1,250');
    expect(screen.getByTestId('mi-claim-2-status').textContent).toBe('Not approved');
    expect(screen.getByTestId('mi-claim-2-reason').textContent).toBe('Reason: No flown coupon on that date');
    fireEvent.click(screen.getByTestId('mi-claim-add'));
    expect(await screen.findByTestId('new-claim')).toBeTruthy();
  });

  test('no claims: the empty state and still the way to a new one', async () => {
    installFakeApi((call) => (call.path === LIST ? memberOk({ list: [] }) : undefined));
    renderRoutes(routes, paths.vipClaims);
    expect((await screen.findByTestId('mi-claims-empty')).textContent).toContain('No claims yet.');
    expect(screen.getByTestId('mi-claim-add')).toBeTruthy();
  });
});
