import { randomUUID } from 'node:crypto';
import {
  memberEnvelope,
  ZBillCycleList,
  ZFreezeInfo,
  ZMileageBill,
  ZMileageSummary,
  ZMileageTransactionPage,
} from '@wings/contracts';
import {
  addMonthsToMonth,
  HUB_TIME_ZONE,
  localDate,
  monthOf,
  monthStart,
  zonedTimeToUtc,
} from '@wings/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { AppError } from '../../platform/errors';
import { type MileageServices, memberClient, memberWithMiles, mileageServices } from './test-support';

/**
 * The member's mileage calls under /api/fqt (issue 18): each needs a member session (CAF9999
 * without); the summary, the ledger by trading type, the member home's figures, the bills (the
 * previous month's after the 5th) and the freeze.
 */

const base = new Date();
let clock = base;
let t: TestApp;
let m: MileageServices;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  m = mileageServices(t);
});
afterAll(() => t.close());

const SIGNED_IN_CALLS: [string, unknown][] = [
  ['/consumer/mileage/queryMileageInfo', undefined],
  ['/consumer/mileage/queryTransactionList', {}],
  ['/consumer/mileage/queryBillList', undefined],
  ['/consumer/mileage/queryBillDetail', { cycle: '2026-01' }],
  ['/consumer/mileage/queryFreezeInfo', undefined],
];

describe("the member's mileage calls", () => {
  it.each(SIGNED_IN_CALLS)('%s answers CAF9999 without a member session', async (url, body) => {
    const r = await memberClient(t).post(url, body);
    expect(r.body.status).toBe('CAF9999');
  });

  it('shows the balance, the ledger by trading type, and the member home', async () => {
    clock = base;
    const me = await memberWithMiles(t, m.ledger, 5_000);
    await m.ledger.debit({
      memberId: me.memberId,
      kind: 'adjustment',
      miles: 1_200,
      sourceKey: `adjust:${randomUUID()}`,
      occurredAt: new Date(base.getTime() + 1000),
      actor: 'staff:test',
      reason: 'duplicate credit',
    });
    const c = memberClient(t, { vipToken: me.vipToken });

    const info = await c.post('/consumer/mileage/queryMileageInfo');
    expect(info.body.status, JSON.stringify(info.body)).toBe('200');
    const summary = memberEnvelope(ZMileageSummary).parse(info.body).data;
    expect(summary).toMatchObject({ balance: 3_800, level: 0, frozen: false, eliteMileage: 0 });
    expect(summary.expiring).toBe(3_800);
    expect(summary.next).toEqual({ level: 1, eliteMiles: 10_000, eliteSegments: 20 });

    const all = memberEnvelope(ZMileageTransactionPage).parse(
      (await c.post('/consumer/mileage/queryTransactionList', {})).body,
    ).data;
    expect(all.total).toBe(2);
    expect(all.list.map((r) => [r.tradingType, r.miles, r.note])).toEqual([
      [1, -1_200, 'duplicate credit'],
      [0, 5_000, 'test set-up'],
    ]);
    expect(all.list[0]!.occurredAt).toMatch(/\+07:00$/);
    const consumed = memberEnvelope(ZMileageTransactionPage).parse(
      (await c.post('/consumer/mileage/queryTransactionList', { tradingType: 1, page: 1, pageSize: 5 })).body,
    ).data;
    expect(consumed.list.map((r) => r.miles)).toEqual([-1_200]);

    const home = await c.post('/consumer/home/queryUserInfo');
    expect(home.body.status).toBe('200');
    expect(home.body.data.mileage).toMatchObject({ balance: 3_800, frozen: false });
  });

  it('lists the bill cycles and reads a month; 873 for one not available', async () => {
    clock = base;
    const me = await memberWithMiles(t, m.ledger, 0);
    const c = memberClient(t, { vipToken: me.vipToken });
    const list = memberEnvelope(ZBillCycleList).parse((await c.post('/consumer/mileage/queryBillList')).body)
      .data.list;
    const thisMonth = monthOf(localDate(base, HUB_TIME_ZONE));
    expect(list).not.toContain(thisMonth);
    expect(list).toContain(addMonthsToMonth(thisMonth, -2));
    const old = addMonthsToMonth(thisMonth, -2);
    const read = await c.post('/consumer/mileage/queryBillDetail', { cycle: old });
    expect(read.body.status, JSON.stringify(read.body)).toBe('200');
    expect(memberEnvelope(ZMileageBill).parse(read.body).data).toMatchObject({
      cycle: old,
      openingBalance: 0,
    });
    expect((await c.post('/consumer/mileage/queryBillDetail', { cycle: thisMonth })).body.status).toBe('873');
    expect(
      (await c.post('/consumer/mileage/queryBillDetail', { cycle: addMonthsToMonth(thisMonth, -13) })).body
        .status,
    ).toBe('873');
  });

  it("makes last month's bill available after the 5th, with its opening and closing balance", async () => {
    clock = base;
    const cycle = monthOf(localDate(base, HUB_TIME_ZONE));
    const start = monthStart(cycle, HUB_TIME_ZONE);
    const me = await memberWithMiles(t, m.ledger, 2_000, new Date(start.getTime() - 3_600_000));
    const credit = (miles: number, at: Date) =>
      m.ledger.credit({
        memberId: me.memberId,
        kind: 'adjustment',
        miles,
        sourceKey: `adjust:${randomUUID()}`,
        occurredAt: at,
        actor: 'staff:test',
      });
    await credit(700, start);
    await m.ledger.debit({
      memberId: me.memberId,
      kind: 'redemption',
      miles: 500,
      sourceKey: `redeem:${randomUUID()}`,
      occurredAt: new Date(start.getTime() + 86_400_000),
      actor: 'member',
    });
    // Next month's first instant belongs to the next bill.
    const next = addMonthsToMonth(cycle, 1);
    await credit(50, monthStart(next, HUB_TIME_ZONE));

    const code = async (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (err: unknown) => (err instanceof AppError ? err.code : Promise.reject(err)),
      );
    clock = zonedTimeToUtc(`${next}-05`, '23:59', HUB_TIME_ZONE);
    expect(await code(m.ledger.bill(me.memberId, cycle))).toBe('873');
    expect(await m.ledger.billCycles(me.memberId)).not.toContain(cycle);
    clock = zonedTimeToUtc(`${next}-06`, '00:00', HUB_TIME_ZONE);
    expect((await m.ledger.billCycles(me.memberId))[0]).toBe(cycle);
    const bill = await m.ledger.bill(me.memberId, cycle);
    expect(bill).toMatchObject({
      cycle,
      from: `${cycle}-01`,
      openingBalance: 2_000,
      earned: 700,
      spent: 500,
      expired: 0,
      closingBalance: 2_200,
    });
    expect(bill.transactions.map((r) => r.miles)).toEqual([700, -500]);
  });

  it('answers why the miles are frozen, 865 when they are not', async () => {
    clock = base;
    const me = await memberWithMiles(t, m.ledger, 100);
    const c = memberClient(t, { vipToken: me.vipToken });
    expect((await c.post('/consumer/mileage/queryFreezeInfo')).body.status).toBe('865');
    await m.ledger.freeze(me.memberId, 'under review', randomUUID());
    const r = await c.post('/consumer/mileage/queryFreezeInfo');
    expect(r.body.status).toBe('200');
    expect(memberEnvelope(ZFreezeInfo).parse(r.body).data.reason).toBe('under review');
    expect((await c.post('/consumer/mileage/queryMileageInfo')).body.data.frozen).toBe(true);
  });
});
