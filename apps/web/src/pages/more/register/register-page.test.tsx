import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { useSessionStore } from '../../../features/account/session-store';
import { makeSession } from '../../../test/accounts';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import RegisterPage from './register-page';

function renderRegister() {
  return renderRoutes(
    [
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.more, element: <p>more tab</p> },
    ],
    paths.register,
  );
}

const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);
function type(id: string, value: string) {
  fireEvent.change(input(id), { target: { value } });
}

describe('register form', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('checks a field as the user types once it has been left, with the shared rule messages', () => {
    installFakeApi();
    renderRegister();

    type('register-password', 'abc');
    expect(screen.queryByTestId('field-error-password')).toBeNull();
    fireEvent.blur(input('register-password'));
    expect(screen.getByTestId('field-error-password').textContent).toBe(
      'Use 8 to 20 letters and digits, with at least one of each.',
    );
    type('register-password', 'abcdefgh1');
    expect(screen.queryByTestId('field-error-password')).toBeNull();
    type('register-password', 'abcdefghi');
    expect(screen.getByTestId('field-error-password')).toBeTruthy();
    type('register-password', 'abcdefgh1');

    type('register-confirm', 'abcdefgh2');
    fireEvent.blur(input('register-confirm'));
    expect(screen.getByTestId('field-error-confirmPassword').textContent).toBe(
      'The two passwords do not match.',
    );
    type('register-confirm', 'abcdefgh1');
    expect(screen.queryByTestId('field-error-confirmPassword')).toBeNull();

    type('register-email', 'dara@');
    fireEvent.blur(input('register-email'));
    expect(screen.getByTestId('field-error-email').textContent).toBe('Enter a valid e-mail address.');
    type('register-email', 'dara@example.com');
    expect(screen.queryByTestId('field-error-email')).toBeNull();

    fireEvent.click(screen.getByTestId('register-submit'));
    expect(screen.getByTestId('field-error-code').textContent).toBe(
      'Enter the 6-digit code from the e-mail.',
    );
    expect(screen.getByTestId('field-error-agree').textContent).toBe(
      'Please read and accept the user agreement.',
    );
  });

  test('sends the code with a 60 s countdown, and keeps what was typed when the server refuses', async () => {
    const calls = installFakeApi((call) => {
      if (call.path === '/api/travelsky/user/testEmail')
        return ok({ resendAfterSeconds: 60, validMinutes: 10 });
      if (call.path === '/api/travelsky/user/register') {
        return { body: { code: '4002', message: 'This e-mail is already registered.', data: null } };
      }
      return undefined;
    });
    renderRegister();

    type('register-email', 'dara@example.com');
    fireEvent.click(screen.getByTestId('register-send-code'));
    await waitFor(() => expect(screen.getByTestId('register-send-code').textContent).toBe('Resend in 60 s'));
    expect(screen.getByTestId<HTMLButtonElement>('register-send-code').disabled).toBe(true);
    expect(calls.find((c) => c.path === '/api/travelsky/user/testEmail')?.body).toEqual({
      email: 'dara@example.com',
      purpose: 'register',
    });

    type('register-code', '123456');
    type('register-password', 'abcdefgh1');
    type('register-confirm', 'abcdefgh1');
    fireEvent.click(screen.getByTestId('register-agree'));
    fireEvent.click(screen.getByTestId('register-submit'));

    expect(await screen.findByText('This e-mail is already registered.')).toBeTruthy();
    expect(input('register-email').value).toBe('dara@example.com');
    expect(input('register-code').value).toBe('123456');
    expect(input('register-password').value).toBe('abcdefgh1');
    expect(input('register-agree').checked).toBe(true);
    expect(useSessionStore.getState().loggedIn).toBe(false);
    expect(calls.find((c) => c.path === '/api/travelsky/user/register')?.body).toMatchObject({
      email: 'dara@example.com',
      code: '123456',
      agree: true,
    });
  });

  test('shows server field errors on their fields, then signs in on success', async () => {
    let attempt = 0;
    installFakeApi((call) => {
      if (call.path !== '/api/travelsky/user/register') return undefined;
      attempt += 1;
      if (attempt === 1) {
        return {
          status: 400,
          body: {
            code: '400',
            message: 'code: wrong',
            data: { fields: [{ field: 'code', key: 'code_invalid', message: 'wrong code' }] },
          },
        };
      }
      return ok(makeSession());
    });
    const { router } = renderRegister();
    type('register-email', 'dara@example.com');
    type('register-code', '654321');
    type('register-password', 'abcdefgh1');
    type('register-confirm', 'abcdefgh1');
    fireEvent.click(screen.getByTestId('register-agree'));
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('field-error-code')).textContent).toBe(
      'The e-mail code is wrong or no longer valid.',
    );
    type('register-code', '123456');
    expect(screen.queryByTestId('field-error-code')).toBeNull();
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.more));
    expect(useSessionStore.getState()).toMatchObject({
      loggedIn: true,
      token: 'session-1',
      memberId: 'user-1',
    });
  });

  test('takes an optional phone with its country code, checked by the shared phone rule', async () => {
    const calls = installFakeApi((call) =>
      call.path === '/api/travelsky/user/register' ? ok(makeSession()) : undefined,
    );
    renderRegister();
    type('register-email', 'dara@example.com');
    type('register-code', '123456');
    type('register-password', 'abcdefgh1');
    type('register-confirm', 'abcdefgh1');
    fireEvent.click(screen.getByTestId('register-agree'));
    type('register-phone', '12-345');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(screen.getByTestId('field-error-phone').textContent).toBe(
      'Enter a valid phone number (digits only).',
    );
    expect(calls.some((c) => c.path === '/api/travelsky/user/register')).toBe(false);

    type('register-phone', '12345678');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/travelsky/user/register')?.body).toMatchObject({
        countryCode: '+855',
        phone: '12345678',
      }),
    );
  });
});
