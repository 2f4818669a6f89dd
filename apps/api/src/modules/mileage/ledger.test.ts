import { randomUUID } from 'node:crypto';
import { HUB_TIME_ZONE, instantPlusMonths, localDate, milesExpireAt, toLocalIso } from '@wings/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownDatabase, type TestApp } from '../../../test/helpers';
import { AppError } from '../../platform/errors';
import { balances, type MileageServices, memberWithMiles, mileageServices } from './test-support';

/**
 * The ledger (issue 18; after-sales §1, §3): the balance is always the sum of the rows and never
 * below 0, whatever the sequence; concurrent debits never overspend; a freeze refuses debits;
 * expiry, notices and the tier review. A database of its own: the daily jobs read every member.
 */

const DAY = 86_400_000;
/** Members register on the real date (their sessions and the app's token follow it); tests move on from it. */
const base = new Date();
let clock = base;
let own: { url: string; drop(): Promise<void> };
let t: TestApp;
let m: MileageServices;

beforeAll(async () => {
  own = await ownDatabase();
  t = await createTestApp({ now: () => clock, databaseUrl: own.url });
  m = mileageServices(t);
});
afterAll(async () => {
  await t?.close();
  await own?.drop();
});

const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
};

/** A seeded PRNG (mulberry32): the same sequence every run. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the ledger', () => {
  it('keeps balance = sum of rows, never negative, over random credits, debits, failed redemptions and expiry', async () => {
    clock = base;
    const rand = prng(18);
    const me = await memberWithMiles(t, m.ledger, 0);
    let model = 0;
    let debitsRefused = 0;
    let expired = 0;
    const pending: number[] = [];
    for (let step = 0; step < 200; step++) {
      const r = rand();
      if (r < 0.35) {
        const miles = 1 + Math.floor(rand() * 2000);
        const w = await m.ledger.credit({
          memberId: me.memberId,
          kind: rand() < 0.5 ? 'flight' : 'adjustment',
          miles,
          sourceKey: `adjust:${randomUUID()}`,
          occurredAt: clock,
          actor: 'system',
        });
        expect(w.inserted).toBe(true);
        model += miles;
      } else if (r < 0.65) {
        const miles = 1 + Math.floor(rand() * 3000);
        const processing = rand() < 0.4;
        const result = await code(
          m.ledger
            .debit({
              memberId: me.memberId,
              kind: processing ? 'redemption' : 'adjustment',
              miles,
              sourceKey: `redeem:${randomUUID()}`,
              status: processing ? 2 : 0,
              occurredAt: clock,
              actor: 'member',
            })
            .then((w) => {
              if (processing) pending.push(w.id);
            }),
        );
        if (miles <= model) {
          expect(result).toBe('ok');
          model -= miles;
        } else {
          expect(result).toBe('861');
          debitsRefused++;
        }
      } else if (r < 0.8 && pending.length > 0) {
        const id = pending.splice(Math.floor(rand() * pending.length), 1)[0]!;
        const fail = rand() < 0.6;
        const { rows } = await t.database.pool.query('select miles from mileage_ledger where id = $1', [id]);
        await m.ledger.settle(id, fail ? 'failure' : 'success');
        if (fail) model -= rows[0].miles;
        // Settling again changes nothing.
        await m.ledger.settle(id, 'failure');
      } else {
        clock = new Date(clock.getTime() + Math.floor(rand() * 400) * DAY);
        const before = (await balances(t, me.memberId)).balance;
        await m.ledger.expireDue();
        const after = (await balances(t, me.memberId)).balance;
        expired += before - after;
        model = after;
      }
      const b = await balances(t, me.memberId);
      expect(b.balance).toBe(b.sum);
      expect(b.balance).toBeGreaterThanOrEqual(0);
      expect(b.balance).toBe(model);
    }
    // The walk exercised every branch.
    expect(debitsRefused).toBeGreaterThan(0);
    expect(expired).toBeGreaterThan(0);
    // A rerun of the expiry writes nothing more.
    const rows = await t.database.pool.query(
      'select count(*)::int as n from mileage_ledger where member_id = $1',
      [me.memberId],
    );
    await m.ledger.expireDue();
    const again = await t.database.pool.query(
      'select count(*)::int as n from mileage_ledger where member_id = $1',
      [me.memberId],
    );
    expect(again.rows[0].n).toBe(rows.rows[0].n);
  }, 120_000);

  it('writes a credit once per source key', async () => {
    clock = base;
    const me = await memberWithMiles(t, m.ledger, 0);
    const entry = {
      memberId: me.memberId,
      kind: 'claim' as const,
      miles: 700,
      sourceKey: `coupon:${randomUUID()}`,
      occurredAt: clock,
      actor: 'staff:x',
    };
    const first = await m.ledger.credit(entry);
    const second = await m.ledger.credit({ ...entry, miles: 900 });
    expect(first.inserted).toBe(true);
    expect(second).toEqual({ id: first.id, inserted: false, miles: 700 });
    expect(await balances(t, me.memberId)).toEqual({ balance: 700, sum: 700 });
  });

  it('lets exactly 3 of 100 concurrent debits through a balance that pays for 3 (861 for the rest)', async () => {
    clock = base;
    const me = await memberWithMiles(t, m.ledger, 3_500);
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        code(
          m.ledger.debit({
            memberId: me.memberId,
            kind: 'redemption',
            miles: 1_000,
            sourceKey: `redeem:${randomUUID()}`,
            occurredAt: clock,
            actor: 'member',
          }),
        ),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(3);
    expect(results.filter((r) => r === '861')).toHaveLength(97);
    expect(await balances(t, me.memberId)).toEqual({ balance: 500, sum: 500 });
  }, 60_000);

  it('refuses debits while frozen (860), unless staff correct; unfrozen they pass again', async () => {
    clock = base;
    const me = await memberWithMiles(t, m.ledger, 5_000);
    const staff = randomUUID();
    const debit = (evenIfFrozen = false) =>
      code(
        m.ledger.debit({
          memberId: me.memberId,
          kind: 'adjustment',
          miles: 100,
          sourceKey: `adjust:${randomUUID()}`,
          occurredAt: clock,
          actor: `staff:${staff}`,
          evenIfFrozen,
        }),
      );
    await m.ledger.freeze(me.memberId, 'suspected fraud', staff);
    expect(await code(m.ledger.freeze(me.memberId, 'again', staff))).toBe('4142');
    expect(await debit()).toBe('860');
    expect(await debit(true)).toBe('ok');
    expect((await m.ledger.freezeInfo(me.memberId)).reason).toBe('suspected fraud');
    expect((await m.ledger.summary(me.memberId)).frozen).toBe(true);
    await m.ledger.unfreeze(me.memberId, 'cleared', staff);
    expect(await code(m.ledger.unfreeze(me.memberId, 'cleared', staff))).toBe('4142');
    expect(await code(m.ledger.freezeInfo(me.memberId))).toBe('865');
    expect(await debit()).toBe('ok');
    expect(await balances(t, me.memberId)).toEqual({ balance: 4_800, sum: 4_800 });
  });

  it('raises the tier at once when a credit qualifies, and the review keeps it 12 months', async () => {
    clock = base;
    const me = await memberWithMiles(t, m.ledger, 0);
    await m.ledger.credit({
      memberId: me.memberId,
      kind: 'flight',
      miles: 10_000,
      eliteMiles: 10_000,
      eliteSegments: 1,
      sourceKey: `coupon:${randomUUID()}`,
      occurredAt: clock,
      actor: 'system',
    });
    expect((await t.app.loyalty.mileageMember(me.memberId))?.level).toBe(1);
    const s = await m.ledger.summary(me.memberId);
    expect(s).toMatchObject({ level: 1, eliteMileage: 10_000, eliteSegments: 1, balance: 10_000 });
    expect(s.next).toEqual({ level: 2, eliteMiles: 15_000, eliteSegments: 39 });
    // 11 months on the figures have not rolled off; 13 months on they have, and the tier was held 12.
    clock = instantPlusMonths(base, 11);
    await m.ledger.reviewTiers();
    expect((await t.app.loyalty.mileageMember(me.memberId))?.level).toBe(1);
    clock = instantPlusMonths(base, 13);
    expect(await m.ledger.reviewTiers()).toBeGreaterThanOrEqual(1);
    expect((await t.app.loyalty.mileageMember(me.memberId))?.level).toBe(0);
  });

  it('mails once, in the contact language, when miles expire within 30 days', async () => {
    clock = base;
    const me = await memberWithMiles(t, m.ledger, 1_234);
    // Earned this month (hub time): they expire at the start of the 37th month on.
    const expiresAt = milesExpireAt(localDate(base, HUB_TIME_ZONE), HUB_TIME_ZONE);
    clock = new Date(expiresAt.getTime() - 40 * DAY);
    expect(await m.ledger.notifyExpiring()).toBe(0);
    clock = new Date(expiresAt.getTime() - 10 * DAY);
    const s = await m.ledger.summary(me.memberId);
    expect(s).toMatchObject({ expiring: 1_234, expiringAt: toLocalIso(expiresAt, HUB_TIME_ZONE) });
    expect(await m.ledger.notifyExpiring()).toBeGreaterThanOrEqual(1);
    const mails = async () =>
      (
        await t.database.pool.query<{ text_body: string }>(
          'select text_body from mail_outbox where to_address = $1',
          [me.email.toLowerCase()],
        )
      ).rows.filter((r) => r.text_body.includes('1,234'));
    expect(await mails()).toHaveLength(1);
    expect((await mails())[0]!.text_body).toContain(
      localDate(new Date(expiresAt.getTime() - 1), HUB_TIME_ZONE),
    );
    await m.ledger.notifyExpiring();
    expect(await mails()).toHaveLength(1);
    clock = expiresAt;
    await m.ledger.expireDue();
    expect(await balances(t, me.memberId)).toEqual({ balance: 0, sum: 0 });
    const list = await m.ledger.transactions(me.memberId, { tradingType: 2, page: 1, pageSize: 20 });
    expect(list.list.map((r) => [r.kind, r.miles])).toEqual([['expiry', -1_234]]);
  });
});
