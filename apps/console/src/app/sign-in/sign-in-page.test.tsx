import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { aMember, fakeAdminApi, renderConsole } from '../../test/render';

const CHALLENGE = 'c'.repeat(32);
const admin = aMember(['admin']);

function typeInto(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function passwordStep() {
  typeInto('E-mail', 'admin@demo.wings-airways.test');
  typeInto('Password', 'Console2026');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByLabelText('6-digit code');
}

const auditRoutes = {
  'GET /audit': { data: { list: [], total: 0, page: 1, pageSize: 50 } },
  'GET /staff': { data: { list: [] } },
};

describe('staff sign-in', () => {
  test('password, then the authenticator code; back to the page the member came from', async () => {
    const calls = fakeAdminApi({
      'POST /auth/login': { data: { stage: 'totp', challenge: CHALLENGE, expiresInSeconds: 300 } },
      'POST /auth/verify': { data: { staff: admin, expiresAt: '2026-11-24T18:00:00.000Z' } },
      ...auditRoutes,
    });
    renderConsole('/sign-in?from=%2Faudit');
    await passwordStep();
    expect(screen.queryByTestId('enrol-qr')).toBeNull();
    typeInto('6-digit code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { name: 'Audit log' });
    expect(window.location.pathname).toBe('/console/audit');
    expect(calls.slice(0, 2).map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/auth/login', { email: 'admin@demo.wings-airways.test', password: 'Console2026' }],
      ['POST', '/auth/verify', { challenge: CHALLENGE, code: '123456' }],
    ]);
    // Every console call says it is the console's (the staff layer refuses changes without it).
    for (const call of calls) expect(call.headers['x-wings-console']).toBe('1');
    expect(screen.getByTestId('member-name').textContent).toBe(admin.name);
  });

  test('enrol: shows the QR code of the otpauth address and the key, then the first code signs in', async () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const calls = fakeAdminApi({
      'POST /auth/login': {
        data: {
          stage: 'enrol',
          challenge: CHALLENGE,
          expiresInSeconds: 300,
          secret,
          otpauthUrl: `otpauth://totp/Wings:admin?secret=${secret}&issuer=Wings`,
        },
      },
      'POST /auth/verify': { data: { staff: admin, expiresAt: '2026-11-24T18:00:00.000Z' } },
      ...auditRoutes,
    });
    renderConsole('/sign-in?from=%2Faudit');
    await passwordStep();
    expect(screen.getByText('Set up your authenticator')).toBeTruthy();
    expect(screen.getByTestId('enrol-secret').textContent).toContain(secret);
    const qr = await screen.findByTestId('enrol-qr');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    typeInto('6-digit code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Audit log' });
    expect(calls[1]?.body).toEqual({ challenge: CHALLENGE, code: '654321' });
  });

  test('a wrong password, a locked account, a wrong code and an expired step each say so', async () => {
    let login = 0;
    fakeAdminApi({
      'POST /auth/login': () =>
        ++login === 1
          ? { code: '601', message: 'Incorrect account or password' }
          : login === 2
            ? { code: '203', message: 'Locked', data: { lockedUntil: '2026-11-24T07:15:00.000Z' } }
            : { data: { stage: 'totp', challenge: CHALLENGE, expiresInSeconds: 300 } },
      'POST /auth/verify': (call) =>
        (call.body as { code: string }).code === '111111'
          ? { code: '4020', message: 'Wrong code' }
          : { code: '4021', message: 'Expired' },
    });
    renderConsole('/sign-in');
    typeInto('E-mail', 'admin@demo.wings-airways.test');
    typeInto('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The e-mail or the password is not right.');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(
        /^The account is locked for now\. Try again after .*2026.*\.$/,
      ),
    );

    await passwordStep();
    typeInto('6-digit code', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'That code is not right. Type the digits your authenticator shows now.',
      ),
    );

    typeInto('6-digit code', '222222');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This step took too long. Enter your password again.',
      ),
    );
    // Back at the password step.
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
  });

  test('the code must be 6 digits before anything is sent', async () => {
    const calls = fakeAdminApi({
      'POST /auth/login': { data: { stage: 'totp', challenge: CHALLENGE, expiresInSeconds: 300 } },
    });
    renderConsole('/sign-in');
    await passwordStep();
    typeInto('6-digit code', '12a');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('The code is 6 digits');
    expect(calls.map((c) => c.path)).toEqual(['/auth/login']);
  });
});
