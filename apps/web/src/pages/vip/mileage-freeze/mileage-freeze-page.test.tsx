import { screen } from '@testing-library/react';
import { ErrorCodes, formatMessage } from '@wings/contracts';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { routeMetaOf } from '../../../app/route-meta';
import { installFakeApi } from '../../../test/fake-api';
import { memberFail, memberOk, resetMemberStore, signInMember } from '../../../test/members';
import { renderRoutes } from '../../../test/render';
import MileageFreezePage from './mileage-freeze-page';

const FREEZE = '/api/fqt/consumer/mileage/queryFreezeInfo';
const routes = [{ path: paths.vipFreeze, element: <MileageFreezePage /> }];

describe('mileage freeze details', () => {
  beforeEach(() => {
    resetMemberStore();
    signInMember();
  });

  test('needs a member session', () => {
    expect(routeMetaOf(paths.vipFreeze).requiresMember).toBe(true);
  });

  test('frozen: the reason and since when, in the hub’s time', async () => {
    installFakeApi((call) =>
      call.path === FREEZE
        ? memberOk({ reason: 'Under review for suspected misuse', frozenAt: '2026-11-20T02:30:00.000Z' })
        : undefined,
    );
    renderRoutes(routes, paths.vipFreeze);
    expect((await screen.findByTestId('mi-freeze-reason')).textContent).toBe(
      'Under review for suspected misuse',
    );
    expect(screen.getByTestId('mi-freeze-since').textContent).toBe('20 Nov 2026 09:30');
  });

  test('not frozen: the server answers 865 and its message is shown', async () => {
    const message = formatMessage(ErrorCodes.mileageNoFreezeDetails.key, 'en');
    installFakeApi((call) =>
      call.path === FREEZE ? memberFail(ErrorCodes.mileageNoFreezeDetails.code, message) : undefined,
    );
    renderRoutes(routes, paths.vipFreeze);
    expect((await screen.findByTestId('mi-freeze-none')).textContent).toContain(
      'Your miles are not frozen: there are no freeze details.',
    );
  });
});
