import { type AdminSettings, DEFAULT_CUSTOMER_SERVICE } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, ownDatabase, type TestApp } from '../../../test/helpers';
import { callAsStaff, expectOnlyRoles, type SignedInStaff, signInStaff } from '../../../test/support/staff';
import { renderLayout, trusted } from '../../platform/mail/layout';

/**
 * The admin's settings (issue 13): the customer-service contact, on a database of its own (the
 * e-mails and itineraries of other test files read the shared database's contact).
 */
describe('settings: the customer-service contact', () => {
  let own: Awaited<ReturnType<typeof ownDatabase>>;
  let t: TestApp;
  let admin: SignedInStaff;

  const contact = {
    phone: '+855  23 999 888 ',
    email: ' Help@Wings.Test ',
    weekdays: { open: '08:00', close: '18:00' },
    saturday: null,
    sunday: { open: '10:00', close: '12:00' },
  };
  const saved = {
    phone: '+855 23 999 888',
    email: 'help@wings.test',
    weekdays: { open: '08:00', close: '18:00' },
    saturday: null,
    sunday: { open: '10:00', close: '12:00' },
  };

  async function publicContact() {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/settings/customer-service',
      headers: t.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  beforeAll(async () => {
    own = await ownDatabase();
    t = await createTestApp({ databaseUrl: own.url });
    admin = await signInStaff(t, ['admin'], { email: 'settings-admin@staff.test' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await own?.drop();
  });

  it('reads the spec hours without phone or e-mail while nothing is saved', async () => {
    const res = await callAsStaff(t, admin, 'GET', '/settings');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      customerService: {
        phone: null,
        email: null,
        weekdays: { open: '08:30', close: '17:30' },
        saturday: { open: '09:00', close: '13:00' },
        sunday: null,
      },
      timeZone: 'Asia/Phnom_Penh',
      updatedAt: null,
      updatedBy: null,
    } satisfies AdminSettings);
    expect(await publicContact()).toEqual(DEFAULT_CUSTOMER_SERVICE);
  });

  it('is read by admin and auditor and changed only by admin', async () => {
    await expectOnlyRoles(t, { method: 'GET', url: '/api/admin/settings' }, ['admin', 'auditor']);
    // An empty body: each allowed role gets past the gate to the 400 of validation, nothing is saved.
    await expectOnlyRoles(t, { method: 'PUT', url: '/api/admin/settings', payload: {} }, ['admin']);
    expect(await publicContact()).toEqual(DEFAULT_CUSTOMER_SERVICE);
  });

  it('refuses a malformed contact naming each field, in the member language', async () => {
    const res = await callAsStaff(t, admin, 'PUT', '/settings', {
      customerService: {
        phone: '023 999 888',
        email: 'not-an-address',
        weekdays: { open: '8:30', close: '17:30' },
        saturday: { open: '13:00', close: '09:00' },
        sunday: { open: '10:00', close: '24:00' },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('400');
    const fields = res.body.data.fields as Array<{ field: string; key: string; message: string }>;
    expect(fields.map((f) => [f.field, f.key])).toEqual([
      ['customerService.phone', 'settings.phone_format'],
      ['customerService.email', 'settings.email_format'],
      ['customerService.weekdays.open', 'settings.time_format'],
      ['customerService.saturday.close', 'settings.close_before_open'],
      ['customerService.sunday.close', 'settings.time_format'],
    ]);
    expect(res.body.message).toContain('international format');
    // In Khmer for a Khmer reader.
    const km = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { ...admin.headers, language: '2' },
      payload: { customerService: { ...saved, phone: '+855 1' } },
    });
    expect(km.json().message).toContain('ទម្រង់អន្តរជាតិ');
    // A phone of 16 digits is too long; opening equal to closing is refused.
    const more = await callAsStaff(t, admin, 'PUT', '/settings', {
      customerService: { ...saved, phone: '+1234567890123456', saturday: { open: '09:00', close: '09:00' } },
    });
    expect(more.body.data.fields.map((f: { field: string }) => f.field)).toEqual([
      'customerService.phone',
      'customerService.saturday.close',
    ]);
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from audit_log where action = 'settings.update'`,
    );
    expect(rows[0].n).toBe(0);
    expect(await publicContact()).toEqual(DEFAULT_CUSTOMER_SERVICE);
  });

  it('saves the contact with an audit row, and every reader shows it', async () => {
    // Another API process on the same database hears of the change (LISTEN/NOTIFY).
    const other = await createTestApp({ databaseUrl: own.url });
    try {
      expect(other.app.settings.current()).toEqual(DEFAULT_CUSTOMER_SERVICE);
      const res = await callAsStaff(t, admin, 'PUT', '/settings', { customerService: contact });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.customerService).toEqual(saved);
      expect(res.body.data.updatedBy).toBe('settings-admin@staff.test');
      expect(res.body.data.updatedAt).not.toBeNull();

      const { rows } = await t.database.pool.query(
        `select staff_email, target_type, target_id, before, after, reason from audit_log where action = 'settings.update'`,
      );
      expect(rows).toEqual([
        {
          staff_email: 'settings-admin@staff.test',
          target_type: 'settings',
          target_id: 'customer_service',
          before: { customerService: DEFAULT_CUSTOMER_SERVICE },
          after: { customerService: saved },
          reason: null,
        },
      ]);

      // The traveller app's call, the console's read and the auditor's read.
      expect(await publicContact()).toEqual(saved);
      const auditor = await signInStaff(t, ['auditor']);
      expect((await callAsStaff(t, auditor, 'GET', '/settings')).body.data.customerService).toEqual(saved);

      // The e-mail footer of this process at once, the other process once notified.
      expect(t.app.settings.current()).toEqual(saved);
      await vi.waitFor(() => expect(other.app.settings.current()).toEqual(saved), { timeout: 5000 });
      expect(await other.app.settings.customerService()).toEqual(saved);
    } finally {
      await other.close();
    }
    const mail = renderLayout({
      lang: 'en',
      title: 'T',
      preheader: 'P',
      body: trusted('<p>x</p>'),
      text: 'x',
    });
    expect(mail.text).toContain(
      'Customer service: Monday to Friday 08:00–18:00, Sunday 10:00–12:00 (GMT+7)\nPhone +855 23 999 888 · E-mail help@wings.test',
    );
    expect(mail.html).toContain('href="tel:+85523999888"');
    expect(mail.html).toContain('href="mailto:help@wings.test"');

    // A second change records what the first left as its `before`.
    const closed = { ...saved, phone: null, weekdays: null, sunday: null };
    expect((await callAsStaff(t, admin, 'PUT', '/settings', { customerService: closed })).status).toBe(200);
    const { rows: second } = await t.database.pool.query(
      `select before, after from audit_log where action = 'settings.update' order by id desc limit 1`,
    );
    expect(second[0]).toEqual({ before: { customerService: saved }, after: { customerService: closed } });
    expect(await publicContact()).toEqual(closed);
    const zh = renderLayout({ lang: 'zh', title: 'T', preheader: 'P', body: trusted(''), text: '' });
    expect(zh.text).toContain('客服时间：暂停服务\n客服邮箱 help@wings.test');
  });
});
