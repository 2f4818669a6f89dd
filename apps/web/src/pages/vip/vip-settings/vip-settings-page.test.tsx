import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { routeMetaOf } from '../../../app/route-meta';
import { installFakeApi } from '../../../test/fake-api';
import { makeBaseInfo, memberFail, memberOk, resetMemberStore, signInMember } from '../../../test/members';
import { renderRoutes } from '../../../test/render';
import VipSettingsPage from './vip-settings-page';

const routes = [{ path: paths.vipSettings, element: <VipSettingsPage /> }];
const BASE = '/api/fqt/consumer/user/queryUserBaseInfo';
const SAVE = '/api/fqt/consumer/user/updateUserSettings';

describe('vip-settings', () => {
  beforeEach(() => {
    resetMemberStore();
    signInMember();
  });

  test('needs a member session', () => {
    expect(routeMetaOf(paths.vipSettings).requiresMember).toBe(true);
  });

  test('starts from the saved settings and saves the contact language and the offers chosen', async () => {
    let saved = makeBaseInfo({ contactLanguage: 1, promoMail: true, promoSms: false });
    const calls = installFakeApi((call) => {
      if (call.path === BASE) return memberOk(saved);
      if (call.path === SAVE) {
        saved = { ...saved, ...(call.body as object) };
        return memberOk(saved);
      }
      return undefined;
    });
    renderRoutes(routes, paths.vipSettings);
    const mail = await screen.findByTestId('vip-settings-mail');
    expect(mail.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('vip-settings-language-1').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('vip-settings-language-2'));
    fireEvent.click(mail);
    fireEvent.click(screen.getByTestId('vip-settings-sms'));
    fireEvent.click(screen.getByTestId('vip-settings-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === SAVE)?.body).toEqual({
        contactLanguage: 2,
        promoMail: false,
        promoSms: true,
      }),
    );
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
  });

  test('a refused save keeps the choices on screen', async () => {
    installFakeApi((call) => {
      if (call.path === BASE) return memberOk(makeBaseInfo());
      if (call.path === SAVE) return memberFail('500', 'System busy');
      return undefined;
    });
    renderRoutes(routes, paths.vipSettings);
    fireEvent.click(await screen.findByTestId('vip-settings-sms'));
    fireEvent.click(screen.getByTestId('vip-settings-submit'));
    expect(await screen.findByText('System busy')).toBeTruthy();
    expect(screen.getByTestId('vip-settings-sms').getAttribute('aria-checked')).toBe('true');
  });
});
