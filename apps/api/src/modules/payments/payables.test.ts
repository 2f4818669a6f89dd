import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Tx } from '../../platform/db';
import { createPayable, type NewPayable } from './index';

/** Rolls the test's writes back: thrown at the end of a transaction that only checked them. */
class Rollback extends Error {}

describe('creating a payable (issue 11)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function aPayable(lines: NewPayable['lines']): NewPayable {
    const now = new Date();
    return {
      kind: 'order',
      reference: `T${randomUUID().slice(0, 12)}`,
      ownerUserId: null,
      amount: lines.reduce((sum, l) => sum + l.amount, 0),
      currency: 'USD',
      lines,
      dueAt: new Date(now.getTime() + 20 * 60_000),
      contact: {
        name: 'Sok Dara',
        email: 'dara@example.com',
        phone: '85512345678',
        language: 1,
        surnames: ['SOK'],
      },
      now,
    };
  }

  /** Runs `fn` with the transaction seen through a counter of its statements, then rolls it back. */
  async function counted(fn: (tx: Tx, statements: () => number) => Promise<void>): Promise<void> {
    await expect(
      t.database.db.transaction(async (tx) => {
        let n = 0;
        const counting = new Proxy(tx, {
          get(target, prop, receiver) {
            if (prop === 'execute') {
              return (query: Parameters<Tx['execute']>[0]) => {
                n++;
                return target.execute(query);
              };
            }
            return Reflect.get(target, prop, receiver);
          },
        });
        await fn(counting, () => n);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
  }

  it('writes the payable and its lines in one statement', async () => {
    await counted(async (tx, statements) => {
      const p = aPayable([
        { kind: 'fare', code: 'M', passengerRef: 'p1', segmentRef: 's1', amount: 12_000 },
        { kind: 'tax', code: 'YQ', passengerRef: 'p1', segmentRef: 's1', amount: 2_500 },
        { kind: 'discount', code: 'PROMO', amount: -1_000 },
      ]);
      const id = await createPayable(tx, p);
      expect(statements()).toBe(1);
      const { rows: payable } = await tx.execute<{ reference: string; amount: number; status: string }>(
        sql`select reference, amount, status from payables where id = ${id}`,
      );
      expect(payable).toEqual([{ reference: p.reference, amount: 13_500, status: 'open' }]);
      const { rows: lines } = await tx.execute(
        sql`select kind, code, passenger_ref, segment_ref, amount from payable_lines
             where payable_id = ${id} order by amount desc`,
      );
      expect(lines).toEqual([
        { kind: 'fare', code: 'M', passenger_ref: 'p1', segment_ref: 's1', amount: 12_000 },
        { kind: 'tax', code: 'YQ', passenger_ref: 'p1', segment_ref: 's1', amount: 2_500 },
        { kind: 'discount', code: 'PROMO', passenger_ref: null, segment_ref: null, amount: -1_000 },
      ]);
    });
  });

  it('writes a payable without lines alone', async () => {
    await counted(async (tx, statements) => {
      const id = await createPayable(tx, { ...aPayable([]), amount: 500 });
      expect(statements()).toBe(1);
      const { rows } = await tx.execute(
        sql`select count(*)::int as n from payable_lines where payable_id = ${id}`,
      );
      expect(rows).toEqual([{ n: 0 }]);
    });
  });
});
