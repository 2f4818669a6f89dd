import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { bookOrder } from '../../../test/support/booking';
import { client } from '../../../test/support/clients';
import type { ProviderPlan } from './insurance-provider';
import { SandboxInsurer, sandboxPolicyNo } from './sandbox-insurer';

const plan: ProviderPlan = {
  code: 'TEST',
  currency: 'USD',
  grade: 1,
  name: { zh: '测试', en: 'Test', km: 'សាកល្បង' },
  coverage: [{ item: 'medical', limit: { amount: 1_000_000, currency: 'USD' } }],
  bands: [
    { upToDays: 10, amount: 500 },
    { upToDays: 90, amount: 2000 },
  ],
};

describe('the sandbox insurer', () => {
  let t: TestApp;
  let insurer: SandboxInsurer;
  beforeAll(async () => {
    t = await createTestApp();
    insurer = new SandboxInsurer({
      db: t.database.db,
      plans: { activePlans: async (currency) => (currency === 'USD' ? [plan] : []) },
      now: () => new Date(),
      baseUrl: 'https://fly.example',
      key: Buffer.alloc(32, 7),
    });
  });
  afterAll(() => t.close());

  it('quotes deterministically from the plan’s bands × insured', async () => {
    const q = { planCode: 'TEST', currency: 'USD' as const, days: 10, insuredCount: 3 };
    const first = await insurer.quote(q);
    expect(first).toEqual({
      unitPrice: { amount: 500, currency: 'USD' },
      totalPrice: { amount: 1500, currency: 'USD' },
    });
    expect(await insurer.quote(q)).toEqual(first);
    expect(await insurer.quote({ ...q, days: 11 })).toMatchObject({ unitPrice: { amount: 2000 } });
    expect(await insurer.quote({ ...q, days: 91 })).toBeNull();
    expect(await insurer.quote({ ...q, currency: 'CNY' })).toBeNull();
    expect(await insurer.quote({ ...q, planCode: 'NONE' })).toBeNull();
  });

  it('buys once per reference: a retried purchase is the same policy, one row', async () => {
    const reference = `ins_${randomUUID()}`;
    expect(await insurer.status(reference)).toBeNull();
    const purchase = {
      reference,
      planCode: 'TEST',
      premium: { amount: 500, currency: 'USD' as const },
      coverFrom: '2027-01-01',
      coverTo: '2027-01-05',
      insuredName: 'CHAN/DARA',
      details: {},
    };
    const first = await insurer.buy(purchase);
    expect(first).toEqual({ status: 'issued', policyNo: sandboxPolicyNo(reference) });
    expect(first.policyNo).toMatch(/^SBX\d{12}$/);
    const again = await insurer.buy({ ...purchase, premium: { amount: 999, currency: 'USD' } });
    expect(again).toEqual(first);
    expect(await insurer.status(reference)).toEqual(first);
    const { rows } = await t.database.pool.query(
      'select premium_amount from sandbox_insurance_policies where reference = $1',
      [reference],
    );
    expect(rows).toEqual([{ premium_amount: 500 }]);
  });

  it('signs its page links', () => {
    const url = insurer.policyPageUrl('SBX000000000042');
    expect(url).toMatch(/^https:\/\/fly\.example\/api\/insurance\/sandbox\/policies\/SBX000000000042\?sig=/);
    const sig = new URL(url).searchParams.get('sig')!;
    expect(insurer.verifyPage('SBX000000000042', sig)).toBe(true);
    expect(insurer.verifyPage('SBX000000000043', sig)).toBe(false);
    expect(insurer.verifyPage('SBX000000000042', 'forged')).toBe(false);
  });
});

describe('an order’s policy, from pending to issued (the service the purchase job will call)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes one pending policy per order, passenger and plan, issues it once and serves its page', async () => {
    const order = await bookOrder(t, client(t), { from: 'KTI', to: 'SAI' });
    const { rows: pax } = await t.database.pool.query<{ id: string }>(
      'select id from order_passengers where order_id = $1',
      [order.id],
    );
    const plan = await t.app.insurance.activePlan('plus', 'USD');
    expect(plan?.code).toBe('PLUS');
    const pending = {
      orderId: order.id,
      passengerId: pax[0]!.id,
      planId: plan!.id,
      premiumAmount: 1300,
      premiumCurrency: 'USD' as const,
      coverFrom: '2027-01-01',
      coverTo: '2027-01-03',
      insured: { insuredName: 'CHAN/DARA', name: 'Sok Dara', relationship: 'spouse' },
    };
    const [id] = await t.database.db.transaction((tx) => t.app.insurance.createPending(tx, [pending]));
    expect(id).toBeDefined();
    // A replay (the payment notified twice) adds nothing.
    expect(await t.database.db.transaction((tx) => t.app.insurance.createPending(tx, [pending]))).toEqual([]);

    const issued = await t.app.insurance.issue(id!);
    expect(issued).toMatchObject({
      status: 'issued',
      reference: `ins_${id}`,
      provider: 'sandbox',
      attempts: 1,
    });
    expect(issued!.policyNo).toBe(sandboxPolicyNo(`ins_${id}`));
    // Issuing again buys nothing and changes nothing.
    expect(await t.app.insurance.issue(id!)).toMatchObject({ status: 'issued', attempts: 1 });
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from sandbox_insurance_policies where reference = $1',
      [`ins_${id}`],
    );
    expect(rows[0].n).toBe(1);
    expect(await t.app.insurance.policiesOfOrder(order.id)).toHaveLength(1);

    const url = new URL(t.app.insurance.policyPage(issued!)!);
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(issued!.policyNo);
    expect(page.body).toContain('CHAN/DARA');
    // The app frames it (insurance-detail-external); no other site may, and it runs nothing.
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    );
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const app = await t.app.inject({ method: 'GET', url: '/' });
    expect(app.headers['content-security-policy']).toContain("frame-src 'self'");
    expect(app.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const forged = await t.app.inject({ method: 'GET', url: `${url.pathname}?sig=forged` });
    expect(forged.statusCode).toBe(404);
    expect(forged.body).not.toContain('CHAN/DARA');
  });
});
