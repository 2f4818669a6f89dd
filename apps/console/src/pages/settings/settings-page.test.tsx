import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type AdminSettings, DEFAULT_CUSTOMER_SERVICE, ZAdminSettings } from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import { aMember, fakeAdminApi, type ReplySchema, renderConsole } from '../../test/render';

const SCHEMAS: ReplySchema[] = [[/^(GET|PUT) \/settings$/, ZAdminSettings]];

const defaults: AdminSettings = {
  customerService: DEFAULT_CUSTOMER_SERVICE,
  timeZone: 'Asia/Phnom_Penh',
  updatedAt: null,
  updatedBy: null,
};

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('settings: customer service', () => {
  test('an admin sets the phone and e-mail, closes Saturday and opens Sunday, and saves', async () => {
    let stored = defaults;
    const calls = fakeAdminApi(
      {
        'GET /auth/me': { data: aMember(['admin']) },
        'GET /settings': () => ({ data: stored }),
        'PUT /settings': (call) => {
          stored = {
            ...defaults,
            customerService: (call.body as AdminSettings).customerService,
            updatedAt: '2026-11-24T03:00:00.000Z',
            updatedBy: 'admin@wings-airways.test',
          };
          return { data: stored };
        },
      },
      SCHEMAS,
    );
    renderConsole('/settings');
    await waitFor(() => expect(input('Monday – Friday: Opens').value).toBe('08:30'));
    expect(screen.getByRole('menuitem', { name: /Settings/ })).toBeTruthy();
    expect(screen.getByTestId('zone-note').textContent).toContain('GMT+7');
    expect(screen.getByText(/Not saved yet/)).toBeTruthy();
    expect(screen.queryByLabelText('Sunday: Opens')).toBeNull();

    fireEvent.change(input('Phone'), { target: { value: '+855 23 999 888' } });
    fireEvent.change(input('E-mail'), { target: { value: 'help@wings-airways.test' } });
    fireEvent.change(input('Monday – Friday: Closes'), { target: { value: '18:00' } });
    fireEvent.click(within(screen.getByTestId('day-saturday')).getByRole('switch'));
    fireEvent.click(within(screen.getByTestId('day-sunday')).getByRole('switch'));
    fireEvent.change(await screen.findByLabelText('Sunday: Opens'), { target: { value: '10:00' } });
    fireEvent.change(input('Sunday: Closes'), { target: { value: '12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      customerService: {
        phone: '+855 23 999 888',
        email: 'help@wings-airways.test',
        weekdays: { open: '08:30', close: '18:00' },
        saturday: null,
        sunday: { open: '10:00', close: '12:00' },
      },
    });
    await screen.findByText(/Last changed .* by admin@wings-airways.test/);
  });

  test('marks a malformed phone and hours that close before they open, without saving', async () => {
    const calls = fakeAdminApi(
      { 'GET /auth/me': { data: aMember(['admin']) }, 'GET /settings': { data: defaults } },
      SCHEMAS,
    );
    renderConsole('/settings');
    await waitFor(() => expect(input('Saturday: Opens').value).toBe('09:00'));
    fireEvent.change(input('Phone'), { target: { value: '023 999 888' } });
    fireEvent.change(input('Saturday: Closes'), { target: { value: '08:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/international format with its country code/);
    expect(screen.getByText('The closing time must be after the opening time.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  test("shows the server's field problem on its field", async () => {
    fakeAdminApi(
      {
        'GET /auth/me': { data: aMember(['admin']) },
        'GET /settings': { data: defaults },
        'PUT /settings': {
          code: '400',
          status: 400,
          message: 'Enter a valid e-mail address, e.g. service@example.com.',
          data: {
            fields: [
              {
                field: 'customerService.email',
                key: 'settings.email_format',
                message: 'Enter a valid e-mail address, e.g. service@example.com.',
              },
            ],
          },
        },
      },
      SCHEMAS,
    );
    renderConsole('/settings');
    await waitFor(() => expect(input('Monday – Friday: Opens').value).toBe('08:30'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Enter a valid e-mail address, e.g. service@example.com.');
  });

  test('an auditor reads the settings without a save button', async () => {
    fakeAdminApi(
      {
        'GET /auth/me': { data: aMember(['auditor']) },
        'GET /settings': {
          data: {
            ...defaults,
            customerService: { ...DEFAULT_CUSTOMER_SERVICE, phone: '+855 23 999 888' },
            updatedAt: '2026-11-24T03:00:00.000Z',
            updatedBy: 'admin@wings-airways.test',
          },
        },
      },
      SCHEMAS,
    );
    renderConsole('/settings');
    await waitFor(() => expect(input('Phone').value).toBe('+855 23 999 888'));
    expect(input('Phone').disabled).toBe(true);
    expect(input('Monday – Friday: Opens').disabled).toBe(true);
    expect(screen.getByText('You can read the settings; only an admin can change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  test('is not in the menu of an agent', async () => {
    fakeAdminApi({ 'GET /auth/me': { data: aMember(['agent']) } }, SCHEMAS);
    renderConsole('/settings');
    await screen.findByText(/your role does not allow/i);
    expect(screen.queryByRole('menuitem', { name: /Settings/ })).toBeNull();
  });
});
