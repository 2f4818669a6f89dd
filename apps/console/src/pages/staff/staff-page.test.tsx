import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffAccount } from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import { aMember, fakeAdminApi, pickOption, renderConsole } from '../../test/render';

const account = (over: Partial<StaffAccount> = {}): StaffAccount => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  email: 'sokha@wings-airways.test',
  name: 'Sokha Chan',
  roles: ['agent'],
  language: 'km',
  active: true,
  totpEnrolled: true,
  lockedUntil: null,
  lastLoginAt: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  ...over,
});

const ONE_TIME = 'Xq7TzP4mWv9k';

describe('staff accounts', () => {
  test('an admin creates a member: the one-time password is shown once, with a copy button', async () => {
    let created: StaffAccount | null = null;
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['admin']) },
      'GET /staff': () => ({ data: { list: created ? [account(), created] : [account()] } }),
      'POST /staff': (call) => {
        const body = call.body as { email: string; name: string; roles: StaffAccount['roles'] };
        created = account({
          id: '00000000-0000-4000-8000-0000000000b2',
          email: body.email,
          name: body.name,
          roles: body.roles,
          language: 'en',
          totpEnrolled: false,
        });
        return { data: { account: created, password: ONE_TIME } };
      },
    });
    renderConsole('/staff');
    await screen.findByText('Sokha Chan');
    fireEvent.click(screen.getByRole('button', { name: /New account/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('E-mail'), {
      target: { value: 'dara@wings-airways.test' },
    });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Dara Kim' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Console language' }));
    await pickOption('English');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const shown = await screen.findByTestId('one-time-password');
    expect((shown as HTMLInputElement).value).toBe(ONE_TIME);
    expect(screen.getByRole('button', { name: /Copy/ })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/staff')?.body).toEqual({
      email: 'dara@wings-airways.test',
      name: 'Dara Kim',
      roles: ['agent'],
      language: 'en',
    });
    // The list shows the new member.
    await screen.findByText('Dara Kim');

    fireEvent.click(screen.getByRole('button', { name: 'I have noted it' }));
    await waitFor(() => expect(screen.queryByTestId('one-time-password')).toBeNull());
    // Once closed, the password is nowhere on the page.
    expect(document.body.innerHTML).not.toContain(ONE_TIME);
  });

  test('an admin edits roles and disables a member with a reason', async () => {
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['admin']) },
      'GET /staff': { data: { list: [account()] } },
      'PUT /staff/00000000-0000-4000-8000-0000000000a1': (call) => ({
        data: account({ ...(call.body as Partial<StaffAccount>) }),
      }),
    });
    renderConsole('/staff');
    await screen.findByText('Sokha Chan');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Left the company' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Sokha Chan',
      roles: ['agent'],
      language: 'km',
      active: false,
      reason: 'Left the company',
    });
  });

  test('an auditor reads the table without the buttons that change it', async () => {
    fakeAdminApi({
      'GET /auth/me': { data: aMember(['auditor']) },
      'GET /staff': { data: { list: [account()] } },
    });
    renderConsole('/staff');
    await screen.findByText('Sokha Chan');
    expect(screen.getByText('You can read these; only an admin can change staff accounts.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New account/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
  });
});
