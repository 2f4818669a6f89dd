import { envelope, ZAdminAwardChart, ZAdminEarnRates, ZAdminMileageAccount } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { registerApprovedMember, registerMember } from '../../../test/support/members';
import { callAsStaff, type SignedInStaff, signInStaff } from '../../../test/support/staff';

/*
 * The console's mileage calls (issue 18, /api/admin): a member's account and ledger, manual
 * adjustments (a debit never below 0, allowed on frozen miles), freeze / unfreeze, the earn-rate
 * table and the award chart; each change in the audit log; the roles.
 */

let t: TestApp;
let agent: SignedInStaff;
let auditor: SignedInStaff;
let admin: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  [agent, auditor, admin] = await Promise.all([
    signInStaff(t, ['agent']),
    signInStaff(t, ['auditor']),
    signInStaff(t, ['admin']),
  ]);
});
afterAll(() => t.close());

const auditOf = async (targetId: string) =>
  (
    await t.database.pool.query<{ action: string; staff_id: string; reason: string | null }>(
      'select action, staff_id, reason from audit_log where target_id = $1 order by id',
      [targetId],
    )
  ).rows;

const account = (body: unknown) => envelope(ZAdminMileageAccount).parse(body).data;

describe("a member's miles in the console", () => {
  it('reads an approved member (4130 unknown, 4145 not approved)', async () => {
    const m = await registerApprovedMember(t);
    const read = account((await callAsStaff(t, auditor, 'GET', `/members/${m.memberId}/mileage`)).body);
    expect(read).toMatchObject({ memberId: m.memberId, cardNo: m.cardNo, balance: 0, freeze: null });
    expect(read.ledger).toMatchObject({ list: [], total: 0, page: 1, pageSize: 20 });
    const unknown = await callAsStaff(
      t,
      auditor,
      'GET',
      '/members/00000000-0000-4000-8000-000000000000/mileage',
    );
    expect(unknown.body.code).toBe('4130');
    const pending = await registerMember(t);
    expect((await callAsStaff(t, auditor, 'GET', `/members/${pending.memberId}/mileage`)).body.code).toBe(
      '4145',
    );
  });

  it('credits and debits by hand with a reason, never below 0 (861), frozen miles too; each audited', async () => {
    const m = await registerApprovedMember(t);
    const url = `/members/${m.memberId}/mileage`;
    const credited = account(
      (await callAsStaff(t, agent, 'POST', `${url}/adjust`, { miles: 500, reason: 'Goodwill for a delay' }))
        .body,
    );
    expect(credited.balance).toBe(500);
    expect(credited.ledger.list[0]).toMatchObject({
      kind: 'adjustment',
      miles: 500,
      reason: 'Goodwill for a delay',
      // Staff by their e-mail, as the audit log names them.
      actor: agent.staff.email,
    });
    const short = await callAsStaff(t, agent, 'POST', `${url}/adjust`, { miles: -600, reason: 'Correction' });
    expect(short.body.code).toBe('861');

    const frozen = account(
      (await callAsStaff(t, agent, 'POST', `${url}/freeze`, { reason: 'Suspected fraud' })).body,
    );
    expect(frozen.freeze).toMatchObject({ reason: 'Suspected fraud', frozenBy: agent.staff.email });
    expect((await callAsStaff(t, agent, 'POST', `${url}/freeze`, { reason: 'Again' })).body.code).toBe(
      '4142',
    );
    const debited = account(
      (
        await callAsStaff(t, agent, 'POST', `${url}/adjust`, {
          miles: -200,
          reason: 'Correction of a duplicate',
        })
      ).body,
    );
    expect(debited.balance).toBe(300);
    expect(debited.ledger.total).toBe(2);
    const thawed = account(
      (await callAsStaff(t, agent, 'POST', `${url}/unfreeze`, { reason: 'Cleared by review' })).body,
    );
    expect(thawed.freeze).toBeNull();
    expect((await callAsStaff(t, agent, 'POST', `${url}/unfreeze`, { reason: 'Again' })).body.code).toBe(
      '4142',
    );

    expect(await auditOf(m.memberId)).toEqual([
      { action: 'mileage.credit', staff_id: agent.staff.id, reason: 'Goodwill for a delay' },
      { action: 'mileage.freeze', staff_id: agent.staff.id, reason: 'Suspected fraud' },
      { action: 'mileage.debit', staff_id: agent.staff.id, reason: 'Correction of a duplicate' },
      { action: 'mileage.unfreeze', staff_id: agent.staff.id, reason: 'Cleared by review' },
    ]);
  });

  it('lets auditors read but not adjust or freeze (403)', async () => {
    const m = await registerApprovedMember(t);
    const url = `/members/${m.memberId}/mileage`;
    expect(
      (await callAsStaff(t, auditor, 'POST', `${url}/adjust`, { miles: 10, reason: 'test' })).status,
    ).toBe(403);
    expect((await callAsStaff(t, auditor, 'POST', `${url}/freeze`, { reason: 'test' })).status).toBe(403);
    expect(account((await callAsStaff(t, auditor, 'GET', url)).body).balance).toBe(0);
    expect(await auditOf(m.memberId)).toEqual([]);
  });
});

describe('the earn-rate table and the award chart', () => {
  it('files an earn rate (admin only; 4143 unknown class), audited with before and after', async () => {
    const table = envelope(ZAdminEarnRates).parse(
      (await callAsStaff(t, auditor, 'GET', '/mileage/earn-rates')).body,
    ).data.list;
    const m = table.find((r) => r.letter === 'M')!;
    expect(m.earnRatePercent).toBeGreaterThanOrEqual(0);
    const body = { earnRatePercent: m.earnRatePercent, reason: 'Filed again unchanged' };
    expect((await callAsStaff(t, agent, 'PUT', '/mileage/earn-rates/M', body)).status).toBe(403);
    expect((await callAsStaff(t, admin, 'PUT', '/mileage/earn-rates/9', body)).body.code).toBe('4143');
    // The same figure filed again: other tests share the table.
    const filed = envelope(ZAdminEarnRates).parse(
      (await callAsStaff(t, admin, 'PUT', '/mileage/earn-rates/M', body)).body,
    );
    expect(filed.data.list.find((r) => r.letter === 'M')!.earnRatePercent).toBe(m.earnRatePercent);
    const { rows } = await t.database.pool.query(
      `select before, after, reason from audit_log where action = 'mileage.earn_rate' and staff_id = $1`,
      [admin.staff.id],
    );
    expect(rows).toEqual([
      {
        before: { earnRatePercent: m.earnRatePercent },
        after: { earnRatePercent: m.earnRatePercent },
        reason: 'Filed again unchanged',
      },
    ]);
  });

  it('files the whole award chart (admin only), every zone and cabin exactly once (4144)', async () => {
    const chart = envelope(ZAdminAwardChart).parse(
      (await callAsStaff(t, auditor, 'GET', '/mileage/award-chart')).body,
    ).data;
    expect(chart.zones.map((z) => z.zone)).toEqual([1, 2, 3, 4]);
    expect(chart.rows).toHaveLength(8);
    const body = { rows: chart.rows, reason: 'Filed again unchanged' };
    expect((await callAsStaff(t, agent, 'PUT', '/mileage/award-chart', body)).status).toBe(403);
    const missing = await callAsStaff(t, admin, 'PUT', '/mileage/award-chart', {
      ...body,
      rows: chart.rows.slice(1),
    });
    expect(missing.body.code).toBe('4144');
    const twice = await callAsStaff(t, admin, 'PUT', '/mileage/award-chart', {
      ...body,
      rows: [...chart.rows, chart.rows[0]],
    });
    expect(twice.body.code).toBe('4144');
    const filed = envelope(ZAdminAwardChart).parse(
      (await callAsStaff(t, admin, 'PUT', '/mileage/award-chart', body)).body,
    );
    expect(filed.data.rows).toEqual(expect.arrayContaining(chart.rows));
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from audit_log where action = 'mileage.award_chart' and staff_id = $1`,
      [admin.staff.id],
    );
    expect(rows[0].n).toBe(1);
  });
});
