import { screen, waitFor, within } from '@testing-library/react';
import type { CustomerService } from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import { setLanguage } from '../app/i18n';
import { paths } from '../app/paths';
import MorePage from '../pages/more/more/more-page';
import { installFakeApi, ok } from '../test/fake-api';
import { renderRoutes } from '../test/render';

const CONTACT: CustomerService = {
  phone: '+855 23 999 888',
  email: 'service@wings-airways.test',
  weekdays: { open: '08:00', close: '18:00' },
  saturday: null,
  sunday: { open: '10:00', close: '12:00' },
};

function renderMore() {
  return renderRoutes([{ path: paths.more, element: <MorePage /> }], paths.more);
}

/** The hours table's rows as [day, hours] texts. */
function rows(): string[][] {
  const card = screen.getByTestId('service-hours');
  return within(card)
    .getAllByRole('row')
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? ''),
    );
}

describe('customer service on the More tab', () => {
  test('shows the hours, phone and e-mail the admin set, once the server has said', async () => {
    const calls = installFakeApi((call) =>
      call.path === '/api/settings/customer-service' ? ok(CONTACT) : undefined,
    );
    renderMore();
    // At once, before the reply: the bundled hours (also what shows offline).
    expect(screen.getByTestId('service-hours').dataset.source).toBe('bundled');
    expect(rows()).toEqual([
      ['Monday – Friday', '08:30 – 17:30'],
      ['Saturday', '09:00 – 13:00'],
      ['Sunday', 'Closed'],
    ]);
    await waitFor(() => expect(screen.getByTestId('service-hours').dataset.source).toBe('server'));
    expect(rows()).toEqual([
      ['Monday – Friday', '08:00 – 18:00'],
      ['Saturday', 'Closed'],
      ['Sunday', '10:00 – 12:00'],
    ]);
    const phone = screen.getByTestId('service-phone');
    expect(phone.getAttribute('href')).toBe('tel:+85523999888');
    expect(phone.textContent).toBe('+855 23 999 888');
    const email = screen.getByTestId('service-email');
    expect(email.getAttribute('href')).toBe('mailto:service@wings-airways.test');
    expect(email.textContent).toBe('service@wings-airways.test');
    expect(calls.filter((c) => c.path === '/api/settings/customer-service')).toHaveLength(1);

    await setLanguage('km');
    await waitFor(() => expect(rows()[0]).toEqual(['ថ្ងៃច័ន្ទ – ថ្ងៃសុក្រ', '08:00 – 18:00']));
    expect(screen.getByTestId('service-hours').textContent).toContain('ទូរស័ព្ទ');
    await setLanguage('zh');
    await waitFor(() => expect(rows()[1]).toEqual(['周六', '休息']));
    expect(screen.getByTestId('service-hours').textContent).toContain('客服邮箱');
  });

  test('shows no phone or e-mail while the airline has set none', async () => {
    installFakeApi();
    renderMore();
    await waitFor(() => expect(screen.getByTestId('service-hours').dataset.source).toBe('server'));
    expect(rows()[0]).toEqual(['Monday – Friday', '08:30 – 17:30']);
    expect(screen.queryByTestId('service-phone')).toBeNull();
    expect(screen.queryByTestId('service-email')).toBeNull();
  });

  test('keeps the bundled hours when the call fails (offline, server down)', async () => {
    const calls = installFakeApi((call) =>
      call.path === '/api/settings/customer-service'
        ? { status: 503, body: { code: '503', message: 'unavailable', data: null } }
        : undefined,
    );
    renderMore();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/settings/customer-service').length).toBeGreaterThan(0),
    );
    // Its one retry fails too; the card never goes empty meanwhile.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/settings/customer-service')).toHaveLength(2),
    );
    expect(screen.getByTestId('service-hours').dataset.source).toBe('bundled');
    expect(rows()[0]).toEqual(['Monday – Friday', '08:30 – 17:30']);
    expect(screen.queryByTestId('service-phone')).toBeNull();
  });
});
