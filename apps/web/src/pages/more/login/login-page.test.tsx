import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { useSessionStore } from '../../../features/account/session-store';
import { makeSession } from '../../../test/accounts';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import LoginPage, { browser } from './login-page';

function renderLogin(path: string = paths.login) {
  return renderRoutes(
    [
      { path: paths.login, element: <LoginPage /> },
      { path: paths.more, element: <p>more tab</p> },
      { path: paths.passengerList, element: <p>passenger list</p> },
    ],
    path,
  );
}

const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
const captcha = (n: number) =>
  ok({ captchaId: `cap-${n}`, image: `data:image/png;base64,${n}`, expiresInSeconds: 120 });

describe('login', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('shows the captcha after a 602 asking for one, sends it, and gives another picture on the refresh button', async () => {
    let captchas = 0;
    let logins = 0;
    const calls = installFakeApi((call) => {
      if (call.path === '/api/getCaptcha') return captcha(++captchas);
      if (call.path === '/api/travelsky/user/login') {
        logins += 1;
        if (logins === 1) {
          return { body: { code: '602', message: 'captcha', data: { captchaRequired: true } } };
        }
        return ok(makeSession());
      }
      return undefined;
    });
    const { router } = renderLogin(`${paths.login}?redirect=${encodeURIComponent(paths.passengerList)}`);

    expect(screen.queryByTestId('login-captcha')).toBeNull();
    type('login-account', 'dara@example.com');
    type('login-password', 'wrongpass1');
    fireEvent.click(screen.getByTestId('login-submit'));

    expect(await screen.findByTestId('login-captcha')).toBeTruthy();
    expect(screen.getByTestId('login-captcha-image').querySelector('img')?.getAttribute('src')).toBe(
      'data:image/png;base64,1',
    );
    expect(screen.getByTestId('field-error-captcha').textContent).toBe(
      'For your security, enter the characters in the picture and log in again.',
    );
    expect(input('login-account').value).toBe('dara@example.com');
    expect(input('login-password').value).toBe('wrongpass1');

    fireEvent.click(screen.getByRole('button', { name: 'Show another picture' }));
    await waitFor(() =>
      expect(screen.getByTestId('login-captcha-image').querySelector('img')?.getAttribute('src')).toBe(
        'data:image/png;base64,2',
      ),
    );

    fireEvent.click(screen.getByTestId('login-submit'));
    expect(screen.getByTestId('field-error-captcha').textContent).toBe(
      'Enter the characters in the picture.',
    );
    type('login-captcha', 'x7k2');
    fireEvent.click(screen.getByTestId('login-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.passengerList));
    expect(calls.filter((c) => c.path === '/api/travelsky/user/login').at(-1)?.body).toEqual({
      account: 'dara@example.com',
      password: 'wrongpass1',
      captchaId: 'cap-2',
      captcha: 'x7k2',
    });
    expect(useSessionStore.getState().loggedIn).toBe(true);
  });

  test('the captcha is readable without sound: a tap enlarges the picture, the input is labelled and explained', async () => {
    installFakeApi((call) => {
      if (call.path === '/api/getCaptcha') return captcha(1);
      if (call.path === '/api/travelsky/user/login') {
        return { body: { code: '602', message: 'captcha', data: { captchaRequired: true } } };
      }
      return undefined;
    });
    renderLogin();
    type('login-account', 'dara@example.com');
    type('login-password', 'wrongpass1');
    fireEvent.click(screen.getByTestId('login-submit'));

    const answer = await screen.findByLabelText('Verification code');
    expect(answer).toBe(input('login-captcha'));
    expect(answer.getAttribute('autocapitalize')).toBe('characters');
    expect(screen.getByRole('img', { name: 'Verification picture' })).toBeTruthy();
    const hint = document.getElementById(answer.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      'Not case-sensitive. Tap the picture to enlarge it; hard to read? Show another picture.',
    );

    const picture = screen.getByRole('button', { name: 'Enlarge the picture' });
    expect(picture.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(picture);
    expect(picture.getAttribute('aria-pressed')).toBe('true');
    expect(picture.closest('.captcha')?.classList.contains('captcha-large')).toBe(true);
    expect(screen.getByRole('button', { name: 'Make the picture smaller' })).toBe(picture);
    fireEvent.click(picture);
    expect(picture.closest('.captcha')?.classList.contains('captcha-large')).toBe(false);
  });

  test('toasts a wrong account or password and keeps what was typed', async () => {
    installFakeApi((call) =>
      call.path === '/api/travelsky/user/login'
        ? {
            body: {
              code: '601',
              message: 'The account or password is wrong.',
              data: { captchaRequired: false },
            },
          }
        : undefined,
    );
    renderLogin();
    type('login-account', 'dara@example.com');
    type('login-password', 'abcdefgh1');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('The account or password is wrong.')).toBeTruthy();
    expect(input('login-account').value).toBe('dara@example.com');
    expect(screen.queryByTestId('login-captcha')).toBeNull();
  });

  test('third-party buttons go to the provider with the page to come back to', () => {
    installFakeApi();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderLogin(`${paths.login}?redirect=${encodeURIComponent(paths.passengerList)}`);
    fireEvent.click(screen.getByTestId('login-oauth-wechat'));
    const nonce = sessionStorage.getItem('oauth_nonce');
    expect(nonce).toMatch(/^[\w-]{32}$/);
    expect(assign).toHaveBeenCalledWith(
      `/api/travelsky/thirdoauth/wechat/authorize?returnTo=${encodeURIComponent(paths.passengerList)}&nonce=${nonce}`,
    );
    expect(screen.getByTestId('login-oauth-facebook')).toBeTruthy();
    expect(screen.getByTestId('login-oauth-apple')).toBeTruthy();
  });
});
