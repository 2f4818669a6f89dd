import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight, payOrder } from '../../../test/scenarios';
import { contact, offerFor, party } from '../../../test/support/booking';
import { client, registerUser } from '../../../test/support/clients';
import { createInsuranceRepository } from './insurance.repository';
import { createInsuranceService, INSURANCE_PURCHASE_ATTEMPTS_MAX } from './insurance.service';
import type { InsuranceProvider, PolicyPurchase, PolicyResult } from './insurance-provider';

/*
 * Buying a paid order's policy when the insurer misbehaves (issue 14): an insurer that cannot
 * be reached leaves the policy pending with its attempt counted (the job retries), the last try
 * gives it up as failed; an insurer that answers "pending" keeps it pending; the sweep buys
 * policies whose job was lost; no insurer at all fails the policy rather than the payment.
 */

let t: TestApp;
let clock = new Date();

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

/** A paid one-adult order with a Basic policy pending; its policy id. */
async function pendingPolicy(): Promise<string> {
  const member = client(t);
  await registerUser(t, member);
  const f = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
  const offerId = await offerFor(member, [1, 0, 0], [{ flightId: f.flightId, bookingClass: 'M' }]);
  const saved = await member.post('/travelsky/ibe/saveTicketOrder', {
    offerId,
    passengers: party([1, 0, 0], f.depLocalDate),
    contact,
    idempotencyKey: randomUUID(),
    acceptTerms: true,
    services: [
      {
        insurance: {
          insuranceType: 'BASIC',
          nationality: 'KH',
          region: 'Siem Reap',
          city: 'Siem Reap',
          address: 'Sivatha Road 7',
          postalCode: '17252',
          name: 'Chan Sophea',
          relationship: 'spouse',
          credentialsType: 0,
          credentialsId: '010203040',
          countryCode: '855',
          contactNumber: '98765432',
        },
      },
    ],
  });
  expect(saved.body.code, JSON.stringify(saved.body)).toBe('0');
  await payOrder(t, { orderNo: saved.body.data.orderNo });
  const { rows } = await t.database.pool.query(
    "select p.id from insurance_policies p join orders o on o.id = p.order_id where o.order_no = $1 and p.status = 'pending'",
    [saved.body.data.orderNo],
  );
  expect(rows).toHaveLength(1);
  return rows[0].id as string;
}

/** An insurer whose purchases do what `buy` says (plans and quotes are not asked here). */
function insurer(buy: (purchase: PolicyPurchase) => Promise<PolicyResult>): InsuranceProvider {
  return {
    name: 'test',
    plans: async () => [],
    quote: async () => null,
    buy,
    status: async () => null,
    policyPageUrl: (no) => `https://insurer.test/policies/${no}`,
  };
}

function service(provider: InsuranceProvider | null) {
  return createInsuranceService({
    repo: createInsuranceRepository(t.database.db),
    provider,
    now: () => clock,
    offers: { offerTrip: () => Promise.reject(new Error('no offers here')) },
  });
}

async function row(id: string) {
  const { rows } = await t.database.pool.query(
    'select status, attempts, last_error, policy_no from insurance_policies where id = $1',
    [id],
  );
  return rows[0] as { status: string; attempts: number; last_error: string | null; policy_no: string | null };
}

describe('the policy purchase', () => {
  it('an unreachable insurer: the try is counted and thrown (the job retries); the last try fails the policy', async () => {
    const id = await pendingPolicy();
    const down = service(insurer(() => Promise.reject(new Error('connect ECONNREFUSED insurer'))));
    await expect(down.issue(id)).rejects.toThrow('ECONNREFUSED');
    expect(await row(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'connect ECONNREFUSED insurer',
    });

    await t.database.pool.query('update insurance_policies set attempts = $2 where id = $1', [
      id,
      INSURANCE_PURCHASE_ATTEMPTS_MAX - 1,
    ]);
    const last = await down.issue(id);
    expect(last).toMatchObject({ status: 'failed', attempts: INSURANCE_PURCHASE_ATTEMPTS_MAX });
    // A failed policy is not bought again by a late retry.
    const up = service(insurer(async () => ({ status: 'issued', policyNo: 'X1' })));
    expect(await up.issue(id)).toMatchObject({ status: 'failed', policyNo: null });
  });

  it('an insurer answering "pending" keeps it pending; the sweep buys what is left once it answers', async () => {
    const id = await pendingPolicy();
    const slow = service(insurer(async () => ({ status: 'pending', policyNo: null })));
    expect(await slow.issue(id)).toMatchObject({ status: 'pending' });

    const bought: string[] = [];
    const up = service(
      insurer(async (purchase) => {
        bought.push(purchase.reference);
        return { status: 'issued' as const, policyNo: `INS-${purchase.reference.slice(-6)}` };
      }),
    );
    // Too young for the sweep (its job may still run): left alone. (Other tests' policies in
    // this database may be swept too: only this policy is asserted on.)
    await up.purchasePending();
    expect(await row(id)).toMatchObject({ status: 'pending' });
    clock = new Date(Date.now() + 6 * 60_000);
    await up.purchasePending();
    const issued = await row(id);
    expect(issued.status).toBe('issued');
    expect(issued.policy_no).toMatch(/^INS-/);
    // Swept again: nothing more is bought for it.
    await up.purchasePending();
    expect(bought.filter((ref) => ref === `ins_${id}`)).toHaveLength(1);
    clock = new Date();
  });

  it('no insurer configured any more: the policy fails (staff refund it), the payment stood', async () => {
    const id = await pendingPolicy();
    expect(await service(null).issue(id)).toMatchObject({
      status: 'failed',
      lastError: 'no insurer configured',
    });
  });
});
