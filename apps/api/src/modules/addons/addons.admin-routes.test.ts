import { envelope, ZAdminAddonOptions, ZAdminAddonPage, ZAdminAddonPrice } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { callAsStaff, expectOnlyRoles, type SignedInStaff, signInStaff } from '../../../test/support/staff';
import { seedDemo } from '../../db/seed';
import { demoNetworkRoutes } from '../network';

async function auditRows(t: TestApp, targetId: string) {
  const { rows } = await t.database.pool.query<{
    action: string;
    staff_email: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    reason: string | null;
  }>(
    `select action, staff_email, before, after, reason from audit_log
      where target_type = 'addon_price' and target_id = $1 order by id`,
    [targetId],
  );
  return rows;
}

/** A date of its own per test (a far year and a random day), so rows of parallel runs never meet. */
function uniqueDate(): string {
  const day = new Date(
    Date.UTC(2090 + Math.floor(Math.random() * 9), 0, 1) + Math.floor(Math.random() * 360) * 86_400_000,
  );
  return day.toISOString().slice(0, 10);
}

const fieldsOf = (body: { data?: { fields?: { field: string; key: string }[] } }) =>
  (body.data?.fields ?? []).map((f) => `${f.field}:${f.key}`);

describe('staff console: the add-on catalogue (/api/admin/addons)', () => {
  let t: TestApp;
  let boss: SignedInStaff;
  let agent: SignedInStaff;

  beforeAll(async () => {
    t = await createTestApp();
    boss = await signInStaff(t, ['admin']);
    agent = await signInStaff(t, ['agent']);
  });
  afterAll(() => t.close());

  describe('roles: read by admin, agent, finance and auditor; changed by admin only', () => {
    it.each([
      ['GET', '/api/admin/addons/options'],
      ['GET', '/api/admin/addons/prices?route=KTI-SAI'],
    ] as const)('%s %s', async (method, url) => {
      await expectOnlyRoles(t, { method, url }, ['admin', 'agent', 'finance', 'auditor']);
    });
    it.each([
      ['POST', '/api/admin/addons/prices'],
      ['PUT', '/api/admin/addons/prices/1'],
      ['POST', '/api/admin/addons/prices/1/disable'],
    ] as const)('%s %s', async (method, url) => {
      await expectOnlyRoles(t, { method, url, payload: { bad: true } }, ['admin']);
    });
  });

  it('offers the routes with the currencies each may be filed in, the kinds, seat types and baggage steps', async () => {
    const r = await callAsStaff(t, agent, 'GET', '/addons/options');
    const options = envelope(ZAdminAddonOptions).parse(r.body).data;
    expect(options.routes.find((x) => x.code === 'KTI-SAI')).toMatchObject({
      currency: 'USD',
      currencies: ['USD'],
    });
    expect(options.routes.find((x) => x.code === 'CAN-KTI')).toMatchObject({
      currency: 'CNY',
      currencies: ['USD', 'CNY'],
    });
    expect(options.kinds).toEqual(['baggage', 'priority', 'seat', 'refund_upgrade']);
    expect(options.seatTypes).toEqual(['PFST', 'UPST', 'SEAT']);
    expect(options.baggageSteps).toEqual([5, 10, 15, 20, 25, 30, 35, 40]);
    expect(options.allowance).toEqual({ carryOnKg: 7, checkedKg: 20 });
    expect(options.percent).toEqual({ min: 1, max: 100 });
  });

  it('lists the demo catalogue of a route and cabin, filtered by kind and currency, with service codes', async () => {
    const r = await callAsStaff(
      t,
      agent,
      'GET',
      '/addons/prices?route=KTI-SAI&cabin=Y&kind=baggage&currency=USD',
    );
    const page = envelope(ZAdminAddonPage).parse(r.body).data;
    const demo = page.list.filter((x) => x.validFrom === '2024-01-01');
    expect(demo.map((x) => [x.weightKg, x.price])).toEqual([
      [5, { amount: 1200, currency: 'USD' }],
      [10, { amount: 2200, currency: 'USD' }],
      [15, { amount: 3200, currency: 'USD' }],
      [20, { amount: 4000, currency: 'USD' }],
    ]);
    expect(demo.every((x) => x.serviceCode === 13 && x.state === 'active' && x.routeCode === 'KTI-SAI')).toBe(
      true,
    );

    const cny = envelope(ZAdminAddonPage).parse(
      (await callAsStaff(t, agent, 'GET', '/addons/prices?route=CAN-KTI&cabin=Y&currency=CNY')).body,
    ).data;
    const kinds = new Set(cny.list.map((x) => x.kind));
    expect([...kinds].sort()).toEqual(['baggage', 'priority', 'refund_upgrade', 'seat']);
    expect(cny.list.every((x) => x.currency === 'CNY')).toBe(true);
    const upgrade = cny.list.find((x) => x.kind === 'refund_upgrade' && x.validFrom === '2024-01-01');
    expect(upgrade).toMatchObject({ percent: 12, price: null, serviceCode: null });
  });

  it('seeds the demo catalogue for every route once: seeding again adds nothing and changes nothing', async () => {
    const snapshot = async () =>
      (
        await t.database.pool.query<{ n: number; routes: number; stamp: string }>(
          `select count(*)::int as n, count(distinct route_code)::int as routes, max(updated_at)::text as stamp
             from addon_prices where valid_from = '2024-01-01'`,
        )
      ).rows[0]!;
    const before = await snapshot();
    // Every demo route (other test files may add routes of their own, without add-ons).
    expect(before.routes).toBe(demoNetworkRoutes().length);
    await seedDemo(t.database.db);
    expect(await snapshot()).toEqual(before);
  });

  it('files, changes and disables a price, each with its audit row (who, before, after, reason)', async () => {
    const date = uniqueDate();
    const created = await callAsStaff(t, boss, 'POST', '/addons/prices', {
      routeCode: 'kti-sai',
      cabin: 'Y',
      kind: 'baggage',
      weightKg: 25,
      currency: 'USD',
      amount: 4800,
      validFrom: date,
      validTo: null,
      reason: 'new 25 kg step',
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe('0');
    const row = ZAdminAddonPrice.parse(created.body.data);
    expect(row).toMatchObject({
      routeCode: 'KTI-SAI',
      origin: 'KTI',
      destination: 'SAI',
      kind: 'baggage',
      serviceCode: 13,
      weightKg: 25,
      seatType: null,
      price: { amount: 4800, currency: 'USD' },
      percent: null,
      state: 'scheduled',
    });
    const id = String(row.id);
    let audit = await auditRows(t, id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'addon_price.create',
      staff_email: boss.staff.email,
      before: null,
      reason: 'new 25 kg step',
    });
    expect(audit[0]!.after).toMatchObject({ amount: 4800, weightKg: 25, validFrom: date });

    // The same step from the same date again: refused on validFrom.
    const again = await callAsStaff(t, boss, 'POST', '/addons/prices', {
      routeCode: 'KTI-SAI',
      cabin: 'Y',
      kind: 'baggage',
      weightKg: 25,
      currency: 'USD',
      amount: 1,
      validFrom: date,
      validTo: null,
    });
    expect(again.status).toBe(400);
    expect(fieldsOf(again.body)).toEqual(['validFrom:addons.price_exists']);

    const changed = await callAsStaff(t, boss, 'PUT', `/addons/prices/${id}`, {
      amount: 5000,
      validFrom: date,
      validTo: date,
      reason: 'round up',
    });
    expect(changed.body.code, JSON.stringify(changed.body)).toBe('0');
    expect(changed.body.data).toMatchObject({ price: { amount: 5000, currency: 'USD' }, validTo: date });
    audit = await auditRows(t, id);
    expect(audit[1]).toMatchObject({ action: 'addon_price.update', reason: 'round up' });
    expect(audit[1]!.before).toMatchObject({ amount: 4800, validTo: null });
    expect(audit[1]!.after).toMatchObject({ amount: 5000, validTo: date });

    // A change that breaks a rule is refused naming the field, and changes nothing.
    const zero = await callAsStaff(t, boss, 'PUT', `/addons/prices/${id}`, {
      amount: 0,
      validFrom: date,
      validTo: null,
    });
    expect(zero.status).toBe(400);
    expect(fieldsOf(zero.body)).toEqual(['amount:addons.amount_positive']);
    expect(await auditRows(t, id)).toHaveLength(2);

    const off = await callAsStaff(t, boss, 'POST', `/addons/prices/${id}/disable`, {
      reason: 'not selling it',
    });
    expect(off.body.code, JSON.stringify(off.body)).toBe('0');
    expect(off.body.data).toMatchObject({ state: 'disabled', disabledReason: 'not selling it' });
    audit = await auditRows(t, id);
    expect(audit[2]).toMatchObject({ action: 'addon_price.disable', reason: 'not selling it' });
    expect(audit[2]!.after).toMatchObject({ disabledReason: 'not selling it' });

    const twice = await callAsStaff(t, boss, 'POST', `/addons/prices/${id}/disable`, { reason: 'again' });
    expect(twice.status).toBe(400);
    expect(fieldsOf(twice.body)).toEqual(['id:addons.already_disabled']);
    const edit = await callAsStaff(t, boss, 'PUT', `/addons/prices/${id}`, {
      amount: 10,
      validFrom: date,
      validTo: null,
    });
    expect(fieldsOf(edit.body)).toEqual(['id:addons.already_disabled']);

    // Left out of the list unless asked for; its step may be filed again from the same date.
    const listed = async (disabled: '0' | '1') =>
      (
        await callAsStaff(t, agent, 'GET', `/addons/prices?route=KTI-SAI&kind=baggage&disabled=${disabled}`)
      ).body.data.list.some((x: { id: number }) => x.id === row.id);
    expect(await listed('0')).toBe(false);
    expect(await listed('1')).toBe(true);
    const refiled = await callAsStaff(t, boss, 'POST', '/addons/prices', {
      routeCode: 'KTI-SAI',
      cabin: 'Y',
      kind: 'baggage',
      weightKg: 25,
      currency: 'USD',
      amount: 4900,
      validFrom: date,
      validTo: date,
    });
    expect(refiled.body.code, JSON.stringify(refiled.body)).toBe('0');
  });

  it('files a seat type (a standard seat may be free) and the refundable upgrade as a percent', async () => {
    const date = uniqueDate();
    const seat = await callAsStaff(t, boss, 'POST', '/addons/prices', {
      routeCode: 'KTI-BKK',
      cabin: 'Y',
      kind: 'seat',
      seatType: 'SEAT',
      currency: 'USD',
      amount: 0,
      validFrom: date,
      validTo: date,
    });
    expect(seat.body.code, JSON.stringify(seat.body)).toBe('0');
    expect(seat.body.data).toMatchObject({
      serviceCode: 12,
      seatType: 'SEAT',
      price: { amount: 0, currency: 'USD' },
    });
    const upgrade = await callAsStaff(t, boss, 'POST', '/addons/prices', {
      routeCode: 'KTI-CAN',
      cabin: 'C',
      kind: 'refund_upgrade',
      currency: 'CNY',
      percent: 15,
      validFrom: date,
      validTo: null,
    });
    expect(upgrade.body.code, JSON.stringify(upgrade.body)).toBe('0');
    expect(upgrade.body.data).toMatchObject({ percent: 15, price: null, serviceCode: null, currency: 'CNY' });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['an unknown route', { routeCode: 'KTI-XXX' }, ['routeCode:admin.route_unknown']],
    [
      'CNY on a route that does not touch mainland China',
      { currency: 'CNY' },
      ['currency:addons.currency_route'],
    ],
    ['a free priority boarding', { amount: 0 }, ['amount:addons.amount_positive']],
    ['a percent on priority boarding', { percent: 5 }, ['percent:addons.field_not_for_kind']],
    [
      'a last date before the first',
      { validTo: '2030-01-01', validFrom: '2030-02-01' },
      ['validTo:admin.valid_to_before_from'],
    ],
    [
      'an upgrade of 0%',
      { kind: 'refund_upgrade', amount: null, percent: 0 },
      ['percent:addons.percent_range'],
    ],
    [
      'an upgrade of 101%',
      { kind: 'refund_upgrade', amount: null, percent: 101 },
      ['percent:addons.percent_range'],
    ],
    ['a 7 kg baggage step', { kind: 'baggage', weightKg: 7 }, ['weightKg:addons.weight_step']],
    ['a seat without its type', { kind: 'seat' }, ['seatType:addons.seat_type_required']],
  ])('refuses %s, naming the field, and writes nothing', async (_name, change, expected) => {
    const date = uniqueDate();
    const r = await callAsStaff(t, boss, 'POST', '/addons/prices', {
      routeCode: 'KTI-SAI',
      cabin: 'Y',
      kind: 'priority',
      currency: 'USD',
      amount: 900,
      validFrom: date,
      validTo: null,
      ...change,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(fieldsOf(r.body)).toEqual(expected);
    const written = await t.database.pool.query(
      'select count(*)::int as n from addon_prices where valid_from = $1 or valid_from = $2',
      [date, change.validFrom ?? date],
    );
    expect(written.rows[0].n).toBe(0);
  });

  it('refuses a malformed body with the schema’s message (400), and an unknown row with 404', async () => {
    const bad = await callAsStaff(t, boss, 'POST', '/addons/prices', {
      routeCode: 'KTISAI',
      cabin: 'Y',
      kind: 'priority',
      currency: 'USD',
      amount: 12.5,
      validFrom: '2030-02-30',
      validTo: null,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/routeCode/);
    const missing = await callAsStaff(t, boss, 'PUT', '/addons/prices/999999999', {
      amount: 100,
      validFrom: '2030-01-01',
      validTo: null,
    });
    expect(missing.status).toBe(404);
    const missingOff = await callAsStaff(t, boss, 'POST', '/addons/prices/999999999/disable', {
      reason: 'x',
    });
    expect(missingOff.status).toBe(404);
  });
});
