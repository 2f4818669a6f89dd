import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { expectOnlyRoles, type SignedInStaff, signInStaff } from '../../../test/support/staff';

interface Reply {
  status: number;
  code: string;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
  data: any;
}

async function admin(
  t: TestApp,
  who: SignedInStaff,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<Reply> {
  const res = await t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: { ...who.headers, 'x-forwarded-for': '10.9.8.7' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { ...res.json(), status: res.statusCode };
}

async function auditRows(t: TestApp, targetId: string) {
  const { rows } = await t.database.pool.query<{
    action: string;
    staff_email: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    reason: string | null;
    ip: string | null;
  }>(
    "select action, staff_email, before, after, reason, ip from audit_log where target_type = 'insurance_plan' and target_id = $1 order by id",
    [targetId],
  );
  return rows;
}

/** A plan code of this run's own (plans are shared by every test file). */
const code = () => `T${randomInt(10 ** 8, 10 ** 9)}`;

function planBody(overrides: Record<string, unknown> = {}) {
  return {
    code: code(),
    currency: 'USD',
    grade: 2,
    name: { zh: '测试方案', en: 'Test plan', km: 'គម្រោងសាកល្បង' },
    coverage: [
      { item: 'medical', limit: 5_000_000 },
      { item: 'delay', limit: 20_000 },
    ],
    priceBands: [
      { upToDays: 30, amount: 1500 },
      { upToDays: 90, amount: 3000 },
    ],
    reason: 'new product',
    ...overrides,
  };
}

describe('staff console: insurance plans (/api/admin/insurance)', () => {
  let t: TestApp;
  let boss: SignedInStaff;
  let agent: SignedInStaff;
  beforeAll(async () => {
    t = await createTestApp();
    boss = await signInStaff(t, ['admin']);
    agent = await signInStaff(t, ['agent']);
  });
  afterAll(() => t.close());

  it('lets admins, agents, finance and auditors read; only admins change', async () => {
    await expectOnlyRoles(t, { method: 'GET', url: '/api/admin/insurance/plans' }, [
      'admin',
      'agent',
      'finance',
      'auditor',
    ]);
    await expectOnlyRoles(t, { method: 'POST', url: '/api/admin/insurance/plans', payload: {} }, ['admin']);
    await expectOnlyRoles(t, { method: 'PUT', url: '/api/admin/insurance/plans/1', payload: {} }, ['admin']);
    await expectOnlyRoles(t, { method: 'POST', url: '/api/admin/insurance/plans/1/disable', payload: {} }, [
      'admin',
    ]);
  });

  it('lists the demo plans by currency and grade', async () => {
    const r = await admin(t, agent, 'GET', '/insurance/plans?currency=CNY');
    expect(r.code, JSON.stringify(r)).toBe('0');
    const demo = r.data.list.filter((p: { code: string }) => ['BASIC', 'PLUS', 'PREMIUM'].includes(p.code));
    expect(demo.map((p: { code: string }) => p.code)).toEqual(['BASIC', 'PLUS', 'PREMIUM']);
    expect(demo[0]).toMatchObject({ currency: 'CNY', grade: 1, active: true, disabledAt: null });
    expect(r.data.list.every((p: { currency: string }) => p.currency === 'CNY')).toBe(true);
  });

  it('files a plan, sells it at once, and writes its audit row', async () => {
    const body = planBody();
    const r = await admin(t, boss, 'POST', '/insurance/plans', body);
    expect(r.code, JSON.stringify(r)).toBe('0');
    expect(r.data).toMatchObject({ code: body.code, currency: 'USD', grade: 2, active: true });
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/insurance/getInsurancePrice',
      headers: t.headers(),
      payload: { insuranceType: body.code, startDate: '2027-01-01', endDate: '2027-01-31' },
    });
    expect(quote.json().data.unitPrice).toEqual({ amount: 3000, currency: 'USD' });
    const rows = await auditRows(t, String(r.data.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'insurance_plan.create',
      staff_email: boss.staff.email,
      before: null,
      reason: 'new product',
      ip: '10.9.8.7',
    });
    expect(rows[0]!.after).toMatchObject({ code: body.code, priceBands: body.priceBands });
    // The same code in the same currency is refused; in the other currency it is a plan of its own.
    const again = await admin(t, boss, 'POST', '/insurance/plans', { ...body });
    expect(again.data.fields[0]).toMatchObject({ field: 'code', key: 'insurance.plan_exists' });
    const cny = await admin(t, boss, 'POST', '/insurance/plans', { ...body, currency: 'CNY' });
    expect(cny.code).toBe('0');
  });

  it('refuses bad bands and a cover listed twice, naming the field', async () => {
    const short = await admin(
      t,
      boss,
      'POST',
      '/insurance/plans',
      planBody({ priceBands: [{ upToDays: 30, amount: 100 }] }),
    );
    expect(short.data.fields[0]).toMatchObject({
      field: 'priceBands.0.upToDays',
      key: 'insurance.bands_reach_max',
    });
    const backwards = await admin(
      t,
      boss,
      'POST',
      '/insurance/plans',
      planBody({
        priceBands: [
          { upToDays: 30, amount: 900 },
          { upToDays: 90, amount: 800 },
        ],
      }),
    );
    expect(backwards.data.fields[0]).toMatchObject({
      field: 'priceBands.1.upToDays',
      key: 'insurance.bands_order',
    });
    const twice = await admin(
      t,
      boss,
      'POST',
      '/insurance/plans',
      planBody({
        coverage: [
          { item: 'medical', limit: 1 },
          { item: 'medical', limit: 2 },
        ],
      }),
    );
    expect(twice.data.fields[0]).toMatchObject({
      field: 'coverage.1.item',
      key: 'insurance.cover_duplicate',
    });
    const badCode = await admin(t, boss, 'POST', '/insurance/plans', planBody({ code: '1x' }));
    expect(badCode).toMatchObject({ status: 400 });
    expect(badCode.data.fields[0].field).toBe('code');
    const noName = await admin(
      t,
      boss,
      'POST',
      '/insurance/plans',
      planBody({ name: { zh: '', en: 'x', km: 'x' } }),
    );
    expect(noName.data.fields[0].field).toBe('name.zh');
  });

  it('changes a plan (live for the next quote) with before and after in the audit', async () => {
    const created = (await admin(t, boss, 'POST', '/insurance/plans', planBody())).data;
    const r = await admin(t, boss, 'PUT', `/insurance/plans/${created.id}`, {
      grade: 3,
      name: created.name,
      coverage: created.coverage,
      priceBands: [
        { upToDays: 30, amount: 1700 },
        { upToDays: 90, amount: 3300 },
      ],
      reason: 'insurer price change',
    });
    expect(r.code, JSON.stringify(r)).toBe('0');
    expect(r.data).toMatchObject({ grade: 3, priceBands: [{ amount: 1700 }, { amount: 3300 }] });
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/ca/caweb/backend/insurance/getPrice',
      headers: t.headers(),
      payload: { insuranceType: created.code, startDate: '2027-01-01', endDate: '2027-01-02' },
    });
    expect(quote.json().data.unitPrice.amount).toBe(1700);
    const rows = await auditRows(t, String(created.id));
    expect(rows.map((x) => x.action)).toEqual(['insurance_plan.create', 'insurance_plan.update']);
    expect(rows[1]).toMatchObject({ reason: 'insurer price change' });
    expect(rows[1]!.before).toMatchObject({ grade: 2 });
    expect(rows[1]!.after).toMatchObject({ grade: 3 });
    expect(
      (
        await admin(t, boss, 'PUT', '/insurance/plans/999999999', {
          ...planBody(),
          code: undefined,
          currency: undefined,
        })
      ).status,
    ).toBe(404);
  });

  it('disables a plan with a reason: no longer offered or priced; a second disable says when', async () => {
    const created = (await admin(t, boss, 'POST', '/insurance/plans', planBody())).data;
    const noReason = await admin(t, boss, 'POST', `/insurance/plans/${created.id}/disable`, {});
    expect(noReason.data.fields[0].field).toBe('reason');
    const r = await admin(t, boss, 'POST', `/insurance/plans/${created.id}/disable`, { reason: 'withdrawn' });
    expect(r.code, JSON.stringify(r)).toBe('0');
    expect(r.data).toMatchObject({ active: false });
    expect(r.data.disabledAt).not.toBeNull();
    const grades = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/insurance/getInsuranceGrade',
      headers: t.headers(),
      payload: {},
    });
    expect(grades.json().data.grades.map((g: { insuranceType: string }) => g.insuranceType)).not.toContain(
      created.code,
    );
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/insurance/getInsurancePrice',
      headers: t.headers(),
      payload: { insuranceType: created.code, startDate: '2027-01-01', endDate: '2027-01-02' },
    });
    expect(quote.json().data.fields[0].key).toBe('insurance.plan_unknown');
    const again = await admin(t, boss, 'POST', `/insurance/plans/${created.id}/disable`, { reason: 'again' });
    expect(again.code).toBe('4770');
    const rows = await auditRows(t, String(created.id));
    expect(rows.map((x) => x.action)).toEqual(['insurance_plan.create', 'insurance_plan.disable']);
    expect(rows[1]).toMatchObject({ reason: 'withdrawn' });
    expect(rows[1]!.after).toMatchObject({ active: false });
    const listed = await admin(t, agent, 'GET', '/insurance/plans?includeDisabled=false');
    expect(listed.data.list.map((p: { id: number }) => p.id)).not.toContain(created.id);
  });
});
