import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../test/helpers';
import { memberClient, registerApprovedMember } from '../../../test/support/members';
import type { Platform } from '../../platform/module';
import { AccrualSweep } from './accrual';
import { Calculators } from './calculators';
import { LedgerService } from './ledger.service';
import type { MileageContext } from './mileage-context';

/**
 * Test support of the mileage module (issue 18): the module's services built over a test app (the
 * same database, clock, mailer and members the app's own use), an approved member holding miles,
 * and a coupon flown as the departure close leaves it.
 */

/** The member layer's builders, for this module's tests. */
export { memberClient, registerApprovedMember };

export interface MileageServices {
  ctx: MileageContext;
  ledger: LedgerService;
  accrual: AccrualSweep;
  calculators: Calculators;
}

/** The mileage services over a test app; `now` defaults to the app's clock. */
export function mileageServices(t: TestApp, now: () => Date = t.now ?? (() => new Date())): MileageServices {
  // Only what the mileage services read of the platform: the database, clock, mailer and log.
  const platform = { db: t.database.db, now, mailer: t.app.mailer, log: t.app.log } as unknown as Platform;
  const ctx: MileageContext = { platform, members: t.app.loyalty, network: t.app.network };
  const ledger = new LedgerService(ctx);
  return { ctx, ledger, accrual: new AccrualSweep(ctx, ledger), calculators: new Calculators(ctx) };
}

/** An approved member (signed in) credited `miles` by a staff adjustment at `at` (the clock's now by default). */
export async function memberWithMiles(
  t: TestApp,
  ledger: LedgerService,
  miles: number,
  at: Date = t.now?.() ?? new Date(),
): Promise<Awaited<ReturnType<typeof registerApprovedMember>>> {
  const member = await registerApprovedMember(t);
  if (miles > 0)
    await ledger.credit({
      memberId: member.memberId,
      kind: 'adjustment',
      miles,
      sourceKey: `adjust:${randomUUID()}`,
      occurredAt: at,
      actor: 'system',
      reason: 'test set-up',
    });
  return member;
}

/**
 * Checks in one passenger of an order on a flight, as the check-in call leaves the coupon (the
 * check-in tests prove the call); the departure close then makes it flown.
 */
export async function checkInCoupon(t: TestApp, orderId: string, passengerSeq: number): Promise<void> {
  const r = await t.database.pool.query(
    `update ticket_coupons c set checked_in_at = $3
       from tickets t join order_passengers p on p.id = t.passenger_id
      where t.id = c.ticket_id and t.order_id = $1 and p.seq = $2`,
    [orderId, passengerSeq, t.now?.() ?? new Date()],
  );
  if (r.rowCount === 0) throw new Error('no coupon of that passenger');
}

/** Puts a member's card number on an order's passenger (what booking stores for the account's member). */
export async function flyAsMember(
  t: TestApp,
  orderId: string,
  passengerSeq: number,
  cardNo: string,
): Promise<void> {
  await t.database.pool.query(
    'update order_passengers set member_card_no = $3 where order_id = $1 and seq = $2',
    [orderId, passengerSeq, cardNo],
  );
}

/** The member's balance as the account keeps it, and the sum of the ledger. */
export async function balances(t: TestApp, memberId: string): Promise<{ balance: number; sum: number }> {
  const { rows } = await t.database.pool.query<{ balance: number | null; sum: number }>(
    `select (select balance from mileage_accounts where member_id = $1) as balance,
            (select coalesce(sum(miles), 0)::int from mileage_ledger where member_id = $1) as sum`,
    [memberId],
  );
  return { balance: rows[0]?.balance ?? 0, sum: rows[0]?.sum ?? 0 };
}
