import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { i18n, setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { useSessionStore } from '../../../features/account/session-store';
import { makeSession } from '../../../test/accounts';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

describe('third-party login callback', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('spends the ticket once, signs in, and asks a first-time user to bind an e-mail', async () => {
    const calls = installFakeApi((call) =>
      call.path === '/api/travelsky/thirdoauth/login'
        ? ok({ ...makeSession({ email: null }), needsEmail: true })
        : undefined,
    );
    // The nonce this tab sent to authorize is shown again with the ticket, then forgotten.
    sessionStorage.setItem('oauth_nonce', 'n'.repeat(32));
    const returnTo = encodeURIComponent(paths.passengerList);
    const { router } = await renderApp(
      `${paths.oauthCallback}?ticket=t-1&provider=apple&returnTo=${returnTo}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.associateEmail));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(paths.passengerList);
    expect(await screen.findByTestId('associate-email-email')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/travelsky/thirdoauth/login').map((c) => c.body)).toEqual([
      { ticket: 't-1', nonce: 'n'.repeat(32) },
    ]);
    expect(sessionStorage.getItem('oauth_nonce')).toBeNull();
    expect(useSessionStore.getState().loggedIn).toBe(true);
  });

  test('an error from the provider goes back to login with the failure toast', async () => {
    installFakeApi();
    const { router } = await renderApp(`${paths.oauthCallback}?error=access_denied&provider=facebook`);
    expect(
      await screen.findByText('Signing in with that service did not work. Please try again.'),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
  });
});

describe('account texts', () => {
  test('the rule and screen messages exist in zh, en and km', async () => {
    for (const lang of ['zh', 'en', 'km'] as const) {
      await setLanguage(lang);
      for (const key of ['account.password_rule', 'person.name_letters', 'login.title', 'passengers.empty']) {
        expect(i18n.t(key)).not.toBe(key);
      }
    }
    await setLanguage('km');
    expect(i18n.t('login.title')).toBe('ចូលគណនី');
  });
});
